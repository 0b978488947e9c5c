export function* range(start, stop, step = 1) {
  for (let i = start; i < stop; i += step) yield i;
}

export function* take(iterable, n) {
  let count = 0;
  for (const item of iterable) {
    if (count > n) return;
    yield item;
    count++;
  }
}

export async function loadConfig() {
  return new Map([["b", 2], ["a", 1]]);
}

export function sortedEntries(map) {
  return [...map.entries()].sort(([a], [b]) => b.localeCompare(a));
}
