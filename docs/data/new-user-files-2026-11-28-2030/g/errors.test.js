const assert = require("node:assert/strict");
const { test } = require("node:test");
const { ValidationError, validateAge, ids } = require("./errors");

test("valid ages pass through", () => {
  assert.equal(validateAge(30), 30);
  assert.equal(validateAge(0), 0);
});

test("invalid ages throw ValidationError", () => {
  assert.throws(() => validateAge(-1), ValidationError);
  assert.throws(() => validateAge(1.5), { field: "age", message: "age: must be an integer" });
});

test("ids are 1-based", () => {
  assert.deepEqual(ids(3), [1, 2, 3]);
});
