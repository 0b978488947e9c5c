for n in range(0, 500):
    for base in (2, 3, 8, 16, 36):
        assert int(to_base(n, base), base) == n, (n, base)
assert to_base(35, 36) == "Z"
