import pytest

from access_log import bytes_served, parse_line, parse_log, status_breakdown, top_paths

SAMPLE = """\
10.0.0.1 - - [12/Mar/2024:10:00:01 +0000] "GET /index.html HTTP/1.1" 200 5120
10.0.0.2 - alice [12/Mar/2024:10:00:03 +0000] "GET /api/items?page=2 HTTP/1.1" 200 830
10.0.0.1 - - [12/Mar/2024:10:00:04 +0000] "GET /index.html HTTP/1.1" 304 -
10.0.0.3 - - [12/Mar/2024:10:00:09 +0000] "POST /api/login HTTP/1.1" 401 112
garbage line that is not a log entry
10.0.0.2 - alice [12/Mar/2024:10:00:12 +0000] "GET /api/items HTTP/1.1" 200 790
10.0.0.4 - - [12/Mar/2024:10:00:15 +0000] "GET /missing HTTP/1.1" 404 0

10.0.0.2 - alice [12/Mar/2024:10:01:00 +0000] "GET /api/items HTTP/1.1" 500 64
10.0.0.5 - - [12/Mar/2024:10:01:02 +0000] "GET /index.html HTTP/1.1" 200 5120
"""


@pytest.fixture
def parsed():
    return parse_log(SAMPLE.splitlines())


@pytest.fixture
def requests(parsed):
    return parsed[0]


def test_parse_line_fields():
    req = parse_line('10.0.0.2 - bob [01/Feb/2024:23:59:59 +0100] "DELETE /api/items/7 HTTP/2.0" 204 -')
    assert req.host == "10.0.0.2"
    assert req.user == "bob"
    assert req.method == "DELETE"
    assert req.path == "/api/items/7"
    assert req.status == 204
    assert req.size == 0
    assert req.time.hour == 23


def test_parse_log_counts_bad_lines(parsed):
    requests, bad = parsed
    assert len(requests) == 8
    assert bad == 1


def test_query_string_is_dropped(requests):
    assert requests[1].path == "/api/items"


def test_status_breakdown(requests):
    assert status_breakdown(requests) == {"2xx": 4, "3xx": 1, "4xx": 2, "5xx": 1}


def test_top_paths_most_requested_first(requests):
    assert top_paths(requests, 2) == [("/api/items", 3), ("/index.html", 3)]


def test_top_paths_single(requests):
    assert top_paths(requests, 1)[0][0] == "/api/items"


def test_bytes_served_excludes_errors(requests):
    assert bytes_served(requests) == 5120 + 830 + 0 + 790 + 5120
