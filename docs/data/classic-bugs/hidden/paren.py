import itertools
for n in range(0, 9):
    for chars in itertools.product("()", repeat=n):
        s = "".join(chars)
        depth, ok = 0, True
        for ch in s:
            depth += 1 if ch == "(" else -1
            ok = ok and depth >= 0
        assert balanced(s) == (ok and depth == 0), s
