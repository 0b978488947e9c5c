class Money:
    """An amount of money stored as integer cents."""

    def __init__(self, cents, currency="USD"):
        if not isinstance(cents, int):
            raise TypeError("cents must be an int")
        self._cents = cents
        self.currency = currency.upper()

    @classmethod
    def from_string(cls, text, currency="USD"):
        """Parse '12.34', '$12.34' or '1,299.99'."""
        cleaned = text.strip().lstrip("$").replace(",", "")
        return cls(int(float(cleaned) * 100), currency)

    @classmethod
    def zero(cls, currency="USD"):
        return cls(0, currency)

    @property
    def cents(self):
        return self._cents

    @property
    def amount(self):
        return self._cents / 100

    def __add__(self, other):
        if self.currency != other.currency:
            raise ValueError("currency mismatch")
        return Money(self._cents + other._cents, self.currency)

    def split(self, parts):
        """Split into `parts` amounts that add up exactly (first ones get the extra cent)."""
        base, extra = divmod(self._cents, parts)
        return [Money(base + (1 if i < extra else 0), self.currency) for i in range(parts)]

    def __eq__(self, other):
        if not isinstance(other, Money):
            return NotImplemented
        return self._cents == other._cents and self.currency == other.currency

    def __hash__(self):
        return hash((self._cents, self.currency))

    def __repr__(self):
        return f"Money({self._cents}, {self.currency!r})"

    def __str__(self):
        return f"{self.amount:,.2f} {self.currency}"
