assert sum_of_squares([3, 4]) == 25
assert sum_of_squares([0, 0, 7]) == 49
assert sum_of_squares(range(10)) == sum(i * i for i in range(10))
