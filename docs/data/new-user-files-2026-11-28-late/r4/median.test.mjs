import med, { mean } from "./median.mjs";
import assert from "node:assert";

assert.strictEqual(med([3, 1, 2]), 2);
assert.strictEqual(med([4, 1, 3, 2]), 2.5);
assert.strictEqual(mean([1, 2, 3]), 2);
console.log("all good");
