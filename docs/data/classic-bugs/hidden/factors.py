def ref(n):
    out, d = [], 2
    while n > 1:
        while n % d == 0:
            out.append(d)
            n //= d
        d += 1
    return out
for n in range(1, 300):
    assert prime_factors(n) == ref(n), n
