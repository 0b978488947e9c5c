def sqrt(x, epsilon=1e-9):
    guess = x / 2 or 1.0
    while abs(x - guess) > epsilon:
        guess = (guess + x / guess) / 2
    return guess


assert abs(sqrt(4) - 2) < 1e-6
assert abs(sqrt(2) - 1.41421356) < 1e-6
assert abs(sqrt(100) - 10) < 1e-6
