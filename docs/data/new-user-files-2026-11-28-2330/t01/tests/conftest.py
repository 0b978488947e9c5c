import pytest


@pytest.fixture
def small_cart():
    return [(2.50, 2), (10.00, 1)]


@pytest.fixture
def bulk_cart():
    # exactly at the bulk threshold for the first line
    return [(1.00, 10), (4.00, 3)]
