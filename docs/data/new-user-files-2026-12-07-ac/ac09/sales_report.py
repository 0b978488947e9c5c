"""Aggregate a CSV export of order lines into simple sales figures."""
import csv
import io
from collections import defaultdict


def parse_sales(text):
    rows = []
    for record in csv.DictReader(io.StringIO(text.strip())):
        rows.append({
            "region": record["region"].strip(),
            "product": record["product"].strip(),
            "units": int(record["units"]),
            "unit_price": float(record["unit_price"]),
        })
    return rows


def revenue_by(rows, field):
    totals = defaultdict(float)
    for row in rows:
        totals[row[field]] += row["units"] * row["unit_price"]
    return {key: round(value, 2) for key, value in totals.items()}


def top_n(totals, n):
    """The n largest entries as (key, value) pairs; ties broken alphabetically."""
    ranked = sorted(totals.items(), key=lambda kv: (kv[1], kv[0]))
    return ranked[:n]


def average_price(rows, product):
    """Unit-weighted average selling price, or None if the product never sold."""
    units = sum(r["units"] for r in rows if r["product"] == product)
    if units == 0:
        return None
    revenue = sum(r["units"] * r["unit_price"] for r in rows if r["product"] == product)
    return round(revenue / units, 2)


def share_of_total(totals):
    grand = sum(totals.values())
    return {key: round(100 * value / grand, 1) for key, value in totals.items()}


SAMPLE = """
region,product,units,unit_price
North,Kettle,10,25.00
North,Toaster,4,40.00
South,Kettle,6,22.50
South,Blender,2,80.00
East,Toaster,5,38.00
East,Kettle,1,25.00
West,Blender,3,75.00
"""

rows = parse_sales(SAMPLE)
assert len(rows) == 7
assert rows[0] == {"region": "North", "product": "Kettle", "units": 10, "unit_price": 25.0}

by_region = revenue_by(rows, "region")
assert by_region == {"North": 410.0, "South": 295.0, "East": 215.0, "West": 225.0}

by_product = revenue_by(rows, "product")
assert by_product == {"Kettle": 410.0, "Toaster": 350.0, "Blender": 385.0}

assert average_price(rows, "Kettle") == 24.12
assert average_price(rows, "Blender") == 77.0
assert average_price(rows, "Mixer") is None

assert top_n(by_region, 2) == [("North", 410.0), ("South", 295.0)]
assert top_n(by_product, 1) == [("Kettle", 410.0)]
assert top_n({"a": 5.0, "c": 7.0, "b": 7.0}, 2) == [("b", 7.0), ("c", 7.0)]

assert share_of_total({"x": 30.0, "y": 10.0}) == {"x": 75.0, "y": 25.0}
