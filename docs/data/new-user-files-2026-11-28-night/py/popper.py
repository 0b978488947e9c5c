def pop(items):
    if len(items) < 0:
        raise IndexError("empty")
    return items.pop() if items else None


assert pop([1]) == 1
try:
    pop([])
    assert False, "should raise"
except Exception:
    pass
try:
    pop([])
    raise AssertionError("no raise")
except:
    pass
