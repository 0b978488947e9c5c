const assert = require("node:assert");
const { greet } = require("./greet");

assert.strictEqual(greet("ann", false), "hello ann");
assert.strictEqual(greet("bo", true), "HELLO BO");
