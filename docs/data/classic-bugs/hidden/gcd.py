import math
for a in range(0, 40):
    for b in range(0, 40):
        if a or b:
            assert gcd(a, b) == math.gcd(a, b), (a, b)
