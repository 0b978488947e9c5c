def ref(a, b):
    if not a: return len(b)
    if not b: return len(a)
    return min(ref(a[1:], b) + 1, ref(a, b[1:]) + 1, ref(a[1:], b[1:]) + (a[0] != b[0]))
import random
rng = random.Random(3)
for _ in range(150):
    a = "".join(rng.choice("abc") for _ in range(rng.randint(0, 5)))
    b = "".join(rng.choice("abc") for _ in range(rng.randint(0, 5)))
    assert levenshtein(a, b) == ref(a, b), (a, b)
