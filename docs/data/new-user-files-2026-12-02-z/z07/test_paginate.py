import pytest

from paginate import page_links, paginate

ITEMS = list(range(1, 48))  # 47 items


@pytest.mark.parametrize(
    "count, per_page, expected_pages",
    [
        (0, 10, 1),
        (10, 10, 1),
        (20, 10, 2),
        (21, 10, 3),
        (47, 20, 3),
        (5, 2, 3),
    ],
)
def test_total_pages(count, per_page, expected_pages):
    assert paginate(list(range(count)), per_page=per_page).total_pages == expected_pages


@pytest.mark.parametrize(
    "page, expected",
    [
        (1, list(range(1, 21))),
        (2, list(range(21, 41))),
        (3, list(range(41, 48))),
        (4, []),
    ],
)
def test_page_items(page, expected):
    assert paginate(ITEMS, page=page).items == expected


def test_navigation_flags():
    first = paginate(ITEMS, page=1)
    last = paginate(ITEMS, page=3)
    assert first.has_next and not first.has_prev
    assert last.has_prev and not last.has_next


def test_second_page_of_partial_list_has_next():
    assert paginate(ITEMS, page=2).has_next


@pytest.mark.parametrize("kwargs", [{"page": 0}, {"per_page": 0}])
def test_invalid_arguments(kwargs):
    with pytest.raises(ValueError):
        paginate(ITEMS, **kwargs)


@pytest.mark.parametrize(
    "current, total, expected",
    [
        (1, 1, [1]),
        (1, 5, [1, 2, 3, None, 5]),
        (6, 10, [1, None, 4, 5, 6, 7, 8, None, 10]),
        (10, 10, [1, None, 8, 9, 10]),
    ],
)
def test_page_links(current, total, expected):
    assert page_links(current, total) == expected
