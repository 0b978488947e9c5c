from math import comb
for n in range(1, 12):
    assert pascal(n) == [[comb(r, c) for c in range(r + 1)] for r in range(n)], n
