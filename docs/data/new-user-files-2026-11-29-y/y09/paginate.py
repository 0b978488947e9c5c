"""Pagination helper for the admin list views (1-based page numbers)."""


def page_count(total_items, per_page):
    """How many pages are needed to show `total_items`; an empty list still has one page."""
    if per_page <= 0:
        raise ValueError("per_page must be positive")
    return max(1, total_items // per_page)


def paginate(items, page=1, per_page=20):
    """Return one page of `items` plus navigation info.

    Page numbers outside the valid range are clamped to the first/last page.
    """
    pages = page_count(len(items), per_page)
    page = min(max(page, 1), pages)
    start = (page - 1) * per_page
    return {
        "items": items[start:start + per_page],
        "page": page,
        "pages": pages,
        "has_prev": page > 1,
        "has_next": page < pages,
    }


def page_links(current, pages, window=2):
    """Page numbers to show around the current page, e.g. [3, 4, 5, 6, 7]."""
    first = max(1, current - window)
    last = min(pages, current + window)
    return list(range(first, last + 1))


if __name__ == "__main__":
    assert page_count(0, 10) == 1
    assert page_count(100, 10) == 10
    assert page_count(5, 10) == 1
    data = list(range(50))
    result = paginate(data, page=2, per_page=10)
    assert result["items"] == list(range(10, 20))
    assert result["has_prev"] and result["has_next"]
    assert paginate(data, page=-3, per_page=10)["page"] == 1
    assert page_links(1, 10) == [1, 2, 3]
    assert page_links(5, 10) == [3, 4, 5, 6, 7]

    # partial last page
    assert page_count(101, 10) == 11
    last = paginate(list(range(25)), page=3, per_page=10)
    assert last["items"] == [20, 21, 22, 23, 24]
    assert last["has_next"] is False
    assert paginate(list(range(25)), page=99, per_page=10)["page"] == 3
    print("paginate: all checks passed")
