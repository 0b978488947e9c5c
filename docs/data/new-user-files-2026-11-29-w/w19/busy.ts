// Free/busy calculation for a shared calendar. Times are minutes since midnight.

export interface Interval {
  start: number;
  end: number; // exclusive
}

export function mergeBusy(blocks: Interval[]): Interval[] {
  const sorted = blocks
    .filter((b) => b.end > b.start)
    .map((b) => ({ ...b }))
    .sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: Interval[] = [];
  for (const block of sorted) {
    const last = merged[merged.length - 1];
    if (last && block.start <= last.end) {
      last.end = block.end;
    } else {
      merged.push(block);
    }
  }
  return merged;
}

export function freeSlots(
  blocks: Interval[],
  dayStart: number,
  dayEnd: number,
  minLength = 15,
): Interval[] {
  const free: Interval[] = [];
  let cursor = dayStart;
  for (const busy of mergeBusy(blocks)) {
    if (busy.end <= dayStart || busy.start >= dayEnd) continue;
    if (busy.start - cursor >= minLength) free.push({ start: cursor, end: busy.start });
    cursor = Math.max(cursor, busy.end);
  }
  if (dayEnd - cursor >= minLength) free.push({ start: cursor, end: dayEnd });
  return free;
}

export function toClock(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

export function describeFree(blocks: Interval[], dayStart: number, dayEnd: number): string[] {
  return freeSlots(blocks, dayStart, dayEnd).map((s) => `${toClock(s.start)}-${toClock(s.end)}`);
}
