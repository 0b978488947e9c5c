import pytest

from csv_report import build_report, load_orders, summarize

SAMPLE = """order_id,region,amount_cents
1001,EU,1999
1002,US,500
1003,EU,1000
1004, ,250
1005,US,1501
"""


@pytest.fixture
def orders():
    return load_orders(SAMPLE)


def test_load_orders_parses_amounts(orders):
    assert len(orders) == 5
    assert orders[0] == {"order_id": "1001", "region": "EU", "amount_cents": 1999}


def test_blank_region_becomes_unknown(orders):
    assert orders[3]["region"] == "UNKNOWN"


def test_summary_is_sorted_by_region(orders):
    assert [row["region"] for row in summarize(orders)] == ["EU", "UNKNOWN", "US"]


@pytest.mark.parametrize(
    "region, expected_total, expected_average",
    [
        ("EU", 29.99, 14.995),
        ("US", 20.01, 10.005),
        ("UNKNOWN", 2.50, 2.50),
    ],
)
def test_summary_totals_and_averages(orders, region, expected_total, expected_average):
    row = next(r for r in summarize(orders) if r["region"] == region)
    assert row["total"] == pytest.approx(expected_total)
    assert row["average"] == pytest.approx(expected_average)


def test_rendered_report():
    report = build_report("order_id,region,amount_cents\n1,EU,100\n2,EU,301\n")
    assert report == "region,orders,total,average\nEU,2,4.01,2.00\n"


def test_empty_input_gives_header_only():
    assert build_report("order_id,region,amount_cents\n") == "region,orders,total,average\n"
