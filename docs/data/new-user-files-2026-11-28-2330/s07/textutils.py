"""Helpers for the blog engine: slugs, excerpts, reading time."""

import re
import unicodedata

WORDS_PER_MINUTE = 200


def slugify(title, max_length=50):
    """'Hello, World!' -> 'hello-world'"""
    text = unicodedata.normalize("NFKD", title)
    text = text.encode("ascii", "ignore").decode("ascii")
    text = re.sub(r"[^a-zA-Z0-9]+", "-", text).strip("-")
    if len(text) > max_length:
        text = text[:max_length].rstrip("-")
    return text


def excerpt(body, limit=100, suffix="..."):
    """Cut at a word boundary so the result (with suffix) fits in `limit`."""
    body = " ".join(body.split())
    if len(body) <= limit:
        return body
    cut = body[: limit - len(suffix)]
    if " " in cut:
        cut = cut[: cut.rindex(" ")]
    return cut + suffix


def reading_time(body):
    """Minutes to read, rounded up, minimum 1."""
    words = len(body.split())
    return max(1, -(-words // WORDS_PER_MINUTE))
