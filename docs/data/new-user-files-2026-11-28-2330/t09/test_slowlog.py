import csv

from slowlog import export_slow, parse_line

LOG = """\
10.0.0.1 - - [05/Mar/2024:10:00:01 +0000] "GET /api/users HTTP/1.1" 200 512 1234ms
10.0.0.2 - - [05/Mar/2024:10:00:02 +0000] "POST /api/login HTTP/1.1" 401 87 45ms
10.0.0.3 - - [05/Mar/2024:10:00:03 +0000] "GET /health HTTP/1.1" 200 2 3ms
garbage line without the expected format
192.168.1.20 - bob [05/Mar/2024:10:00:04 +0000] "DELETE /api/items/7 HTTP/2.0" 500 0 800ms
"""


def test_parse_line_fields():
    rec = parse_line('10.0.0.2 - - [05/Mar/2024:10:00:02 +0000] "POST /api/login HTTP/1.1" 401 87 45ms\n')
    assert rec == {"ip": "10.0.0.2", "method": "POST", "path": "/api/login",
                   "status": 401, "ms": 45}


def test_parse_line_rejects_garbage():
    assert parse_line("garbage line without the expected format") is None


def test_export_slow_writes_csv(tmp_path):
    log = tmp_path / "access.log"
    log.write_text(LOG, encoding="utf-8")
    out = tmp_path / "slow.csv"

    assert export_slow(log, out, threshold_ms=500) == 2

    with out.open(newline="") as f:
        rows = list(csv.DictReader(f))
    assert [r["path"] for r in rows] == ["/api/users", "/api/items/7"]
    assert rows[0]["ms"] == "1234"
    assert rows[1]["status"] == "500"


def test_export_slow_threshold(tmp_path):
    log = tmp_path / "access.log"
    log.write_text(LOG, encoding="utf-8")
    out = tmp_path / "slow.csv"
    assert export_slow(log, out, threshold_ms=10) == 3
    assert out.read_text().splitlines()[0] == "ip,method,path,status,ms"
