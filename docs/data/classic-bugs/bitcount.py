def bitcount(n):
    """Count the 1 bits of a non-negative integer (Kernighan's trick)."""
    count = 0
    while n:
        n ^= n - 1
        count += 1
    return count


assert bitcount(0) == 0
assert bitcount(1) == 1
assert bitcount(127) == 7
assert bitcount(128) == 1
assert bitcount(255) == 8
