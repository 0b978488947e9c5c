const assert = require("node:assert");
const Money = require("./money");

assert.strictEqual(Money.fromDollars(12.34).cents, 1234);
assert.strictEqual(new Money(1234).add(new Money(66)).toString(), "$13.00");
assert.strictEqual(new Money(-5).toString(), "-$0.05");
assert.throws(() => new Money(1.5), { name: "TypeError", message: /integer/ });
