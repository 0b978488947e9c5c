"""Vending machine controller (coins in cents)."""

ACCEPTED_COINS = {5, 10, 25, 100}


class VendingError(Exception):
    pass


class VendingMachine:
    IDLE = "idle"
    HAS_CREDIT = "has_credit"

    def __init__(self, products):
        # products: {"A1": ("Crisps", 125, 4)}  -> name, price, stock
        self.products = {code: list(info) for code, info in products.items()}
        self.balance = 0
        self.state = self.IDLE
        self.cash_box = 0

    def insert(self, coin):
        if coin not in ACCEPTED_COINS:
            raise VendingError(f"coin {coin} not accepted")
        self.balance += coin
        self.state = self.HAS_CREDIT
        return self.balance

    def select(self, code):
        """Dispense a product. Returns (product name, change in cents)."""
        if self.state != self.HAS_CREDIT:
            raise VendingError("insert coins first")
        if code not in self.products:
            raise VendingError(f"unknown product {code}")
        name, price, stock = self.products[code]
        if stock == 0:
            raise VendingError(f"{name} is sold out")
        if self.balance < price:
            raise VendingError(f"{name} costs {price}, balance is {self.balance}")

        self.products[code][2] -= 1
        self.cash_box += price
        change = self.balance - price
        self.state = self.IDLE
        return name, change

    def cancel(self):
        """Return all inserted money."""
        refund = self.balance
        self.balance = 0
        self.state = self.IDLE
        return refund

    def stock_report(self):
        return {code: stock for code, (_, _, stock) in sorted(self.products.items())}
