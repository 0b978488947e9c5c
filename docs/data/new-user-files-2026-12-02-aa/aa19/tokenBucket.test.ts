import { describe, it, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { TokenBucket } from './tokenBucket';

describe('TokenBucket', () => {
  let clock: number;
  const now = () => clock;

  beforeEach(() => {
    clock = 1_000_000;
  });

  it('starts full and allows a burst up to capacity', () => {
    const bucket = new TokenBucket({ capacity: 5, refillPerSecond: 1, now });
    const results = Array.from({ length: 6 }, () => bucket.tryTake());
    assert.deepEqual(results, [true, true, true, true, true, false]);
  });

  it('refills over time', () => {
    const bucket = new TokenBucket({ capacity: 2, refillPerSecond: 4, now });
    bucket.tryTake(2);
    assert.equal(bucket.tryTake(), false);
    clock += 250;
    assert.equal(bucket.tryTake(), true);
    assert.equal(bucket.tryTake(), false);
  });

  it('never holds more than its capacity after being idle', () => {
    const bucket = new TokenBucket({ capacity: 3, refillPerSecond: 10, now });
    clock += 60_000;
    assert.equal(bucket.available, 3);
    const allowed = Array.from({ length: 10 }, () => bucket.tryTake()).filter(Boolean).length;
    assert.equal(allowed, 3);
  });

  it('reports how long to wait for tokens', () => {
    const bucket = new TokenBucket({ capacity: 10, refillPerSecond: 2, now });
    assert.equal(bucket.msUntilAvailable(), 0);
    bucket.tryTake(10);
    assert.equal(bucket.msUntilAvailable(1), 500);
    assert.equal(bucket.msUntilAvailable(3), 1500);
    assert.equal(bucket.msUntilAvailable(11), Infinity);
  });

  it('wait time accounts for a partially refilled bucket after a long pause', () => {
    const bucket = new TokenBucket({ capacity: 4, refillPerSecond: 1, now });
    clock += 10_000;
    bucket.tryTake(4);
    assert.equal(bucket.msUntilAvailable(2), 2000);
  });

  it('rejects nonsense configuration', () => {
    assert.throws(() => new TokenBucket({ capacity: 0, refillPerSecond: 1 }), RangeError);
  });
});
