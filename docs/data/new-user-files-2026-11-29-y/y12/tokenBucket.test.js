'use strict';
const { describe, it, beforeEach } = require('node:test');
const assert = require('node:assert/strict');
const { TokenBucket } = require('./tokenBucket');

describe('TokenBucket', () => {
  let clock;
  let bucket;

  beforeEach(() => {
    clock = 0;
    bucket = new TokenBucket({ capacity: 2, refillEveryMs: 1000, now: () => clock });
  });

  it('rejects bad options', () => {
    assert.throws(() => new TokenBucket({ capacity: 0, refillEveryMs: 10 }), RangeError);
  });

  it('starts full and then runs dry', () => {
    assert.equal(bucket.tryRemove(), true);
    assert.equal(bucket.tryRemove(), true);
    assert.equal(bucket.tryRemove(), false);
  });

  it('refills one token per interval', () => {
    bucket.tryRemove(2);
    clock = 1000;
    assert.equal(bucket.tryRemove(), true);
    assert.equal(bucket.tryRemove(), false);
  });

  it('never holds more than capacity', () => {
    clock = 60_000;
    assert.equal(bucket.tryRemove(3), false);
    assert.equal(bucket.tryRemove(2), true);
  });

  it('keeps partial progress between refills', () => {
    bucket.tryRemove(2);
    clock = 1500;
    assert.equal(bucket.tryRemove(), true);
    clock = 2000;
    assert.equal(bucket.tryRemove(), true, 'second token is due at t=2000');
  });

  it('reports time until the next token', () => {
    bucket.tryRemove(2);
    clock = 1200;
    assert.equal(bucket.tryRemove(), true);
    assert.equal(bucket.msUntilAvailable(), 800);
    assert.equal(bucket.msUntilAvailable(3), Infinity);
  });
});
