import limit from "./clamp";

test("clamps", () => {
  expect(limit(5, 0, 10)).toBe(5);
  expect(limit(-1, 0, 10)).toBe(0);
  expect(limit(11, 0, 10)).toBe(10);
});
