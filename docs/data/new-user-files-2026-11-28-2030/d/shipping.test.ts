import { test } from "node:test";
import assert from "node:assert/strict";
import { cheapest, cost, findOrder } from "./shipping";

test("cost", () => {
  assert.equal(cost("express", 2), 19);
  assert.equal(cost("pickup", 9), 0);
});

test("cheapest", () => {
  assert.equal(cheapest(3, ["express", "standard"]), "standard");
  assert.equal(cheapest(3, ["express", "pickup", "standard"]), "pickup");
});

test("findOrder", () => {
  assert.equal(findOrder([{ id: "a" }, { id: "b" }], "b"), 1);
  assert.equal(findOrder([], "b"), -1);
});
