from datetime import date

import pytest

from booking import Booking


def make(**overrides):
    data = dict(guest="Ada Lovelace", room_type="double",
                check_in=date(2024, 5, 1), check_out=date(2024, 5, 4))
    data.update(overrides)
    return Booking(**data)


def test_nights_and_total():
    b = make()
    assert b.nights == 3
    assert b.total() == 360


def test_guest_name_is_stripped():
    assert make(guest="  Ada ").guest == "Ada"


def test_discount_and_extras():
    b = make(discount=0.25, extras=[("breakfast", 15.0), ("parking", 10.0)])
    assert b.total() == 295.0


def test_blank_guest_rejected():
    with pytest.raises(ValueError, match="guest name is required"):
        make(guest="   ")


def test_unknown_room_type():
    with pytest.raises(ValueError, match=r"unknown room type: penthouse"):
        make(room_type="penthouse")


def test_checkout_before_checkin():
    with pytest.raises(ValueError, match="must be after"):
        make(check_out=date(2024, 5, 1))


@pytest.mark.parametrize("bad", [-0.1, 0.6, 1.0])
def test_discount_out_of_range(bad):
    with pytest.raises(ValueError, match="discount must be between"):
        make(discount=bad)


def test_extras_not_shared_between_bookings():
    a, b = make(), make()
    a.extras.append(("spa", 40.0))
    assert b.extras == []
