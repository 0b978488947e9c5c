def legal(n, steps):
    pegs = {1: list(range(n, 0, -1)), 2: [], 3: []}
    for a, b in steps:
        disk = pegs[a].pop()
        assert not pegs[b] or pegs[b][-1] > disk
        pegs[b].append(disk)
    return pegs[3] == list(range(n, 0, -1))
for n in range(0, 8):
    steps = hanoi(n)
    assert len(steps) == 2 ** n - 1 and legal(n, steps), n
assert hanoi(2, 1, 2) == [(1, 3), (1, 2), (3, 2)]
