import re

UNITS = {"d": 86400, "h": 3600, "m": 60, "s": 1}
_PART = re.compile(r"(\d+)\s*([dhms])")
_WHOLE = re.compile(r"(\s*\d+\s*[dhms])+\s*")


def parse_duration(text):
    """Parse strings like '1h30m', '2d 4h' or '45s' into seconds."""
    text = text.strip().lower()
    if text.isdigit():
        return int(text)
    if not _WHOLE.fullmatch(text):
        raise ValueError(f"invalid duration: {text!r}")
    return sum(int(n) * UNITS[unit] for n, unit in _PART.findall(text))


def format_duration(seconds):
    """Format seconds as a compact human string, e.g. 5400 -> '1h 30m'."""
    if seconds < 0:
        raise ValueError("negative duration")
    if seconds == 0:
        return "0s"
    days, rest = divmod(seconds, 86400)
    hours = rest // 3600
    minutes = rest // 60
    secs = rest % 60
    parts = []
    for value, unit in ((days, "d"), (hours, "h"), (minutes, "m"), (secs, "s")):
        if value:
            parts.append(f"{value}{unit}")
    return " ".join(parts)
