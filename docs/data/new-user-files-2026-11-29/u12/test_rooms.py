from datetime import datetime, timedelta

import pytest

from rooms import BookingConflict, RoomCalendar


def at(hour, minute=0):
    return datetime(2024, 6, 3, hour, minute)


@pytest.fixture
def calendar():
    cal = RoomCalendar(["Atlas", "Borealis"])
    cal.book("Atlas", at(9), at(10), "dana")
    cal.book("Atlas", at(13), at(14, 30), "lee")
    return cal


def test_booking_is_stored(calendar):
    assert [b.organizer for b in calendar.bookings["Atlas"]] == ["dana", "lee"]


@pytest.mark.parametrize(
    "start, end",
    [(at(9, 30), at(10, 30)), (at(8), at(11)), (at(9, 15), at(9, 45)), (at(12), at(13, 1))],
)
def test_overlapping_booking_rejected(calendar, start, end):
    with pytest.raises(BookingConflict, match="taken"):
        calendar.book("Atlas", start, end, "sam")


def test_back_to_back_bookings_allowed(calendar):
    calendar.book("Atlas", at(10), at(11), "sam")
    calendar.book("Atlas", at(8), at(9), "kim")
    assert len(calendar.bookings["Atlas"]) == 4
    assert calendar.bookings["Atlas"][0].organizer == "kim"


def test_end_before_start_rejected(calendar):
    with pytest.raises(ValueError):
        calendar.book("Borealis", at(11), at(10), "sam")


def test_unknown_room(calendar):
    with pytest.raises(KeyError, match="no such room"):
        calendar.book("Cosmos", at(9), at(10), "sam")


@pytest.mark.parametrize(
    "start, end, expected",
    [
        (at(10), at(11), ["Atlas", "Borealis"]),
        (at(9, 30), at(11), ["Borealis"]),
        (at(14, 30), at(15), ["Atlas", "Borealis"]),
        (at(12), at(13), ["Atlas", "Borealis"]),
    ],
)
def test_free_rooms(calendar, start, end, expected):
    assert calendar.free_rooms(start, end) == expected


def test_free_slots(calendar):
    assert calendar.free_slots("Atlas", at(8), at(18)) == [
        (at(8), at(9)),
        (at(10), at(13)),
        (at(14, 30), at(18)),
    ]


def test_free_slots_respects_min_length(calendar):
    calendar.book("Atlas", at(10, 15), at(12, 50), "kim")
    slots = calendar.free_slots("Atlas", at(9), at(15), min_length=timedelta(minutes=20))
    assert slots == [(at(14, 30), at(15))]
