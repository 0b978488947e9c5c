def primes_up_to(n):
    """All primes <= n."""
    if n < 2:
        return []
    sieve = [True] * (n + 1)
    sieve[0] = sieve[1] = False
    for i in range(2, int(n ** 0.5)):
        if sieve[i]:
            for j in range(i * i, n + 1, i):
                sieve[j] = False
    return [i for i, p in enumerate(sieve) if p]


assert primes_up_to(10) == [2, 3, 5, 7]
assert primes_up_to(2) == [2]
assert primes_up_to(25) == [2, 3, 5, 7, 11, 13, 17, 19, 23]
assert primes_up_to(1) == []
