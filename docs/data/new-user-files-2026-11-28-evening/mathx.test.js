const { clamp } = require("./mathx");

describe("clamp", () => {
  test.each([
    [5, 0, 10, 5],
    [-3, 0, 10, 0],
    [42, 0, 10, 10],
  ])("clamp(%i, %i, %i) is %i", (x, lo, hi, want) => {
    expect(clamp(x, lo, hi)).toBe(want);
  });

  it("calls back", () => {
    const spy = jest.fn();
    [1, 2].forEach(spy);
    expect(spy).toHaveBeenCalledTimes(2);
  });
});
