'use strict';
const assert = require('node:assert');

const NUMERALS = [
  [1000, 'M'],
  [500, 'D'],
  [100, 'C'],
  [90, 'XC'],
  [50, 'L'],
  [40, 'XL'],
  [10, 'X'],
  [9, 'IX'],
  [5, 'V'],
  [4, 'IV'],
  [1, 'I'],
];

const VALUES = { I: 1, V: 5, X: 10, L: 50, C: 100, D: 500, M: 1000 };

function toRoman(n) {
  if (!Number.isInteger(n) || n < 1 || n > 3999) {
    throw new RangeError(`cannot convert ${n} to a roman numeral`);
  }
  let out = '';
  for (const [value, symbol] of NUMERALS) {
    while (n >= value) {
      out += symbol;
      n -= value;
    }
  }
  return out;
}

function fromRoman(str) {
  const s = str.trim().toUpperCase();
  if (!/^[IVXLCDM]+$/.test(s)) throw new SyntaxError(`not a roman numeral: ${str}`);
  let total = 0;
  for (let i = 0; i < s.length; i++) {
    const current = VALUES[s[i]];
    const next = VALUES[s[i + 1]] || 0;
    total += current < next ? -current : current;
  }
  if (toRoman(total) !== s) throw new SyntaxError(`malformed roman numeral: ${str}`);
  return total;
}

module.exports = { toRoman, fromRoman };

// --- quick checks: run `node roman.js` ---
if (require.main === module) {
  assert.strictEqual(toRoman(1), 'I');
  assert.strictEqual(toRoman(4), 'IV');
  assert.strictEqual(toRoman(9), 'IX');
  assert.strictEqual(toRoman(14), 'XIV');
  assert.strictEqual(toRoman(58), 'LVIII');
  assert.strictEqual(toRoman(2024), 'MMXXIV');
  assert.strictEqual(fromRoman('xlii'), 42);
  assert.throws(() => toRoman(0), RangeError);
  assert.throws(() => fromRoman('ABC'), SyntaxError);
  assert.throws(() => fromRoman('IIII'), SyntaxError);
  assert.strictEqual(toRoman(1994), 'MCMXCIV');
  assert.strictEqual(toRoman(444), 'CDXLIV');
  assert.strictEqual(fromRoman('MCMXCIV'), 1994);
  assert.strictEqual(toRoman(3999), 'MMMCMXCIX');
  for (let n = 1; n <= 3999; n++) {
    assert.strictEqual(fromRoman(toRoman(n)), n);
  }
  console.log('roman: all checks passed');
}
