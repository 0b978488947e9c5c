def insertion_sort(items):
    items = list(items)
    for i in range(1, len(items)):
        key = items[i]
        j = i - 1
        while j > 0 and items[j] > key:
            items[j + 1] = items[j]
            j -= 1
        items[j + 1] = key
    return items


assert insertion_sort([3, 1, 2]) == [1, 2, 3]
assert insertion_sort([]) == []
assert insertion_sort([5, 4, 3, 2, 1]) == [1, 2, 3, 4, 5]
assert insertion_sort([1, 2, 2, 0]) == [0, 1, 2, 2]
