const assert = require('assert');
const { describe, it, beforeEach } = require('node:test');
const { Inventory } = require('./inventory');

describe('Inventory', () => {
  let inv;
  beforeEach(() => {
    inv = new Inventory();
    inv.add('apple', 5);
  });

  it('adds', () => {
    inv.add('apple', 2);
    assert.strictEqual(inv.items.get('apple'), 7);
  });

  it('removes', () => {
    inv.remove('apple', 3);
    assert.deepStrictEqual([...inv.items.entries()], [['apple', 2]]);
  });

  it('refuses to overdraw', () => {
    assert.throws(() => inv.remove('apple', 9), /not enough apple/);
  });

  it('totals', () => {
    inv.add('pear', 4);
    inv.remove('pear', 1);
    assert.strictEqual(inv.total(), 8);
  });
});
