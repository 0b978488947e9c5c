"""Helpers for naming the files written by the `report export` command."""

import os
import re

FORMATS = {"json": ".json", "excel": ".xlsx", "markdown": ".md"}


def report_stem(csv_path):
    """Return the bare report name: 'data/2024/sales.csv' -> 'sales'."""
    name = os.path.basename(csv_path)
    if not name.endswith(".csv"):
        raise ValueError(f"expected a .csv file, got {name!r}")
    return name.rstrip(".csv")


def slugify(text):
    text = re.sub(r"[^a-z0-9]+", "-", text.lower())
    return text.strip("-")


def export_path(csv_path, fmt, out_dir="exports", tag=None, day=None):
    if fmt not in FORMATS:
        choices = ", ".join(sorted(FORMATS))
        raise ValueError(f"unknown format {fmt!r}; choose from {choices}")
    parts = [slugify(report_stem(csv_path))]
    if tag:
        parts.append(slugify(tag))
    if day is not None:
        parts.append(day.strftime("%Y%m%d"))
    return os.path.join(out_dir, "_".join(parts) + FORMATS[fmt])
