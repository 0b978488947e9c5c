"""Parse web server access logs (Common Log Format) and summarise traffic."""
import re
from collections import Counter
from dataclasses import dataclass
from datetime import datetime

LINE_RE = re.compile(
    r'(?P<host>\S+) \S+ (?P<user>\S+) \[(?P<time>[^\]]+)\] '
    r'"(?P<method>[A-Z]+) (?P<path>\S+) (?P<proto>[^"]+)" '
    r'(?P<status>\d{3}) (?P<size>\d+|-)'
)


@dataclass
class Request:
    host: str
    user: str | None
    time: datetime
    method: str
    path: str
    status: int
    size: int


def parse_line(line):
    m = LINE_RE.match(line.strip())
    if not m:
        return None
    size = m["size"]
    return Request(
        host=m["host"],
        user=None if m["user"] == "-" else m["user"],
        time=datetime.strptime(m["time"], "%d/%b/%Y:%H:%M:%S %z"),
        method=m["method"],
        path=m["path"].split("?", 1)[0],
        status=int(m["status"]),
        size=0 if size == "-" else int(size),
    )


def parse_log(lines):
    requests, bad = [], 0
    for line in lines:
        if not line.strip():
            continue
        req = parse_line(line)
        if req is None:
            bad += 1
        else:
            requests.append(req)
    return requests, bad


def status_breakdown(requests):
    """Count requests per status class: '2xx', '3xx', ..."""
    return dict(Counter(f"{r.status // 100}xx" for r in requests))


def top_paths(requests, n=3):
    counts = Counter(r.path for r in requests)
    ranked = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]))
    return ranked[:n]


def bytes_served(requests):
    return sum(r.size for r in requests if r.status < 400)
