import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { Fixed } from "./rates";

describe("Fixed", () => {
  it("converts at the rate", () => {
    assert.equal(new Fixed(2).convert(10), 20);
  });

  it("takes the fee", () => {
    assert.equal(new Fixed(1, 1.5).format(10), "8.50");
  });
});
