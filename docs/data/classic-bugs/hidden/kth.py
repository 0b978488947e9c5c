import random
rng = random.Random(4)
for _ in range(300):
    xs = [rng.randint(0, 9) for _ in range(rng.randint(1, 8))]
    k = rng.randrange(len(xs))
    assert kth_smallest(xs, k) == sorted(xs)[k], (xs, k)
