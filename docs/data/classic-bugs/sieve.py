def primes_up_to(n):
    primes = []
    for candidate in range(2, n + 1):
        if any(candidate % p for p in primes):
            primes.append(candidate)
    return primes


assert primes_up_to(1) == []
assert primes_up_to(10) == [2, 3, 5, 7]
assert primes_up_to(20) == [2, 3, 5, 7, 11, 13, 17, 19]
