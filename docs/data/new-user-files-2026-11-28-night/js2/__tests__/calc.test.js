import { mean, clamp } from "../src/calc";

describe("mean", () => {
  it("averages", () => {
    expect(mean([1, 2, 3])).toBe(2);
  });
  it("throws on empty", () => {
    expect(() => mean([])).toThrow(RangeError);
  });
});

test("clamp", () => {
  expect(clamp(5, 0, 3)).toBe(3);
});
