/** Weekly recurring events (standups, backups, reports), all times in UTC. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6; // 0 = Sunday

export interface WeeklySlot {
  weekday: Weekday;
  hour: number;
  minute?: number;
}

/** The first time strictly after `from` that falls on the slot. */
export function nextOccurrence(from: Date, slot: WeeklySlot): Date {
  const { weekday, hour, minute = 0 } = slot;
  const candidate = new Date(
    Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate(), hour, minute),
  );
  let days = (weekday - from.getUTCDay()) % 7;
  if (days === 0 && candidate.getTime() <= from.getTime()) days = 7;
  candidate.setUTCDate(candidate.getUTCDate() + days);
  return candidate;
}

/** The next `count` occurrences of a slot after `from`. */
export function upcoming(from: Date, slot: WeeklySlot, count: number): Date[] {
  const out: Date[] = [];
  let cursor = from;
  for (let i = 0; i < count; i++) {
    cursor = nextOccurrence(cursor, slot);
    out.push(cursor);
  }
  return out;
}

/** The soonest of several slots, e.g. "Tue 09:00 or Thu 14:30". */
export function nextOfAny(from: Date, slots: WeeklySlot[]): Date {
  if (slots.length === 0) throw new Error("no slots given");
  return slots
    .map((slot) => nextOccurrence(from, slot))
    .reduce((best, d) => (d.getTime() < best.getTime() ? d : best));
}
