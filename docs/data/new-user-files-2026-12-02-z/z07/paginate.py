"""Offset pagination for list endpoints."""
from dataclasses import dataclass
from typing import List


@dataclass
class Page:
    items: list
    page: int
    per_page: int
    total: int
    total_pages: int

    @property
    def has_next(self) -> bool:
        return self.page < self.total_pages

    @property
    def has_prev(self) -> bool:
        return self.page > 1


def paginate(items: list, page: int = 1, per_page: int = 20) -> Page:
    if per_page < 1:
        raise ValueError("per_page must be >= 1")
    if page < 1:
        raise ValueError("page numbers start at 1")
    total = len(items)
    total_pages = max(1, total // per_page)
    start = (page - 1) * per_page
    return Page(items[start:start + per_page], page, per_page, total, total_pages)


def page_links(current: int, total_pages: int, window: int = 2) -> List[object]:
    """Page numbers to show in a pager, with None where numbers are skipped.

    page_links(6, 10) -> [1, None, 4, 5, 6, 7, 8, None, 10]
    """
    shown = {1, total_pages}
    shown.update(range(max(1, current - window), min(total_pages, current + window) + 1))
    links, previous = [], 0
    for n in sorted(shown):
        if n - previous > 1:
            links.append(None)
        links.append(n)
        previous = n
    return links
