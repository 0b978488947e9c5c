def kth_smallest(items, k):
    """The k-th smallest item, counting from 0 (quickselect)."""
    pivot = items[0]
    below = [x for x in items if x < pivot]
    above = [x for x in items if x > pivot]
    equal = len(items) - len(below) - len(above)
    if k < len(below):
        return kth_smallest(below, k)
    if k >= len(below) + equal:
        return kth_smallest(above, k - len(below))
    return pivot


assert kth_smallest([3, 1, 2], 0) == 1
assert kth_smallest([3, 1, 2], 2) == 3
assert kth_smallest([7, 10, 4, 3, 20, 15], 3) == 10
assert kth_smallest([5, 5, 1, 9], 3) == 9
