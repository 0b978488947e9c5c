import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { identity, multiply, power, shape, transformPoints, transpose } from "./matrix";

describe("matrix", () => {
  it("transposes", () => {
    assert.deepEqual(transpose([[1, 2, 3], [4, 5, 6]]), [[1, 4], [2, 5], [3, 6]]);
  });

  it("multiplies square matrices", () => {
    assert.deepEqual(multiply([[1, 2], [3, 4]], [[5, 6], [7, 8]]), [[19, 22], [43, 50]]);
  });

  it("identity is neutral", () => {
    const m = [[2, -1, 0], [1, 3, 4], [0, 5, 1]];
    assert.deepEqual(multiply(identity(3), m), m);
    assert.deepEqual(multiply(m, identity(3)), m);
  });

  it("multiplies non-square matrices", () => {
    const a = [[1, 2, 3], [4, 5, 6]];
    const b = [[7, 8], [9, 10], [11, 12]];
    const product = multiply(a, b);
    assert.deepEqual(shape(product), [2, 2]);
    assert.deepEqual(product, [[58, 64], [139, 154]]);
  });

  it("rejects incompatible shapes", () => {
    assert.throws(() => multiply([[1, 2]], [[1, 2]]), /cannot multiply 1x2 by 1x2/);
  });

  it("computes Fibonacci numbers with matrix powers", () => {
    assert.deepEqual(power([[1, 1], [1, 0]], 10), [[89, 55], [55, 34]]);
    assert.deepEqual(power([[1, 1], [1, 0]], 0), identity(2));
  });

  it("rotates points by 90 degrees", () => {
    const rotate = [[0, -1], [1, 0]];
    assert.deepEqual(transformPoints(rotate, [[1, 0], [0, 2], [3, 4]]), [[0, 1], [-2, 0], [-4, 3]]);
  });
});
