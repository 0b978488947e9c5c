"""Generate a table of contents for a Markdown document."""
import re

HEADING_RE = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")


def slugify(title):
    slug = title.strip().lower()
    slug = re.sub(r"[^\w\s-]", "", slug)
    slug = re.sub(r"\s+", "-", slug)
    return slug


def extract_headings(markdown):
    """Return (level, title) pairs, skipping anything inside fenced code blocks."""
    headings = []
    in_fence = False
    for line in markdown.splitlines():
        if line.lstrip().startswith("```"):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        m = HEADING_RE.match(line)
        if m:
            headings.append((len(m.group(1)), m.group(2)))
    return headings


def build_toc(markdown, max_level=3):
    headings = [(lvl, title) for lvl, title in extract_headings(markdown) if lvl <= max_level]
    if not headings:
        return ""
    base = min(lvl for lvl, _ in headings)
    seen = {}
    lines = []
    for level, title in headings:
        slug = slugify(title)
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        if count:
            slug = f"{slug}-{count}"
        indent = "  " * (level - 1)
        lines.append(f"{indent}- [{title}](#{slug})")
    return "\n".join(lines)
