from dataclasses import dataclass
from datetime import datetime, timedelta


class BookingConflict(Exception):
    pass


@dataclass(frozen=True)
class Booking:
    room: str
    start: datetime
    end: datetime
    organizer: str

    def overlaps(self, other):
        return self.start <= other.end and other.start <= self.end


class RoomCalendar:
    def __init__(self, rooms):
        self.bookings = {room: [] for room in rooms}

    def _room(self, room):
        try:
            return self.bookings[room]
        except KeyError:
            raise KeyError(f"no such room: {room}") from None

    def is_free(self, room, start, end):
        return all(not (b.start <= end and start <= b.end) for b in self._room(room))

    def book(self, room, start, end, organizer):
        if end <= start:
            raise ValueError("booking must end after it starts")
        booking = Booking(room, start, end, organizer)
        existing = self._room(room)
        for other in existing:
            if booking.overlaps(other):
                raise BookingConflict(
                    f"{room} is taken {other.start:%H:%M}-{other.end:%H:%M} by {other.organizer}"
                )
        existing.append(booking)
        existing.sort(key=lambda b: b.start)
        return booking

    def free_rooms(self, start, end):
        return sorted(room for room in self.bookings if self.is_free(room, start, end))

    def free_slots(self, room, day_start, day_end, min_length=timedelta(minutes=30)):
        slots = []
        cursor = day_start
        for b in self._room(room):
            if b.end <= day_start or b.start >= day_end:
                continue
            if b.start - cursor >= min_length:
                slots.append((cursor, b.start))
            cursor = max(cursor, b.end)
        if day_end - cursor >= min_length:
            slots.append((cursor, day_end))
        return slots
