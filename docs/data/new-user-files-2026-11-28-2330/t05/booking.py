from dataclasses import dataclass, field
from datetime import date

ROOM_TYPES = {"single": 80, "double": 120, "suite": 250}


@dataclass
class Booking:
    guest: str
    room_type: str
    check_in: date
    check_out: date
    guests: int = 1
    discount: float = 0.0
    extras: list = field(default_factory=list)

    def __post_init__(self):
        self.guest = self.guest.strip()
        if not self.guest:
            raise ValueError("guest name is required")
        if self.room_type not in ROOM_TYPES:
            raise ValueError(f"unknown room type: {self.room_type}")
        if self.check_out <= self.check_in:
            raise ValueError("check_out must be after check_in")
        if self.guests < 1:
            raise ValueError("at least one guest")
        if 0 <= self.discount <= 0.5:
            raise ValueError("discount must be between 0 and 0.5")

    @property
    def nights(self):
        return (self.check_out - self.check_in).days

    def total(self):
        base = ROOM_TYPES[self.room_type] * self.nights
        extras = sum(price for _, price in self.extras)
        return round(base * (1 - self.discount) + extras, 2)
