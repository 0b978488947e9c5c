import { expect, test } from "vitest";
import { Grade, grade, histogram } from "./grades";

test.each([
  [95, Grade.A],
  [80, Grade.B],
  [70, Grade.C],
  [69, Grade.F],
])("grade(%i) is %s", (score, expected) => {
  expect(grade(score)).toBe(expected);
});

test("histogram", () => {
  expect(histogram([95, 85, 70, 10])).toEqual({ A: 1, B: 1, C: 1, F: 1 });
});
