from datetime import date, datetime, timedelta

import pytest

from rooms import BookingConflict, RoomCalendar

DAY = date(2024, 6, 3)


def at(hour, minute=0):
    return datetime(2024, 6, 3, hour, minute)


@pytest.fixture
def calendar():
    cal = RoomCalendar()
    cal.book("Everest", at(10), at(11), "alice")
    cal.book("Everest", at(13), at(14, 30), "bob")
    return cal


def test_overlapping_booking_is_rejected(calendar):
    with pytest.raises(BookingConflict):
        calendar.book("Everest", at(10, 30), at(11, 30), "carol")


def test_booking_inside_existing_one_is_rejected(calendar):
    with pytest.raises(BookingConflict):
        calendar.book("Everest", at(13, 15), at(13, 45), "carol")


def test_other_rooms_are_independent(calendar):
    b = calendar.book("Kilimanjaro", at(10), at(11), "carol")
    assert b.owner == "carol"


def test_back_to_back_meetings_are_allowed(calendar):
    calendar.book("Everest", at(11), at(12), "carol")
    calendar.book("Everest", at(9), at(10), "dave")
    assert [b.owner for b in calendar.bookings_for("Everest", DAY)] == [
        "dave", "alice", "carol", "bob"]


def test_is_free(calendar):
    assert calendar.is_free("Everest", at(11), at(13))
    assert not calendar.is_free("Everest", at(12), at(13, 30))
    assert calendar.is_free("Kilimanjaro", at(10), at(11))


def test_cancelled_slot_can_be_rebooked(calendar):
    first = calendar.bookings_for("Everest", DAY)[0]
    calendar.cancel(first)
    assert calendar.book("Everest", at(10), at(11), "erin").owner == "erin"


def test_free_slots(calendar):
    assert calendar.free_slots("Everest", DAY) == [
        (at(8), at(10)), (at(11), at(13)), (at(14, 30), at(18))]


def test_free_slots_ignores_short_gaps(calendar):
    calendar.book("Everest", at(11, 15), at(12, 45), "frank")
    slots = calendar.free_slots("Everest", DAY, min_length=timedelta(minutes=30))
    assert (at(11), at(11, 15)) not in slots
    assert (at(8), at(10)) in slots


@pytest.mark.parametrize("start, end", [(at(12), at(11)), (at(7), at(9)), (at(17), at(19))])
def test_invalid_times(calendar, start, end):
    with pytest.raises(ValueError):
        calendar.book("Everest", start, end, "zoe")
