const assert = require("assert");

function toCamel(name) {
  return name
    .split("_")
    .map((part, i) => (i === 0 ? part : part[0].toLowerCase() + part.slice(1)))
    .join("");
}

assert.strictEqual(toCamel("user_id"), "userId");
assert.strictEqual(toCamel("a_long_name"), "aLongName");
assert.strictEqual(toCamel("plain"), "plain");
