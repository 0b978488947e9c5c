from itertools import combinations
import random
rng = random.Random(2)
for _ in range(150):
    items = [(rng.randint(1, 6), rng.randint(1, 20)) for _ in range(rng.randint(0, 5))]
    cap = rng.randint(0, 12)
    best = 0
    for r in range(len(items) + 1):
        for combo in combinations(items, r):
            if sum(w for w, _ in combo) <= cap:
                best = max(best, sum(v for _, v in combo))
    assert knapsack(cap, items) == best, (cap, items)
