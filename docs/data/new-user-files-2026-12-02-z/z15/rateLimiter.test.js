'use strict';
const { describe, it, beforeEach } = require('node:test');
const assert = require('node:assert/strict');
const { TokenBucket, RateLimiter } = require('./rateLimiter');

describe('TokenBucket', () => {
  let clock;
  const now = () => clock;
  beforeEach(() => {
    clock = 1_000_000;
  });

  it('allows a burst up to capacity, then rejects', () => {
    const bucket = new TokenBucket({ capacity: 3, refillPerSecond: 1, now });
    assert.deepEqual([1, 2, 3, 4].map(() => bucket.tryRemove()), [true, true, true, false]);
  });

  it('refills at the configured rate', () => {
    const bucket = new TokenBucket({ capacity: 2, refillPerSecond: 1, now });
    bucket.tryRemove();
    bucket.tryRemove();
    clock += 1000;
    assert.equal(bucket.tryRemove(), true);
    assert.equal(bucket.tryRemove(), false);
  });

  it('never holds more than capacity', () => {
    const bucket = new TokenBucket({ capacity: 2, refillPerSecond: 5, now });
    clock += 60_000;
    const results = [];
    for (let i = 0; i < 4; i++) results.push(bucket.tryRemove());
    assert.deepEqual(results, [true, true, false, false]);
  });

  it('reports how long to wait', () => {
    const bucket = new TokenBucket({ capacity: 1, refillPerSecond: 0.5, now });
    assert.equal(bucket.msUntilAvailable(), 0);
    bucket.tryRemove();
    assert.equal(bucket.msUntilAvailable(), 2000);
  });

  it('rejects invalid configuration', () => {
    assert.throws(() => new TokenBucket({ capacity: 0, refillPerSecond: 1 }), RangeError);
  });
});

describe('RateLimiter', () => {
  it('tracks each key separately', () => {
    const clock = 0;
    const limiter = new RateLimiter({ capacity: 1, refillPerSecond: 1, now: () => clock });
    assert.equal(limiter.allow('alice'), true);
    assert.equal(limiter.allow('alice'), false);
    assert.equal(limiter.allow('bob'), true);
  });

  it('supports weighted requests', () => {
    const limiter = new RateLimiter({ capacity: 10, refillPerSecond: 1, now: () => 0 });
    assert.equal(limiter.allow('export', 8), true);
    assert.equal(limiter.allow('export', 3), false);
    assert.equal(limiter.allow('export', 2), true);
  });
});
