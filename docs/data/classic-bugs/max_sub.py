def max_sublist_sum(numbers):
    best = 0
    current = 0
    for x in numbers:
        current = current + x
        best = max(best, current)
    return best


assert max_sublist_sum([4, -5, 2, 1, -1, 3]) == 5
assert max_sublist_sum([-1, -2]) == 0
assert max_sublist_sum([1, 2, 3]) == 6
assert max_sublist_sum([3, -10, 4]) == 4
