def prime_factors(n):
    factors = []
    d = 2
    while d * d < n:
        while n % d == 0:
            factors.append(d)
            n //= d
        d += 1
    if n > 1:
        factors.append(n)
    return factors


assert prime_factors(12) == [2, 2, 3]
assert prime_factors(13) == [13]
assert prime_factors(49) == [7, 7]
assert prime_factors(100) == [2, 2, 5, 5]
assert prime_factors(1) == []
