const { topScorers, parseScore, average } = require("./scores");

describe("scores", () => {
  test("top scorers", () => {
    const top = topScorers([{ name: "a", score: 3 }, { name: "b", score: 9 }, { name: "c", score: 5 }], 2);
    expect(top).toHaveLength(2);
    expect(top).toContain("b");
    expect(top).toEqual(["b", "c"]);
  });

  test("parse", () => {
    expect(parseScore("7/10")).toMatchObject({ points: 7, total: 10 });
    expect(() => parseScore("nope")).toThrow(/bad score/);
    expect(parseScore("0/5").points).toBe(0);
  });

  test("average", () => {
    expect(average([1, 2, 4])).toBeCloseTo(2.333, 2);
    expect(average([])).toBeNull();
  });
});
