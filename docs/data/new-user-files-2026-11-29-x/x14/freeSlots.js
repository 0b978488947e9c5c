'use strict';

// Find free meeting slots in a working day given busy intervals ("HH:MM").

function toMinutes(hhmm) {
  const match = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  if (!match) throw new Error(`bad time: ${hhmm}`);
  const h = Number(match[1]);
  const m = Number(match[2]);
  if (h > 24 || m > 59) throw new Error(`bad time: ${hhmm}`);
  return h * 60 + m;
}

function fromMinutes(total) {
  const h = Math.floor(total / 60);
  const m = total % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

function mergeBusy(intervals) {
  const sorted = intervals
    .map(([start, end]) => [toMinutes(start), toMinutes(end)])
    .filter(([start, end]) => end > start)
    .sort();
  const merged = [];
  for (const [start, end] of sorted) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) {
      last[1] = Math.max(last[1], end);
    } else {
      merged.push([start, end]);
    }
  }
  return merged;
}

function freeSlots(busy, dayStart = '09:00', dayEnd = '17:00', minMinutes = 0) {
  const open = toMinutes(dayStart);
  const close = toMinutes(dayEnd);
  const slots = [];
  let cursor = open;
  for (const [start, end] of mergeBusy(busy)) {
    if (end <= cursor) continue;
    if (start >= close) break;
    if (start > cursor) slots.push([cursor, start]);
    cursor = Math.max(cursor, end);
  }
  if (cursor < close) slots.push([cursor, close]);
  return slots
    .filter(([start, end]) => end - start >= minMinutes)
    .map(([start, end]) => [fromMinutes(start), fromMinutes(end)]);
}

function firstSlot(busy, minutes, dayStart, dayEnd) {
  const slot = freeSlots(busy, dayStart, dayEnd, minutes)[0];
  if (!slot) return null;
  return [slot[0], fromMinutes(toMinutes(slot[0]) + minutes)];
}

module.exports = { toMinutes, fromMinutes, mergeBusy, freeSlots, firstSlot };
