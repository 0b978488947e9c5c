"""A tiny CSV ledger."""
import csv
from pathlib import Path


def write_ledger(path: Path, rows: list[tuple[str, float]]) -> None:
    with path.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["name", "amount"])
        for name, amount in rows:
            writer.writerow([name, f"{amount:.2f}"])


def total(path: Path) -> float:
    with path.open() as handle:
        reader = csv.DictReader(handle)
        return sum(float(row["amount"]) for row in reader if float(row["amount"]) < 0)
