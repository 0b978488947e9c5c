import { describe, it } from "node:test";
import assert from "node:assert";
import { Stack } from "./stack";

describe("Stack", () => {
  it("pops in reverse order", () => {
    const stack = new Stack<number>();
    stack.push(1);
    stack.push(2);
    assert.strictEqual(stack.pop(), 2);
    assert.strictEqual(stack.size, 1);
  });

  it("peeks at the top", () => {
    const stack = new Stack<string>();
    stack.push("a");
    stack.push("b");
    assert.strictEqual(stack.peek(), "b");
  });
});
