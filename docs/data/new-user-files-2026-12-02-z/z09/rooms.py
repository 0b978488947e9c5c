"""Meeting-room bookings for a single office."""
from dataclasses import dataclass
from datetime import datetime, time, timedelta


class BookingConflict(Exception):
    pass


@dataclass(frozen=True)
class Booking:
    room: str
    start: datetime
    end: datetime
    owner: str

    def overlaps(self, other: "Booking") -> bool:
        return self.start <= other.end and other.start <= self.end


class RoomCalendar:
    def __init__(self, opening=time(8, 0), closing=time(18, 0)):
        self.opening = opening
        self.closing = closing
        self._bookings = []

    def is_free(self, room, start, end) -> bool:
        probe = Booking(room, start, end, owner="")
        return not any(b.room == room and b.overlaps(probe) for b in self._bookings)

    def book(self, room, start, end, owner) -> Booking:
        if end <= start:
            raise ValueError("booking must end after it starts")
        if start.time() < self.opening or end.time() > self.closing:
            raise ValueError("outside opening hours")
        if not self.is_free(room, start, end):
            raise BookingConflict(f"{room} is already booked at that time")
        booking = Booking(room, start, end, owner)
        self._bookings.append(booking)
        return booking

    def cancel(self, booking: Booking) -> None:
        self._bookings.remove(booking)

    def bookings_for(self, room, day):
        return sorted(
            (b for b in self._bookings if b.room == room and b.start.date() == day),
            key=lambda b: b.start,
        )

    def free_slots(self, room, day, min_length=timedelta(minutes=30)):
        cursor = datetime.combine(day, self.opening)
        day_end = datetime.combine(day, self.closing)
        slots = []
        for b in self.bookings_for(room, day):
            if b.start - cursor >= min_length:
                slots.append((cursor, b.start))
            cursor = max(cursor, b.end)
        if day_end - cursor >= min_length:
            slots.append((cursor, day_end))
        return slots
