import { describe, it, expect, vi } from "vitest";
import { discount } from "./price";

describe("discount", () => {
  it.each([
    [100, 0, 100],
    [100, 50, 50],
  ])("discount(%i, %i) is %i", (price, percent, want) => {
    expect(discount(price, percent)).toBe(want);
  });

  it("is called", () => {
    const spy = vi.fn((x: number) => x * 2);
    expect([1, 2].map(spy)).toEqual([2, 4]);
    expect(spy).toHaveBeenCalledTimes(2);
  });
});
