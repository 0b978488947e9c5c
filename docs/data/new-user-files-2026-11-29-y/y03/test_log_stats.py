import pytest

from log_stats import parse_line, percentile, summarize


@pytest.fixture
def log_lines():
    return [
        "2024-03-01T12:00:00Z GET /api/users?page=1 200 120ms",
        "2024-03-01T12:00:01Z GET /api/users?page=2 200 80ms",
        "2024-03-01T12:00:02Z POST /api/orders 201 310ms",
        "2024-03-01T12:00:03Z GET /api/users 503 950ms",
        "2024-03-01T12:00:04Z GET /health 200 2ms",
        "--- log rotated ---",
        "2024-03-01T12:00:05Z POST /api/orders 500 45ms",
        "2024-03-01T12:00:06Z GET /api/users 200 60ms",
    ]


def test_parse_line_basic():
    rec = parse_line("2024-03-01T12:00:00Z GET /api/users 200 123ms")
    assert rec == {"method": "GET", "path": "/api/users", "status": 200, "ms": 123.0}


def test_parse_line_strips_query_string():
    rec = parse_line("2024-03-01T12:00:00Z GET /search?q=shoes&page=3 200 15ms\n")
    assert rec["path"] == "/search"


def test_parse_line_fractional_latency():
    rec = parse_line("2024-03-01T12:00:00Z GET /api/users 200 123.4ms")
    assert rec is not None
    assert rec["ms"] == pytest.approx(123.4)


@pytest.mark.parametrize("line", ["", "hello world", "2024-03-01 GET /x 2000 5ms"])
def test_parse_line_rejects_garbage(line):
    assert parse_line(line) is None


def test_percentile_nearest_rank():
    values = [15, 20, 35, 40, 50]
    assert percentile(values, 30) == 20
    assert percentile(values, 50) == 35
    assert percentile(values, 100) == 50


def test_percentile_empty():
    with pytest.raises(ValueError):
        percentile([], 50)


def test_summarize_counts_and_skipped(log_lines):
    result = summarize(log_lines)
    counts = {row["path"]: row["count"] for row in result["endpoints"]}
    assert counts == {"/api/users": 4, "/api/orders": 2, "/health": 1}
    assert result["skipped"] == 1


def test_summarize_error_rate_and_p95(log_lines):
    rows = {row["path"]: row for row in summarize(log_lines)["endpoints"]}
    assert rows["/api/orders"]["error_rate"] == 0.5
    assert rows["/api/users"]["error_rate"] == 0.25
    assert rows["/api/users"]["p95"] == 950


def test_summarize_busiest_first(log_lines):
    paths = [row["path"] for row in summarize(log_lines)["endpoints"]]
    assert paths == ["/api/users", "/api/orders", "/health"]


def test_summarize_accepts_fractional_latencies():
    lines = [
        "2024-03-01T12:00:00Z GET /a 200 1.5ms",
        "2024-03-01T12:00:01Z GET /a 200 2.25ms",
    ]
    result = summarize(lines, p=50)
    assert result["skipped"] == 0
    assert result["endpoints"][0]["p50"] == pytest.approx(1.5)
