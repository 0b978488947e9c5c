import { describe, expect, it } from "vitest";
import { evaluate, tokenize } from "./calc";

describe("tokenize", () => {
  it("splits numbers, names and operators", () => {
    expect(tokenize("3.5*rate+ 2").map((t) => t.value)).toEqual([3.5, "*", "rate", "+", 2]);
  });

  it("rejects unknown characters", () => {
    expect(() => tokenize("2 & 3")).toThrow(SyntaxError);
  });
});

describe("evaluate", () => {
  it("respects precedence and parentheses", () => {
    expect(evaluate("2 + 3 * 4")).toBe(14);
    expect(evaluate("(2 + 3) * 4")).toBe(20);
    expect(evaluate("10 - 4 - 3")).toBe(3);
  });

  it("treats ^ as right-associative", () => {
    expect(evaluate("2 ^ 3 ^ 2")).toBe(512);
  });

  it("supports unary minus and modulo", () => {
    expect(evaluate("-3 + 10 % 4")).toBe(-1);
  });

  it("substitutes variables and calls functions", () => {
    expect(evaluate("price * qty", { price: 2.5, qty: 4 })).toBe(10);
    expect(evaluate("max(1, abs(-7), 3) + sqrt(16)")).toBe(11);
  });

  it("reports unknown names", () => {
    expect(() => evaluate("x + 1")).toThrow('unknown variable "x"');
    expect(() => evaluate("foo(1)")).toThrow('unknown function "foo"');
  });

  it("rejects division by zero", () => {
    expect(() => evaluate("1 / (2 - 2)")).toThrow(RangeError);
  });

  it("rejects trailing input", () => {
    expect(() => evaluate("1 + 2)")).toThrow(SyntaxError);
    expect(() => evaluate("3 4")).toThrow('unexpected "4"');
  });

  it("rejects incomplete expressions", () => {
    expect(() => evaluate("(1 + 2")).toThrow('expected ")"');
    expect(() => evaluate("4 *")).toThrow("unexpected end of expression");
  });
});
