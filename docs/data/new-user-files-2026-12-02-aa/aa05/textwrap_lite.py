def wrap(text, width):
    """Greedy word wrap. Words longer than `width` are hard-split."""
    if width < 1:
        raise ValueError("width must be positive")
    lines = []
    current = ""
    for word in text.split():
        while len(word) > width:
            if current:
                lines.append(current)
                current = ""
            lines.append(word[:width])
            word = word[width:]
        if not word:
            continue
        if current and len(current) + len(word) > width:
            lines.append(current)
            current = word
        elif current:
            current += " " + word
        else:
            current = word
    if current:
        lines.append(current)
    return lines


def fill(text, width, indent=""):
    return "\n".join(indent + line for line in wrap(text, width - len(indent)))


assert wrap("", 10) == []
assert wrap("hello", 10) == ["hello"]
assert wrap("the quick brown fox", 10) == ["the quick", "brown fox"]
assert wrap("  lots   of   spaces  ", 20) == ["lots of spaces"]
assert wrap("abcdefghijkl", 5) == ["abcde", "fghij", "kl"]
assert fill("one two three", 9, indent="> ") == "> one two\n> three"
assert wrap("aaaa bbbbbb", 10) == ["aaaa", "bbbbbb"]
assert all(len(line) <= 12 for line in wrap("lorem ipsum dolor sit amet consectetur", 12))
assert wrap("to be or not to be", 5) == ["to be", "or", "not", "to be"]
print("wrap: all checks passed")
