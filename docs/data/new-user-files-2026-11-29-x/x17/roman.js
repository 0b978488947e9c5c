'use strict';
const assert = require('node:assert/strict');

// Roman numerals for chapter numbering and copyright years (1..3999).

const NUMERALS = [
  [1000, 'M'],
  [900, 'CM'],
  [500, 'D'],
  [400, 'CD'],
  [100, 'C'],
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
    throw new RangeError(`cannot express ${n} in roman numerals`);
  }
  let out = '';
  let rest = n;
  for (const [value, symbol] of NUMERALS) {
    while (rest >= value) {
      out += symbol;
      rest -= value;
    }
  }
  return out;
}

function fromRoman(text) {
  const s = text.trim().toUpperCase();
  if (!/^[IVXLCDM]+$/.test(s)) throw new Error(`invalid roman numeral: ${text}`);
  let total = 0;
  for (let i = 0; i < s.length; i++) {
    const cur = VALUES[s[i]];
    const next = i + 1 < s.length ? VALUES[s[i + 1]] : 0;
    total += cur < next ? -cur : cur;
  }
  if (total < 1 || total > 3999 || toRoman(total) !== s) {
    throw new Error(`invalid roman numeral: ${text}`);
  }
  return total;
}

function chapterTitle(n, title) {
  return `Chapter ${toRoman(n)}: ${title}`;
}

module.exports = { toRoman, fromRoman, chapterTitle };

if (require.main === module) {
  assert.equal(toRoman(1), 'I');
  assert.equal(toRoman(4), 'IV');
  assert.equal(toRoman(1994), 'MCMXCIV');
  assert.equal(toRoman(90), 'XC');
  assert.equal(toRoman(3999), 'MMMCMXCIX');
  assert.throws(() => toRoman(0), RangeError);
  assert.throws(() => toRoman(4000), RangeError);

  assert.equal(fromRoman('mcmxciv'), 1994);
  assert.equal(fromRoman('XLII'), 42);
  assert.equal(fromRoman('XCIX'), 99);
  assert.throws(() => fromRoman('IIII'));
  assert.throws(() => fromRoman('VX'));
  assert.throws(() => fromRoman('ABC'));

  for (let n = 1; n <= 3999; n++) {
    assert.equal(fromRoman(toRoman(n)), n);
  }
  assert.equal(chapterTitle(9, 'Departure'), 'Chapter IX: Departure');
  console.log('roman numeral checks passed');
}
