import random
rng = random.Random(5)
for _ in range(300):
    xs = [rng.randint(-9, 9) for _ in range(rng.randint(0, 8))]
    best = max([0] + [sum(xs[i:j]) for i in range(len(xs)) for j in range(i + 1, len(xs) + 1)])
    assert max_sublist_sum(xs) == best, xs
