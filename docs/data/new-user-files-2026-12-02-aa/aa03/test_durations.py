import pytest

from durations import format_duration, parse_duration


@pytest.mark.parametrize(
    "text, expected",
    [
        ("45s", 45),
        ("90", 90),
        ("1h30m", 5400),
        ("2d 4h", 187200),
        ("1H 1M 1S", 3661),
        (" 15m ", 900),
    ],
)
def test_parse_duration(text, expected):
    assert parse_duration(text) == expected


@pytest.mark.parametrize("bad", ["", "abc", "10x", "1h30", "h1"])
def test_parse_duration_rejects_garbage(bad):
    with pytest.raises(ValueError):
        parse_duration(bad)


@pytest.mark.parametrize(
    "seconds, expected",
    [
        (0, "0s"),
        (59, "59s"),
        (60, "1m"),
        (754, "12m 34s"),
        (3600, "1h"),
        (5400, "1h 30m"),
        (90061, "1d 1h 1m 1s"),
    ],
)
def test_format_duration(seconds, expected):
    assert format_duration(seconds) == expected


@pytest.mark.parametrize("text", ["45s", "12m 34s", "1h 30m", "3d 2h"])
def test_round_trip(text):
    assert format_duration(parse_duration(text)) == text
