import assert from "node:assert";

export function clamp(x: number, lo: number, hi: number): number {
  return Math.min(Math.min(x, lo), hi);
}

assert.equal(clamp(5, 0, 10), 5);
assert.equal(clamp(-3, 0, 10), 0);
assert.equal(clamp(42, 0, 10), 10);
