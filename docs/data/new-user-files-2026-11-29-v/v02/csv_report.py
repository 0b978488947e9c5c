import csv
import io
from collections import defaultdict


def load_orders(text):
    reader = csv.DictReader(io.StringIO(text))
    orders = []
    for row in reader:
        orders.append({
            "order_id": row["order_id"].strip(),
            "region": row["region"].strip() or "UNKNOWN",
            "amount_cents": int(row["amount_cents"]),
        })
    return orders


def summarize(orders):
    totals = defaultdict(int)
    counts = defaultdict(int)
    for order in orders:
        totals[order["region"]] += order["amount_cents"]
        counts[order["region"]] += 1

    summary = []
    for region in sorted(totals):
        total = totals[region]
        count = counts[region]
        summary.append({
            "region": region,
            "orders": count,
            "total": total / 100,
            "average": total // count / 100,
        })
    return summary


def render_report(summary):
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["region", "orders", "total", "average"])
    for row in summary:
        writer.writerow([
            row["region"],
            row["orders"],
            f"{row['total']:.2f}",
            f"{row['average']:.2f}",
        ])
    return out.getvalue()


def build_report(text):
    return render_report(summarize(load_orders(text)))
