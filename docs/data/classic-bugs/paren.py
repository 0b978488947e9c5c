def balanced(parens):
    depth = 0
    for ch in parens:
        if ch == "(":
            depth += 1
        else:
            depth -= 1
            if depth < 0:
                return False
    return True


assert balanced("(()())")
assert not balanced("())(")
assert not balanced("((")
assert balanced("")
