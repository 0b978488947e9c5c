import { test } from "node:test";
import assert from "node:assert/strict";
import { nextOccurrence, nextOfAny, upcoming } from "./weekly";

const iso = (d: Date) => d.toISOString().slice(0, 16);

// 2024-05-15 is a Wednesday
const wednesdayMorning = new Date("2024-05-15T08:00:00Z");

test("later the same day", () => {
  assert.equal(iso(nextOccurrence(wednesdayMorning, { weekday: 3, hour: 9, minute: 30 })), "2024-05-15T09:30");
});

test("same weekday but the time has passed -> next week", () => {
  assert.equal(iso(nextOccurrence(wednesdayMorning, { weekday: 3, hour: 7 })), "2024-05-22T07:00");
});

test("later this week", () => {
  assert.equal(iso(nextOccurrence(wednesdayMorning, { weekday: 5, hour: 17 })), "2024-05-17T17:00");
});

test("weekday earlier in the week wraps to next week", () => {
  assert.equal(iso(nextOccurrence(wednesdayMorning, { weekday: 1, hour: 10 })), "2024-05-20T10:00");
});

test("exactly at the slot time moves on a week", () => {
  const at = new Date("2024-05-17T17:00:00Z");
  assert.equal(iso(nextOccurrence(at, { weekday: 5, hour: 17 })), "2024-05-24T17:00");
});

test("upcoming crosses a month boundary", () => {
  const dates = upcoming(new Date("2024-05-20T12:00:00Z"), { weekday: 4, hour: 9 }, 3).map(iso);
  assert.deepEqual(dates, ["2024-05-23T09:00", "2024-05-30T09:00", "2024-06-06T09:00"]);
});

test("nextOfAny picks the soonest slot", () => {
  // Friday evening: the Tuesday slot comes before the Thursday one
  const fridayEvening = new Date("2024-05-17T19:00:00Z");
  const next = nextOfAny(fridayEvening, [
    { weekday: 4, hour: 14, minute: 30 },
    { weekday: 2, hour: 9 },
  ]);
  assert.equal(iso(next), "2024-05-21T09:00");
});

test("nextOfAny needs at least one slot", () => {
  assert.throws(() => nextOfAny(wednesdayMorning, []), /no slots/);
});
