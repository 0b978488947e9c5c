"""Greedy word wrapping for plain-text output (emails, terminal reports)."""


def wrap(text, width):
    """Split `text` into lines of at most `width` characters.

    Paragraphs (separated by newlines) are wrapped independently; blank
    paragraphs are kept as empty lines. Words longer than `width` are broken.
    """
    if width < 1:
        raise ValueError("width must be at least 1")
    lines = []
    for paragraph in text.split("\n"):
        words = paragraph.split()
        if not words:
            lines.append("")
            continue
        line = ""
        for word in words:
            while len(word) > width:
                if line:
                    lines.append(line)
                    line = ""
                lines.append(word[:width])
                word = word[width:]
            if not word:
                continue
            if not line:
                line = word
            elif len(line) + 1 + len(word) < width:
                line += " " + word
            else:
                lines.append(line)
                line = word
        if line:
            lines.append(line)
    return lines


def fill(text, width):
    return "\n".join(wrap(text, width))


def indent(text, width, prefix="    "):
    """Wrap so that lines including `prefix` fit in `width`."""
    return "\n".join(prefix + line if line else "" for line in wrap(text, width - len(prefix)))


def truncate(text, width, ellipsis="..."):
    if len(text) <= width:
        return text
    if width <= len(ellipsis):
        return ellipsis[:width]
    return text[: width - len(ellipsis)].rstrip() + ellipsis
