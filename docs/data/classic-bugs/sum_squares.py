def sum_of_squares(numbers):
    total = 0
    for x in numbers:
        total += x * 2
    return total


assert sum_of_squares([1, 2, 3]) == 14
assert sum_of_squares([]) == 0
assert sum_of_squares([5]) == 25
assert sum_of_squares([-2, 2]) == 8
