"""Plain-text receipts for the till printer."""

WIDTH = 32


def money(amount):
    """Format an amount for the right-hand column.

    >>> money(7)
    '7.00'
    >>> money(12.5)
    '12.50'
    >>> money(1234.567)
    '1,234.57'
    """
    return f"{amount:,.2}"


def shorten(name, limit):
    """Cut long item names so the price column stays aligned.

    >>> shorten("Espresso", 10)
    'Espresso'
    >>> shorten("Blueberry muffin (vegan)", 12)
    'Blueberry...'
    """
    if len(name) <= limit:
        return name
    return name[: limit - 3] + "..."


def line(label, amount, width=WIDTH):
    """One receipt line: label on the left, amount right-aligned.

    >>> line("Coffee x2", 7)
    'Coffee x2                   7.00'
    >>> len(line("Tea", 3.2))
    32
    """
    price = money(amount)
    label = shorten(label, width - len(price) - 1)
    return f"{label}{price:>{width - len(label)}}"


def receipt(items, tax_rate=0.2):
    """Build the full receipt for (name, qty, unit_price) items.

    >>> print(receipt([("Latte", 2, 3.4), ("Croissant", 1, 2.95)]))
    Latte x2                    6.80
    Croissant x1                2.95
    --------------------------------
    Subtotal                    9.75
    Tax 20%                     1.95
    TOTAL                      11.70
    """
    rows = []
    subtotal = 0.0
    for name, qty, unit_price in items:
        amount = round(qty * unit_price, 2)
        subtotal += amount
        rows.append(line(f"{name} x{qty}", amount))
    tax = round(subtotal * tax_rate, 2)
    rows.append("-" * WIDTH)
    rows.append(line("Subtotal", subtotal))
    rows.append(line(f"Tax {tax_rate:.0%}", tax))
    rows.append(line("TOTAL", subtotal + tax))
    return "\n".join(rows)
