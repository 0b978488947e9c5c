def index_of(items, target):
    """Return the index of target in the sorted list items, or -1."""
    lo, hi = 0, len(items) - 1
    while lo < hi:
        mid = (lo + hi) // 2
        if items[mid] == target:
            return mid
        if items[mid] < target:
            lo = mid + 1
        else:
            hi = mid - 1
    return -1


assert index_of([1, 3, 5, 7, 9], 7) == 3
assert index_of([1, 3, 5, 7, 9], 1) == 0
assert index_of([1, 3, 5, 7, 9], 9) == 4
assert index_of([1, 3, 5, 7, 9], 4) == -1
assert index_of([], 4) == -1
