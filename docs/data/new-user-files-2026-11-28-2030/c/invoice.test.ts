import assert from "node:assert/strict";
import { test } from "node:test";
import { subtotal, withTax } from "./invoice.ts";

test("subtotal defaults quantity to one", () => {
  assert.equal(subtotal([{ price: 5 }, { price: 2, quantity: 3 }]), 11);
});

test("tax", () => {
  assert.equal(withTax(10), 12);
  assert.equal(withTax(10, { rate: 0.055 }), 10.55);
  assert.equal(withTax(0.1, { rate: 0.15 }), 0.12);
});
