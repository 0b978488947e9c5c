"""Summarise request logs: per-endpoint counts, error rates and latency percentiles.

Expected line format (latency may have a fractional part):

    2024-03-01T12:00:00Z GET /api/users?page=2 200 123.4ms
"""
import math
import re
from collections import defaultdict

LINE_RE = re.compile(
    r"^(?P<ts>\S+)\s+(?P<method>[A-Z]+)\s+(?P<path>\S+)\s+"
    r"(?P<status>\d{3})\s+(?P<ms>\d+)ms$"
)


def parse_line(line):
    """Return a dict for a log line, or None if the line is not a request line."""
    m = LINE_RE.match(line.strip())
    if not m:
        return None
    return {
        "method": m["method"],
        "path": m["path"].split("?", 1)[0],
        "status": int(m["status"]),
        "ms": float(m["ms"]),
    }


def percentile(values, p):
    """Nearest-rank percentile of `values`, with 0 < p <= 100."""
    if not values:
        raise ValueError("percentile of empty list")
    ordered = sorted(values)
    rank = max(1, math.ceil(p / 100 * len(ordered)))
    return ordered[rank - 1]


def summarize(lines, p=95):
    """Per-endpoint stats, busiest endpoints first (ties by path).

    Lines that cannot be parsed are counted in "skipped".
    """
    by_path = defaultdict(list)
    skipped = 0
    for line in lines:
        rec = parse_line(line)
        if rec is None:
            skipped += 1
            continue
        by_path[rec["path"]].append(rec)

    rows = []
    for path, recs in by_path.items():
        errors = sum(1 for r in recs if r["status"] >= 500)
        rows.append(
            {
                "path": path,
                "count": len(recs),
                "error_rate": round(errors / len(recs), 3),
                "p%d" % p: percentile([r["ms"] for r in recs], p),
            }
        )
    rows.sort(key=lambda r: (r["count"], r["path"]))
    return {"endpoints": rows, "skipped": skipped}
