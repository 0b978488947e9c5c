def wrap(text, width):
    lines = []
    while len(text) > width:
        cut = text.rfind(" ", 0, width + 1)
        if cut == -1:
            cut = width
        lines.append(text[:cut])
        text = text[cut:].lstrip()
    return lines


assert wrap("hello world", 20) == ["hello world"]
assert wrap("the quick brown fox", 10) == ["the quick", "brown fox"]
assert wrap("", 5) == [""]
