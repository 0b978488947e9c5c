import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { detectBrand, luhnValid, maskCard, validateCard } from './card.ts';

describe('luhnValid', () => {
  it('accepts well-known 16 digit test numbers', () => {
    assert.equal(luhnValid('4111 1111 1111 1111'), true);
    assert.equal(luhnValid('5555-5555-5555-4444'), true);
    assert.equal(luhnValid('6011111111111117'), true);
  });

  it('rejects a typo in a 16 digit number', () => {
    assert.equal(luhnValid('4111 1111 1111 1112'), false);
  });

  it('accepts 15 digit amex test numbers', () => {
    assert.equal(luhnValid('3782 822463 10005'), true);
    assert.equal(luhnValid('371449635398431'), true);
  });

  it('accepts the 13 digit legacy visa test number', () => {
    assert.equal(luhnValid('4222222222222'), true);
  });

  it('rejects junk', () => {
    assert.equal(luhnValid('abcd'), false);
    assert.equal(luhnValid('1234'), false);
  });
});

describe('detectBrand / maskCard', () => {
  it('detects brands by prefix', () => {
    assert.equal(detectBrand('4111111111111111'), 'visa');
    assert.equal(detectBrand('2221000000000009'), 'mastercard');
    assert.equal(detectBrand('378282246310005'), 'amex');
    assert.equal(detectBrand('9999'), 'unknown');
  });

  it('masks all but the last four digits', () => {
    assert.equal(maskCard('4111 1111 1111 1111'), '•••• •••• •••• 1111');
    assert.equal(maskCard('378282246310005'), '•••• •••••• •0005');
  });
});

describe('validateCard', () => {
  it('valid visa', () => {
    assert.deepEqual(validateCard('4111111111111111'), { ok: true, brand: 'visa' });
  });

  it('valid amex', () => {
    assert.deepEqual(validateCard('3782 822463 10005'), { ok: true, brand: 'amex' });
  });

  it('wrong length is reported before the checksum', () => {
    assert.deepEqual(validateCard('411111111111'), { ok: false, brand: 'visa', error: 'wrong length' });
  });
});
