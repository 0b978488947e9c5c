"""Turn article titles into URL slugs."""
import re
import unicodedata

_NON_ALNUM = re.compile(r"[^a-z0-9]+")


def slugify(title: str, max_length: int = 60) -> str:
    text = unicodedata.normalize("NFKD", title)
    text = text.encode("ascii", "ignore").decode("ascii").lower()
    text = _NON_ALNUM.sub("-", text).strip("-")
    # drop apostrophes so "don't" becomes "dont" rather than "don-t"
    text = text.replace("'", "")
    if len(text) > max_length:
        cut = text[:max_length]
        # don't leave half a word at the end
        text = cut.rsplit("-", 1)[0] if "-" in cut else cut
    return text


def unique_slug(title: str, taken: set) -> str:
    """slugify(title), with -2, -3, ... appended until it's not in `taken`."""
    base = slugify(title) or "untitled"
    slug = base
    n = 2
    while slug in taken:
        slug = f"{base}-{n}"
        n += 1
    taken.add(slug)
    return slug


assert slugify("Hello World") == "hello-world"
assert slugify("  Multiple   spaces here  ") == "multiple-spaces-here"
assert slugify("Crème brûlée: a recipe") == "creme-brulee-a-recipe"
assert slugify("10 Tips & Tricks for Python 3.12!") == "10-tips-tricks-for-python-3-12"
assert slugify("a" * 80) == "a" * 60
assert slugify("The quick brown fox jumps over the lazy dog", max_length=20) == "the-quick-brown-fox"

taken = set()
assert unique_slug("Release notes", taken) == "release-notes"
assert unique_slug("Release Notes!", taken) == "release-notes-2"
assert unique_slug("release notes", taken) == "release-notes-3"
assert unique_slug("???", taken) == "untitled"

assert slugify("Don't Panic") == "dont-panic"
assert slugify("It's the programmer's job") == "its-the-programmers-job"
assert unique_slug("What's new", taken) == "whats-new"

print("all slug checks passed")
