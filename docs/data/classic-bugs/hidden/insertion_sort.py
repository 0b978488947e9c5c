import random
rng = random.Random(1)
for _ in range(200):
    xs = [rng.randint(-5, 5) for _ in range(rng.randint(0, 8))]
    assert insertion_sort(xs) == sorted(xs), xs
