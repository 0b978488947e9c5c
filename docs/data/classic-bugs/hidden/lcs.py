from functools import lru_cache
import random
def ref(a, b):
    @lru_cache(None)
    def f(i, j):
        if i == len(a) or j == len(b): return 0
        if a[i] == b[j]: return 1 + f(i + 1, j + 1)
        return max(f(i + 1, j), f(i, j + 1))
    return f(0, 0)
rng = random.Random(6)
for _ in range(200):
    a = "".join(rng.choice("abc") for _ in range(rng.randint(0, 6)))
    b = "".join(rng.choice("abc") for _ in range(rng.randint(0, 6)))
    assert lcs_length(a, b) == ref(a, b), (a, b)
