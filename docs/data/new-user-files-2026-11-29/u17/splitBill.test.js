const { describe, it } = require('node:test');
const assert = require('node:assert');
const { splitBill, formatSummary } = require('./splitBill');

const dinner = [
  { name: 'pizza', price: 18.5 },
  { name: 'salad', price: 9.25 },
  { name: 'soda', price: 2.75, qty: 2 },
];

describe('splitBill', () => {
  it('uses a 15% tip by default', () => {
    const result = splitBill(dinner, 2);
    assert.strictEqual(result.subtotal, 33.25);
    assert.strictEqual(result.tip, 4.99);
    assert.strictEqual(result.total, 38.24);
    assert.deepStrictEqual(result.shares, [19.12, 19.12]);
  });

  it('honours a custom tip', () => {
    const result = splitBill(dinner, 1, { tipPercent: 20 });
    assert.strictEqual(result.tip, 6.65);
    assert.strictEqual(result.total, 39.9);
  });

  it('allows leaving no tip', () => {
    const result = splitBill(dinner, 1, { tipPercent: 0 });
    assert.strictEqual(result.tip, 0);
    assert.strictEqual(result.total, 33.25);
  });

  it('adds tax and optionally tips on it', () => {
    const plain = splitBill([{ price: 100 }], 1, { taxRate: 0.1, tipPercent: 10 });
    assert.strictEqual(plain.tax, 10);
    assert.strictEqual(plain.tip, 10);
    const onTax = splitBill([{ price: 100 }], 1, { taxRate: 0.1, tipPercent: 10, tipOnTax: true });
    assert.strictEqual(onTax.tip, 11);
  });

  it('spreads leftover cents over the first people', () => {
    const result = splitBill([{ price: 10 }], 3, { tipPercent: 0 });
    assert.deepStrictEqual(result.shares, [3.34, 3.33, 3.33]);
    assert.strictEqual(result.shares.reduce((a, b) => a + b, 0).toFixed(2), '10.00');
  });

  it('rejects a bad head count', () => {
    assert.throws(() => splitBill(dinner, 0), RangeError);
    assert.throws(() => splitBill(dinner, 2.5), RangeError);
  });
});

describe('formatSummary', () => {
  it('shows a single amount when shares are equal', () => {
    assert.strictEqual(formatSummary(splitBill(dinner, 2)), 'Total $38.24 (tip $4.99): $19.12 each');
  });

  it('lists shares when they differ', () => {
    assert.strictEqual(
      formatSummary(splitBill([{ price: 10 }], 3, { tipPercent: 0 })),
      'Total $10.00 (tip $0.00): $3.34 / $3.33 / $3.33',
    );
  });
});
