import { beforeEach, describe, expect, it } from "vitest";
import { formatMinutes, mergeIntervals, RoomCalendar, toMinutes } from "./rooms";

describe("time helpers", () => {
  it("converts between HH:MM and minutes", () => {
    expect(toMinutes("09:30")).toBe(570);
    expect(toMinutes("0:05")).toBe(5);
    expect(formatMinutes(570)).toBe("09:30");
  });

  it("rejects invalid times", () => {
    expect(() => toMinutes("25:00")).toThrow("invalid time");
    expect(() => toMinutes("9.30")).toThrow("invalid time");
  });
});

describe("mergeIntervals", () => {
  it("merges overlapping and touching intervals", () => {
    expect(mergeIntervals([[60, 120], [0, 30], [30, 45], [100, 150]])).toEqual([[0, 45], [60, 150]]);
  });

  it("keeps an interval that contains the next one", () => {
    expect(mergeIntervals([[0, 100], [10, 20], [30, 40]])).toEqual([[0, 100]]);
  });
});

describe("RoomCalendar", () => {
  let calendar: RoomCalendar;

  beforeEach(() => {
    calendar = new RoomCalendar();
    calendar.book("Atlas", "09:00", "10:00", "ana");
  });

  it("rejects overlapping bookings in the same room", () => {
    expect(() => calendar.book("Atlas", "09:30", "11:00", "ben")).toThrow("already booked 09:00-10:00");
    expect(() => calendar.book("Atlas", "08:00", "12:00", "ben")).toThrow("already booked");
  });

  it("allows the same time in another room", () => {
    expect(calendar.book("Borealis", "09:00", "10:00", "ben").id).toBe("BK-2");
  });

  it("allows back-to-back bookings", () => {
    expect(() => calendar.book("Atlas", "10:00", "11:00", "ben")).not.toThrow();
    expect(() => calendar.book("Atlas", "08:00", "09:00", "cho")).not.toThrow();
  });

  it("lists free slots around bookings", () => {
    calendar.book("Atlas", "13:00", "13:45", "ben");
    expect(calendar.freeSlots("Atlas")).toEqual(["08:00-09:00", "10:00-13:00", "13:45-18:00"]);
  });

  it("skips gaps shorter than the minimum", () => {
    calendar.book("Atlas", "10:15", "17:00", "ben");
    expect(calendar.freeSlots("Atlas", "08:00", "18:00", 30)).toEqual(["08:00-09:00", "17:00-18:00"]);
  });

  it("cancelling frees the slot", () => {
    const booking = calendar.book("Atlas", "12:00", "12:30", "dan");
    expect(calendar.cancel(booking.id)).toBe(true);
    expect(calendar.cancel(booking.id)).toBe(false);
    expect(calendar.freeSlots("Atlas")).toEqual(["08:00-09:00", "10:00-18:00"]);
  });
});
