from dataclasses import dataclass

TAX_RATES = {"US-CA": 0.0725, "US-OR": 0.0, "DE": 0.19}
FREE_SHIPPING_OVER = 50.00
SHIPPING_FLAT = 4.99


@dataclass
class Quote:
    subtotal: float
    discount: float
    shipping: float
    tax: float
    total: float


def quote(items, region, discount_pct=0):
    """Build a price quote.

    items: list of dicts with "price" and "qty".
    Tax is charged on the discounted goods value, not on shipping.
    """
    if region not in TAX_RATES:
        raise KeyError(f"no tax rate for region {region!r}")
    subtotal = round(sum(i["price"] * i["qty"] for i in items), 2)
    discount = round(subtotal * discount_pct / 100, 2)
    discounted = subtotal - discount
    shipping = 0.0 if discounted >= FREE_SHIPPING_OVER else SHIPPING_FLAT
    if not items:
        shipping = 0.0
    tax = round(subtotal * TAX_RATES[region], 2)
    total = round(discounted + shipping + tax, 2)
    return Quote(subtotal, discount, shipping, tax, total)
