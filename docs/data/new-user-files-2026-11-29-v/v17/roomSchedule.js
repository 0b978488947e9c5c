'use strict';

const assert = require('assert');

function toMinutes(hhmm) {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
}

function fromMinutes(total) {
  const h = String(Math.floor(total / 60)).padStart(2, '0');
  const m = String(total % 60).padStart(2, '0');
  return `${h}:${m}`;
}

function mergeBusy(bookings) {
  const sorted = bookings.map(([start, end]) => [toMinutes(start), toMinutes(end)]).sort();
  const merged = [];
  for (const [start, end] of sorted) {
    const last = merged[merged.length - 1];
    if (last && start < last[1]) {
      last[1] = Math.max(last[1], end);
    } else {
      merged.push([start, end]);
    }
  }
  return merged.map(([s, e]) => [fromMinutes(s), fromMinutes(e)]);
}

function freeSlots(bookings, { dayStart = '09:00', dayEnd = '17:00', minMinutes = 30 } = {}) {
  const open = toMinutes(dayStart);
  const close = toMinutes(dayEnd);
  const slots = [];
  let cursor = open;
  for (const [s, e] of mergeBusy(bookings)) {
    const start = Math.max(toMinutes(s), open);
    const end = Math.min(toMinutes(e), close);
    if (end <= open || start >= close) continue;
    if (start - cursor >= minMinutes) slots.push([fromMinutes(cursor), fromMinutes(start)]);
    cursor = Math.max(cursor, end);
  }
  if (close - cursor >= minMinutes) slots.push([fromMinutes(cursor), fromMinutes(close)]);
  return slots;
}

module.exports = { mergeBusy, freeSlots, toMinutes, fromMinutes };

assert.strictEqual(toMinutes('09:30'), 570);
assert.strictEqual(fromMinutes(1005), '16:45');
assert.deepStrictEqual(mergeBusy([['09:00', '10:00'], ['09:30', '11:00']]), [['09:00', '11:00']]);
assert.deepStrictEqual(mergeBusy([['10:00', '11:00'], ['11:00', '11:30']]), [['10:00', '11:30']]);
assert.deepStrictEqual(
  mergeBusy([['13:00', '14:00'], ['09:00', '09:30'], ['11:00', '12:00']]),
  [['09:00', '09:30'], ['11:00', '12:00'], ['13:00', '14:00']],
);
assert.deepStrictEqual(freeSlots([]), [['09:00', '17:00']]);
assert.deepStrictEqual(
  freeSlots([['08:00', '09:45'], ['12:00', '13:00'], ['16:45', '18:00']]),
  [['09:45', '12:00'], ['13:00', '16:45']],
);
assert.deepStrictEqual(
  freeSlots([['14:00', '15:00'], ['10:00', '10:20'], ['10:20', '12:00']], { dayStart: '09:30', minMinutes: 60 }),
  [['12:00', '14:00'], ['15:00', '17:00']],
);
console.log('roomSchedule: all checks passed');
