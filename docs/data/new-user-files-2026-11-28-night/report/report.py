import csv


def write_report(path, rows):
    """Write (name, score) rows to a CSV file with a header, best score first."""
    ordered = sorted(rows, key=lambda row: row[1])
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["name", "score"])
        writer.writerows(ordered)


def print_summary(rows):
    best = max(rows, key=lambda row: row[1])
    print(f"{len(rows)} players, best: {best[0]} ({best[1]})")
