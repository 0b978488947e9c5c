function flatten(xs) {
  const out = [];
  for (const x of xs) {
    if (!Array.isArray(x)) out.push(...flatten(x));
    else out.push(x);
  }
  return out;
}

const assert = require("node:assert");
assert.deepStrictEqual(flatten([1, [2, [3, 4]], 5]), [1, 2, 3, 4, 5]);
assert.deepStrictEqual(flatten([]), []);
assert.deepStrictEqual(flatten([[[]]]), []);
