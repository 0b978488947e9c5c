def decode(s):
    """'3a2b' -> 'aaabb'"""
    out = []
    count = ""
    for ch in s:
        if ch.isdigit():
            count += ch
        else:
            out.append(ch * int(count))
            count = ""
    return "".join(out)


def encode(s):
    if not s:
        return ""
    out, run = [], 1
    for prev, ch in zip(s, s[1:]):
        if ch == prev:
            run += 1
        else:
            out.append(f"{run}{prev}")
            run = 0
    out.append(f"{run}{s[-1]}")
    return "".join(out)


assert decode("3a2b") == "aaabb"
assert encode("aaabb") == "3a2b"
assert encode("abc") == "1a1b1c"
assert decode(encode("hello")) == "hello"
