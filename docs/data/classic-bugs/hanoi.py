def hanoi(n, start=1, end=3):
    steps = []
    if n > 0:
        helper = 6 - start - end
        steps.extend(hanoi(n - 1, start, helper))
        steps.append((start, helper))
        steps.extend(hanoi(n - 1, helper, end))
    return steps


assert hanoi(0) == []
assert hanoi(1) == [(1, 3)]
assert hanoi(2) == [(1, 2), (1, 3), (2, 3)]
assert len(hanoi(5)) == 31
