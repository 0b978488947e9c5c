export interface Booking {
  id: string;
  room: string;
  start: number; // minutes since midnight
  end: number;
  bookedBy: string;
}

export type Interval = [start: number, end: number];

export function toMinutes(hhmm: string): number {
  const match = /^(\d{1,2}):(\d{2})$/.exec(hhmm.trim());
  if (!match) throw new Error(`invalid time: "${hhmm}"`);
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 24 || minutes > 59 || (hours === 24 && minutes > 0)) {
    throw new Error(`invalid time: "${hhmm}"`);
  }
  return hours * 60 + minutes;
}

export function formatMinutes(total: number): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}

/** Merge overlapping or touching intervals. */
export function mergeIntervals(intervals: Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  const merged: Interval[] = [];
  for (const [start, end] of sorted) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) {
      last[1] = end;
    } else {
      merged.push([start, end]);
    }
  }
  return merged;
}

export class RoomCalendar {
  private bookings: Booking[] = [];
  private nextId = 1;

  book(room: string, from: string, to: string, bookedBy: string): Booking {
    const start = toMinutes(from);
    const end = toMinutes(to);
    if (end <= start) throw new Error("a booking must end after it starts");
    const clash = this.bookings.find((b) => b.room === room && start <= b.end && b.start < end);
    if (clash) {
      throw new Error(`${room} is already booked ${formatMinutes(clash.start)}-${formatMinutes(clash.end)}`);
    }
    const booking: Booking = { id: `BK-${this.nextId++}`, room, start, end, bookedBy };
    this.bookings.push(booking);
    return booking;
  }

  cancel(id: string): boolean {
    const before = this.bookings.length;
    this.bookings = this.bookings.filter((b) => b.id !== id);
    return this.bookings.length < before;
  }

  /** Free gaps of at least `minMinutes` between dayStart and dayEnd. */
  freeSlots(room: string, dayStart = "08:00", dayEnd = "18:00", minMinutes = 30): string[] {
    const open = toMinutes(dayStart);
    const close = toMinutes(dayEnd);
    const busy = mergeIntervals(
      this.bookings.filter((b) => b.room === room).map((b): Interval => [b.start, b.end]),
    );
    const slots: string[] = [];
    let cursor = open;
    for (const [start, end] of busy) {
      const gapEnd = Math.min(start, close);
      if (gapEnd - cursor >= minMinutes) slots.push(`${formatMinutes(cursor)}-${formatMinutes(gapEnd)}`);
      cursor = Math.max(cursor, end);
    }
    if (close - cursor >= minMinutes) slots.push(`${formatMinutes(cursor)}-${formatMinutes(close)}`);
    return slots;
  }
}
