'use strict';
const { describe, it } = require('node:test');
const assert = require('node:assert/strict');
const { TokenBucket, KeyedLimiter } = require('./tokenBucket');

function fakeClock(start = 1_000_000) {
  const clock = () => clock.t;
  clock.t = start;
  return clock;
}

describe('TokenBucket', () => {
  it('starts full and allows a burst of exactly `capacity` requests', () => {
    const now = fakeClock();
    const bucket = new TokenBucket({ capacity: 3, refillPerSecond: 1, now });
    assert.equal(bucket.tryRemove(), true);
    assert.equal(bucket.tryRemove(), true);
    assert.equal(bucket.tryRemove(), true);
    assert.equal(bucket.tryRemove(), false);
  });

  it('can take the whole capacity at once', () => {
    const bucket = new TokenBucket({ capacity: 5, refillPerSecond: 1, now: fakeClock() });
    assert.equal(bucket.tryRemove(5), true);
    assert.equal(bucket.tryRemove(1), false);
  });

  it('refills over time', () => {
    const now = fakeClock();
    const bucket = new TokenBucket({ capacity: 2, refillPerSecond: 2, now });
    bucket.tryRemove(2);
    now.t += 250;
    assert.equal(bucket.tryRemove(), false);
    now.t += 250;
    assert.equal(bucket.tryRemove(), true);
    assert.equal(bucket.tryRemove(), false);
  });

  it('never holds more than capacity after a long idle period', () => {
    const now = fakeClock();
    const bucket = new TokenBucket({ capacity: 2, refillPerSecond: 10, now });
    now.t += 60_000;
    assert.equal(bucket.tryRemove(2), true);
    assert.equal(bucket.tryRemove(), false);
  });

  it('reports how long to wait', () => {
    const now = fakeClock();
    const bucket = new TokenBucket({ capacity: 4, refillPerSecond: 4, now });
    assert.equal(bucket.msUntilAvailable(4), 0);
    bucket.tryRemove(4);
    assert.equal(bucket.msUntilAvailable(1), 250);
    assert.equal(bucket.msUntilAvailable(3), 750);
  });

  it('rejects requests larger than capacity and bad options', () => {
    const bucket = new TokenBucket({ capacity: 2, refillPerSecond: 1, now: fakeClock() });
    assert.equal(bucket.tryRemove(3), false);
    assert.throws(() => new TokenBucket({ capacity: 0, refillPerSecond: 1 }), RangeError);
  });
});

describe('KeyedLimiter', () => {
  it('keeps a separate bucket per key', () => {
    const now = fakeClock();
    const limiter = new KeyedLimiter({ capacity: 1, refillPerSecond: 1, now });
    assert.equal(limiter.allow('alice'), true);
    assert.equal(limiter.allow('alice'), false);
    assert.equal(limiter.allow('bob'), true);
  });
});
