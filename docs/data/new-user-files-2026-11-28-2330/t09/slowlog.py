"""Extract slow requests from an access log and write them to CSV."""
import csv
import re
import sys

LINE_RE = re.compile(
    r'^(?P<ip>\d{1,3}(?:\.\d{1,3}){3}) .*?"(?P<method>[A-Z]+) (?P<path>\S+) HTTP/[\d.]+" '
    r'(?P<status>\d{3}) .*? (?P<ms>\d)ms$'
)


def parse_line(line):
    m = LINE_RE.search(line.rstrip("\n"))
    if not m:
        return None
    d = m.groupdict()
    d["status"] = int(d["status"])
    d["ms"] = int(d["ms"])
    return d


def slow_requests(lines, threshold_ms=500):
    for line in lines:
        rec = parse_line(line)
        if rec and rec["ms"] >= threshold_ms:
            yield rec


def export_slow(log_path, csv_path, threshold_ms=500):
    """Write slow requests to csv_path; return how many were written."""
    count = 0
    with open(log_path, encoding="utf-8") as src, \
            open(csv_path, "w", newline="", encoding="utf-8") as dst:
        writer = csv.DictWriter(dst, fieldnames=["ip", "method", "path", "status", "ms"])
        writer.writeheader()
        for rec in slow_requests(src, threshold_ms):
            writer.writerow(rec)
            count += 1
    return count


if __name__ == "__main__":
    n = export_slow(sys.argv[1], sys.argv[2])
    print(f"{n} slow requests")
