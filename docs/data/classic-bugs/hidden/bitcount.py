for n in range(0, 600):
    assert bitcount(n) == bin(n).count("1"), n
