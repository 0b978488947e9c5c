import pytest

from room_slots import describe_gaps, format_hhmm, free_gaps, merge_slots, parse_hhmm


@pytest.mark.parametrize(
    "slots, expected",
    [
        ([], []),
        ([(60, 90)], [(60, 90)]),
        ([(200, 230), (60, 90), (120, 150)], [(60, 90), (120, 150), (200, 230)]),
        ([(60, 90), (90, 120)], [(60, 120)]),
        ([(60, 120), (0, 200)], [(0, 200)]),
        ([(10, 20), (0, 5), (4, 30)], [(0, 30)]),
        ([(540, 600), (570, 660), (650, 700)], [(540, 700)]),
    ],
)
def test_merge_slots(slots, expected):
    assert merge_slots(slots) == expected


@pytest.mark.parametrize("text, minutes", [("09:00", 540), ("13:45", 825), ("00:05", 5)])
def test_parse_and_format_round_trip(text, minutes):
    assert parse_hhmm(text) == minutes
    assert format_hhmm(minutes) == text


def test_free_gaps_whole_day_when_empty():
    assert free_gaps([]) == [(540, 1020)]


def test_free_gaps_skips_short_gaps():
    slots = [(540, 600), (610, 700)]
    assert free_gaps(slots) == [(700, 1020)]


def test_describe_gaps_simple():
    assert describe_gaps(["09:00-10:00", "12:00-13:00"]) == ["10:00-12:00", "13:00-17:00"]


def test_describe_gaps_with_long_meeting_inside_day():
    bookings = ["10:00-10:30", "09:30-15:00", "16:00-16:30"]
    assert describe_gaps(bookings) == ["09:00-09:30", "15:00-16:00", "16:30-17:00"]
