import math


def mean(xs):
    return sum(xs) / len(xs)


def sample_stdev(xs):
    m = mean(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / len(xs))


assert mean([2, 4, 4, 4, 5, 5, 7, 9]) == 5
assert round(sample_stdev([2, 4, 4, 4, 5, 5, 7, 9]), 4) == 2.1381
assert round(sample_stdev([1, 2, 3]), 4) == 1.0
