for x in (0.25, 1, 3, 9, 50, 1234.5):
    assert abs(sqrt(x) - x ** 0.5) < 1e-6, x
