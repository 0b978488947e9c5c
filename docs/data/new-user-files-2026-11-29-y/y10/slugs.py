"""URL slugs for blog post titles."""
import re
import unicodedata

MAX_SLUG_LENGTH = 60


def slugify(title, max_length=MAX_SLUG_LENGTH):
    """Turn a post title into a lowercase, hyphen-separated ASCII slug."""
    text = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode("ascii")
    text = re.sub(r"[^a-z0-9]+", "-", text).lower()
    text = text.strip("-")
    if len(text) > max_length:
        text = text[:max_length].rsplit("-", 1)[0]
    return text or "post"


def unique_slug(title, existing):
    """slugify(title), with -2, -3, ... appended until it is not in `existing`."""
    base = slugify(title)
    slug = base
    n = 2
    while slug in existing:
        slug = "%s-%d" % (base, n)
        n += 1
    return slug


assert slugify("hello world") == "hello-world"
assert slugify("  rust 2024: what's new?  ") == "rust-2024-what-s-new"
assert slugify("---") == "post"
assert slugify("one two three four", max_length=12) == "one-two"
assert unique_slug("release notes", {"release-notes", "release-notes-2"}) == "release-notes-3"
assert slugify("Hello World") == "hello-world"
assert slugify("Crème Brûlée Recipes") == "creme-brulee-recipes"
assert unique_slug("Release Notes", {"release-notes"}) == "release-notes-2"
print("slugs: all checks passed")
