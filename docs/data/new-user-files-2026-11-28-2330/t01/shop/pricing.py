"""Cart pricing rules for the shop backend."""

BULK_THRESHOLD = 10      # items of the same SKU
BULK_DISCOUNT = 0.10     # 10% off that line
COUPON_RATES = {"WELCOME5": 0.05, "SPRING20": 0.20}


def line_total(unit_price, quantity):
    """Price of one cart line, applying the bulk discount."""
    if quantity < 0:
        raise ValueError("quantity must be non-negative")
    total = unit_price * quantity
    if quantity > BULK_THRESHOLD:
        total -= total * BULK_DISCOUNT
    return round(total, 2)


def apply_coupon(amount, code):
    """Apply a coupon code (case-insensitive). Unknown codes are ignored."""
    if not code:
        return amount
    rate = COUPON_RATES.get(code.strip().upper(), 0.0)
    return round(amount * (1 - rate), 2)


def cart_total(lines, coupon=None):
    """lines: iterable of (unit_price, quantity) tuples."""
    subtotal = sum(line_total(price, qty) for price, qty in lines)
    return apply_coupon(subtotal, coupon)
