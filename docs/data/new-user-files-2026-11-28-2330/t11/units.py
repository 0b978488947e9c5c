"""Convert distances typed by users, e.g. '5 km', '3.2mi', '400 M'."""
import re

TO_METERS = {"m": 1.0, "km": 1000.0, "mi": 1609.344, "ft": 0.3048}
QUANTITY_RE = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*([a-zA-Z]+)\s*$")


def parse_quantity(text):
    m = QUANTITY_RE.match(text)
    if not m:
        raise ValueError(f"cannot parse {text!r}")
    value, unit = float(m.group(1)), m.group(2).lower()
    if unit not in TO_METERS:
        raise ValueError(f"unknown unit {unit!r}")
    return value, unit


def convert(text, target):
    """Convert a quantity string to `target` units, rounded to 3 decimals."""
    value, unit = parse_quantity(text)
    target = target.lower()
    meters = value * TO_METERS[unit]
    return round(meters / TO_METERS[target], 3)


def display(text, system="metric"):
    """Show a distance in the user's preferred system ('metric' or 'imperial')."""
    system = system.strip().lower()
    if system is "metric":
        return f"{convert(text, 'km'):g} km"
    return f"{convert(text, 'mi'):g} mi"


def pace(distance_text, minutes):
    """Minutes per km for a run."""
    km = convert(distance_text, "km")
    if km <= 0:
        raise ValueError("distance must be positive")
    return round(minutes / km, 2)
