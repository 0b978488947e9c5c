const test = require("node:test");
const assert = require("node:assert/strict");
const { Counter } = require("./counter");

test("increments", () => {
  const counter = new Counter(5);
  counter.increment().increment(2);
  assert.equal(counter.value, 8);
});

test("counts instances", () => {
  const before = Counter.instances;
  new Counter();
  assert.equal(Counter.instances, before + 1);
});
