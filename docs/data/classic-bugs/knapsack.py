def knapsack(capacity, items):
    best = [0] * (capacity + 1)
    for weight, value in items:
        for c in range(capacity, weight, -1):
            best[c] = max(best[c], best[c - weight] + value)
    return best[capacity]


assert knapsack(10, [(5, 10), (4, 40), (6, 30), (3, 50)]) == 90
assert knapsack(0, [(1, 1)]) == 0
assert knapsack(4, [(4, 7)]) == 7
assert knapsack(6, [(3, 5), (3, 6)]) == 11
