"""Print a plain-text receipt for the till."""

WIDTH = 28


def format_line(label, amount, width=WIDTH):
    return f"{label:<{width - 10}}{amount:>10.2f}"


def print_receipt(items, tax_rate=0.08, store="CORNER SHOP"):
    """items: list of (name, qty, unit_price). Returns the grand total."""
    print(store.center(WIDTH))
    print("=" * WIDTH)
    subtotal = 0.0
    for name, qty, price in items:
        line_total = qty * price
        subtotal += line_total
        label = f"{name} x{qty}" if qty > 1 else name
        print(format_line(label, line_total))
    tax = round(subtotal * tax_rate, 2)
    total = subtotal + tax
    print("-" * WIDTH)
    print(format_line("Subtotal", subtotal))
    print(format_line(f"Tax ({tax_rate}%)", tax))
    print(format_line("TOTAL", total))
    return total


if __name__ == "__main__":
    print_receipt([("Coffee", 2, 2.50), ("Bagel", 1, 3.25)])
