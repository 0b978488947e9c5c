import assert from 'node:assert/strict';

const ACCEPTED_COINS = [5, 10, 25, 100]; // cents

export class VendingMachine {
  constructor(products) {
    this.products = new Map(products.map((p) => [p.code, { ...p }]));
    this.balance = 0;
    this.state = 'idle'; // idle -> has_money -> idle
  }

  insert(coin) {
    if (!ACCEPTED_COINS.indexOf(coin)) {
      throw new RangeError(`coin not accepted: ${coin}`);
    }
    this.balance += coin;
    this.state = 'has_money';
    return this.balance;
  }

  select(code) {
    const product = this.products.get(code);
    if (!product) throw new Error(`unknown product: ${code}`);
    if (this.state !== 'has_money') throw new Error('insert money first');
    if (product.stock === 0) return { ok: false, reason: 'sold_out' };
    if (this.balance < product.price) {
      return { ok: false, reason: 'insufficient_funds', needed: product.price - this.balance };
    }
    product.stock -= 1;
    const change = this.balance - product.price;
    this.state = 'idle';
    return { ok: true, product: product.name, change };
  }

  refund() {
    const amount = this.balance;
    this.balance = 0;
    this.state = 'idle';
    return amount;
  }
}

// --- checks ---------------------------------------------------------------
const machine = new VendingMachine([
  { code: 'A1', name: 'Cola', price: 75, stock: 5 },
  { code: 'B2', name: 'Chips', price: 50, stock: 1 },
]);

assert.throws(() => machine.select('A1'), /insert money first/);
assert.throws(() => machine.select('Z9'), /unknown product/);

machine.insert(25);
assert.deepEqual(machine.select('A1'), { ok: false, reason: 'insufficient_funds', needed: 50 });
assert.equal(machine.refund(), 25);
assert.equal(machine.state, 'idle');

assert.throws(() => machine.insert(3), RangeError);
assert.throws(() => machine.insert(50), RangeError);

machine.insert(100);
assert.deepEqual(machine.select('A1'), { ok: true, product: 'Cola', change: 25 });

// next customer, exact change in mixed coins
for (const coin of [25, 10, 10, 5]) machine.insert(coin);
assert.deepEqual(machine.select('B2'), { ok: true, product: 'Chips', change: 0 });

machine.insert(100);
assert.deepEqual(machine.select('B2'), { ok: false, reason: 'sold_out' });
assert.equal(machine.refund(), 100);

console.log('vending.mjs: all checks passed');
