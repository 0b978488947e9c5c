import pytest

from pagination import paginate


@pytest.fixture
def records():
    return [f"rec-{i}" for i in range(1, 24)]  # 23 records


def test_first_page(records):
    page = paginate(records, page=1, per_page=10)
    assert page.items == [f"rec-{i}" for i in range(1, 11)]
    assert page.has_next and not page.has_prev


def test_last_page_is_partial(records):
    page = paginate(records, page=3, per_page=10)
    assert page.items == ["rec-21", "rec-22", "rec-23"]
    assert not page.has_next


@pytest.mark.parametrize(
    "count, per_page, expected_pages",
    [(0, 10, 1), (1, 10, 1), (10, 10, 1), (11, 10, 2), (23, 5, 5)],
)
def test_total_pages(count, per_page, expected_pages):
    assert paginate(list(range(count)), per_page=per_page).total_pages == expected_pages


def test_page_out_of_range(records):
    with pytest.raises(LookupError):
        paginate(records, page=4, per_page=10)


@pytest.mark.parametrize("kwargs", [{"page": 0}, {"per_page": 0}])
def test_invalid_arguments(records, kwargs):
    with pytest.raises(ValueError):
        paginate(records, **kwargs)


def test_links(records):
    page = paginate(records, page=2, per_page=10, base_url="/api/records?sort=name")
    assert page.links == {
        "self": "/api/records?sort=name&page=2&per_page=10",
        "next": "/api/records?sort=name&page=3&per_page=10",
        "prev": "/api/records?sort=name&page=1&per_page=10",
    }
