import textwrap
for text, width in [("a b c d e f g", 3), ("lorem ipsum dolor sit amet", 11), ("one", 10), ("hello world", 5)]:
    assert wrap(text, width) == textwrap.wrap(text, width), (text, width)
