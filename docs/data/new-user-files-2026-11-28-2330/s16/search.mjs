// Sorted-array helpers used by the leaderboard.

/** Index of `target` in ascending `arr`, or -1. */
export function binarySearch(arr, target, compare = (a, b) => a - b) {
  let lo = 0;
  let hi = arr.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const c = compare(arr[mid], target);
    if (c === 0) return mid;
    if (c < 0) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** First index whose value is >= target (insertion point). */
export function lowerBound(arr, target, compare = (a, b) => a - b) {
  let lo = 0;
  let hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(arr[mid], target) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Insert keeping the array sorted; returns the index used. */
export function insertSorted(arr, value, compare) {
  const i = lowerBound(arr, value, compare);
  arr.splice(i, 0, value);
  return i;
}
