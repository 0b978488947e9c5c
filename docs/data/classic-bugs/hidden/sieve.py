for n in range(0, 200):
    assert primes_up_to(n) == [p for p in range(2, n + 1) if all(p % d for d in range(2, p))], n
