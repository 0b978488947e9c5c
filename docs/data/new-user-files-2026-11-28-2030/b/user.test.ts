import { strict as assert } from "node:assert";
import { test } from "node:test";
import { cityOf, contact, isAdult } from "./user";

test("city", () => {
  assert.equal(cityOf({ name: "a", address: { city: "Oslo" } }), "Oslo");
  assert.equal(cityOf({ name: "a" }), "unknown");
});

test("contact", () => {
  assert.equal(contact({ name: "ann", email: "ann@x.org" }), "ann@x.org");
  assert.equal(contact({ name: "bob" }), "bob");
});

test("adult", () => {
  assert.equal(isAdult(18), true);
  assert.equal(isAdult(17), false);
  assert.equal(isAdult(undefined), false);
});
