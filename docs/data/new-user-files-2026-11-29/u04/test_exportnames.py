import os
from datetime import date

import pytest

from exportnames import export_path, report_stem, slugify


@pytest.mark.parametrize(
    "path, stem",
    [
        ("inventory.csv", "inventory"),
        ("data/2024/orders.csv", "orders"),
        ("/srv/reports/q3_metrics.csv", "q3_metrics"),
        ("weekly.summary.csv", "weekly.summary"),
        ("costs.csv", "costs"),
    ],
)
def test_report_stem(path, stem):
    assert report_stem(path) == stem


def test_report_stem_rejects_other_extensions():
    with pytest.raises(ValueError, match="expected a .csv"):
        report_stem("notes.txt")


@pytest.mark.parametrize(
    "text, slug",
    [("Q3 Metrics", "q3-metrics"), ("  EU / West ", "eu-west"), ("already-ok", "already-ok")],
)
def test_slugify(text, slug):
    assert slugify(text) == slug


def test_export_path_basic():
    assert export_path("in/sales.csv", "json") == os.path.join("exports", "sales.json")


def test_export_path_with_tag_and_day():
    result = export_path("in/Orders.csv", "excel", out_dir="out", tag="EU West", day=date(2024, 3, 9))
    assert result == os.path.join("out", "orders_eu-west_20240309.xlsx")


def test_export_path_unknown_format():
    with pytest.raises(ValueError, match="choose from excel, json, markdown"):
        export_path("in/sales.csv", "pdf")
