import pytest

from change import count_ways, make_change, min_coins

MIN_COIN_CASES = [
    # amount, coins,          expected
    (0,      [1, 2, 5],       0),
    (11,     [1, 2, 5],       3),
    (3,      [2],             -1),
    (6,      [1, 3, 4],       2),
    (7,      [2, 4],          -1),
    (12,     [1, 5, 10],      3),
    (30,     [25, 10, 1],     3),
    (6,      [1, 5],          2),
]


@pytest.mark.parametrize("amount, coins, expected", MIN_COIN_CASES)
def test_min_coins(amount, coins, expected):
    assert min_coins(amount, coins) == expected


@pytest.mark.parametrize("amount, coins, expected", [
    (5, [1, 2, 5], 4),
    (3, [2], 0),
    (10, [10], 1),
    (0, [7], 1),
])
def test_count_ways(amount, coins, expected):
    assert count_ways(amount, coins) == expected


def test_make_change_greedy_fails_case():
    # greedy would give 4+1+1; optimal is 3+3
    assert sorted(make_change(6, [1, 3, 4])) == [3, 3]


def test_make_change_impossible():
    assert make_change(7, [2, 4]) is None
