import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { nextRun, nextRuns, parseCron } from "./cron.ts";

const at = (iso: string) => new Date(iso);
const iso = (d: Date) => d.toISOString();

describe("parseCron", () => {
  it("expands lists, ranges and steps", () => {
    const s = parseCron("*/15 9-17 1,15 * 1-5");
    assert.deepEqual([...s.minutes], [0, 15, 30, 45]);
    assert.deepEqual([...s.hours], [9, 10, 11, 12, 13, 14, 15, 16, 17]);
    assert.deepEqual([...s.days], [1, 15]);
    assert.equal(s.months.size, 12);
    assert.deepEqual([...s.weekdays], [1, 2, 3, 4, 5]);
  });

  it("rejects malformed expressions", () => {
    assert.throws(() => parseCron("* * * *"), /expected 5 fields/);
    assert.throws(() => parseCron("60 * * * *"), /out of range/);
    assert.throws(() => parseCron("*/0 * * * *"), /invalid step/);
  });
});

describe("nextRun", () => {
  it("finds the next quarter hour", () => {
    assert.equal(iso(nextRun("*/15 * * * *", at("2024-05-10T08:07:30Z"))), "2024-05-10T08:15:00.000Z");
  });

  it("is strictly after the given time", () => {
    assert.equal(iso(nextRun("30 12 * * *", at("2024-05-10T12:30:00Z"))), "2024-05-11T12:30:00.000Z");
  });

  it("skips to a matching weekday", () => {
    // 2024-05-11 is a Saturday; next weekday 09:00 is Monday the 13th
    assert.equal(iso(nextRun("0 9 * * 1-5", at("2024-05-11T10:00:00Z"))), "2024-05-13T09:00:00.000Z");
  });

  it("handles a specific month and day", () => {
    assert.equal(iso(nextRun("0 0 1 1 *", at("2024-06-15T00:00:00Z"))), "2025-01-01T00:00:00.000Z");
    assert.equal(iso(nextRun("0 12 25 12 *", at("2024-03-01T00:00:00Z"))), "2024-12-25T12:00:00.000Z");
  });

  it("lists several upcoming runs", () => {
    const runs = nextRuns("0 */6 * * *", at("2024-02-28T19:00:00Z"), 3).map(iso);
    assert.deepEqual(runs, ["2024-02-29T00:00:00.000Z", "2024-02-29T06:00:00.000Z", "2024-02-29T12:00:00.000Z"]);
  });

  it("gives up on impossible dates", () => {
    assert.throws(() => nextRun("0 0 30 2 *", at("2024-01-01T00:00:00Z")), /no matching time/);
  });
});
