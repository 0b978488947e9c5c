def gcd(a, b):
    if b == 0:
        return a
    return gcd(a % b, b)


assert gcd(12, 8) == 4
assert gcd(17, 5) == 1
assert gcd(100, 75) == 25
assert gcd(7, 0) == 7
