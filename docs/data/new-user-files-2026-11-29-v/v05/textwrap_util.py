def wrap(text, width=72, indent=""):
    """Greedy word wrap. Paragraphs (blank-line separated) are kept apart.

    Words longer than the available width are put on their own line.
    """
    if width <= len(indent):
        raise ValueError("width must be larger than the indent")

    paragraphs = [p for p in text.split("\n\n")]
    out = []
    for para in paragraphs:
        words = para.split()
        if not words:
            out.append("")
            continue
        line = ""
        for word in words:
            if not line:
                line = indent + word
            elif len(line) + len(word) > width:
                out.append(line)
                line = indent + word
            else:
                line += " " + word
        out.append(line)
        out.append("")
    if out and out[-1] == "":
        out.pop()
    return "\n".join(out)


def truncate(text, limit, ellipsis="..."):
    if limit < len(ellipsis):
        raise ValueError("limit too small for ellipsis")
    if len(text) <= limit:
        return text
    cut = text[: limit - len(ellipsis)]
    if " " in cut:
        cut = cut[: cut.rindex(" ")]
    return cut.rstrip() + ellipsis
