import pytest

from allocate import allocate, format_cents, split_bill, split_evenly, to_cents


def test_to_cents_rounds_half_up():
    assert to_cents("19.999") == 2000
    assert to_cents("0.125") == 13
    assert to_cents("7") == 700


def test_format_cents():
    assert format_cents(123456) == "1234.56"
    assert format_cents(-5) == "-0.05"
    assert format_cents(0) == "0.00"


def test_split_evenly_gives_extra_cents_to_first_people():
    assert split_evenly(100, 3) == [34, 33, 33]
    assert split_evenly(10, 4) == [3, 3, 2, 2]


def test_exact_weighted_split():
    assert allocate(1000, [50, 30, 20]) == [500, 300, 200]


def test_leftover_cent_goes_to_largest_remainder():
    # 2/3 of 100 = 66.67, 1/3 of 100 = 33.33
    assert allocate(100, [2, 1]) == [67, 33]
    # 1/3 of 1001 = 333.67, 2/3 of 1001 = 667.33
    assert allocate(1001, [1, 2]) == [334, 667]


def test_several_leftover_cents():
    # exact shares: 1.43, 2.86, 5.71 -> remainders .43, .86, .71
    assert allocate(10, [1, 2, 4]) == [1, 3, 6]


@pytest.mark.parametrize("total,weights", [
    (100, [1, 1, 1]), (999, [3, 5, 7]), (1, [1, 1]), (12345, [10, 0, 33, 2]),
])
def test_parts_add_up_to_total(total, weights):
    assert sum(allocate(total, weights)) == total


def test_split_bill():
    assert split_bill("10.00", [1, 2]) == ["3.33", "6.67"]


def test_invalid_arguments():
    with pytest.raises(ValueError):
        allocate(100, [])
    with pytest.raises(ValueError):
        allocate(100, [0, 0])
    with pytest.raises(ValueError):
        allocate(100, [1, -1])
    with pytest.raises(ValueError):
        split_evenly(100, 0)
