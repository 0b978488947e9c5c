import { describe, expect, test } from "vitest";
import { bump, compare, isValid, maxSatisfying, satisfiesCaret, sortVersions } from "./semver";

describe("compare", () => {
  test.each([
    ["1.2.3", "1.2.4", -1],
    ["2.0.0", "1.9.9", 1],
    ["1.0.0", "v1.0.0", 0],
    ["1.0.0-beta", "1.0.0", -1],
    ["1.0.0-alpha", "1.0.0-beta", -1],
    ["1.10.0", "1.9.0", 1],
    ["0.2.10", "0.2.9", 1],
  ])("compare(%s, %s) = %d", (a, b, expected) => {
    expect(compare(a, b)).toBe(expected);
  });
});

test("sortVersions", () => {
  expect(sortVersions(["1.10.0", "1.2.0", "1.9.1", "0.9.0", "1.2.0-rc.1"])).toEqual([
    "0.9.0",
    "1.2.0-rc.1",
    "1.2.0",
    "1.9.1",
    "1.10.0",
  ]);
});

describe("caret ranges", () => {
  test("same major, not lower than the base", () => {
    expect(satisfiesCaret("1.5.2", "^1.4.0")).toBe(true);
    expect(satisfiesCaret("1.3.9", "^1.4.0")).toBe(false);
    expect(satisfiesCaret("2.0.0", "^1.4.0")).toBe(false);
    expect(satisfiesCaret("1.5.0-beta", "^1.4.0")).toBe(false);
  });

  test("maxSatisfying", () => {
    const published = ["1.4.0", "1.9.3", "1.12.0", "2.0.0", "1.12.1-rc.1"];
    expect(maxSatisfying(published, "^1.4.0")).toBe("1.12.0");
    expect(maxSatisfying(published, "^3.0.0")).toBeNull();
  });
});

test("isValid and bump", () => {
  expect(isValid("1.2.3")).toBe(true);
  expect(isValid("1.2")).toBe(false);
  expect(bump("1.9.9", "patch")).toBe("1.9.10");
  expect(bump("1.9.9", "minor")).toBe("1.10.0");
  expect(bump("1.9.9", "major")).toBe("2.0.0");
});
