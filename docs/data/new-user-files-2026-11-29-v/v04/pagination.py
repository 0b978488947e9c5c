import math
from dataclasses import dataclass, field
from typing import Any, List, Optional


@dataclass
class Page:
    items: List[Any]
    page: int
    per_page: int
    total_items: int
    total_pages: int
    links: dict = field(default_factory=dict)

    @property
    def has_next(self):
        return self.page < self.total_pages

    @property
    def has_prev(self):
        return self.page > 1


def paginate(items, page=1, per_page=20, base_url=None):
    if per_page < 1:
        raise ValueError("per_page must be at least 1")
    if page < 1:
        raise ValueError("page numbers start at 1")

    total_items = len(items)
    total_pages = max(1, math.ceil(total_items / per_page))
    if page > total_pages:
        raise LookupError(f"page {page} out of range (1..{total_pages})")

    start = page * per_page
    chunk = list(items[start:start + per_page])

    result = Page(chunk, page, per_page, total_items, total_pages)
    if base_url:
        result.links["self"] = _link(base_url, page, per_page)
        if result.has_next:
            result.links["next"] = _link(base_url, page + 1, per_page)
        if result.has_prev:
            result.links["prev"] = _link(base_url, page - 1, per_page)
    return result


def _link(base_url, page, per_page):
    sep = "&" if "?" in base_url else "?"
    return f"{base_url}{sep}page={page}&per_page={per_page}"
