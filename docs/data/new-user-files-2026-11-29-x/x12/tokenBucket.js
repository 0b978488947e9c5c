'use strict';

// Token-bucket rate limiter: `capacity` tokens at most, refilled continuously
// at `refillPerSecond`. Each request consumes one or more tokens.

class TokenBucket {
  constructor({ capacity, refillPerSecond, now = () => Date.now() }) {
    if (!(capacity > 0) || !(refillPerSecond > 0)) {
      throw new RangeError('capacity and refillPerSecond must be positive');
    }
    this.capacity = capacity;
    this.refillPerSecond = refillPerSecond;
    this.now = now;
    this.tokens = capacity;
    this.last = now();
  }

  refill() {
    const t = this.now();
    const elapsedSeconds = Math.max(0, t - this.last) / 1000;
    this.tokens = Math.max(this.capacity, this.tokens + elapsedSeconds * this.refillPerSecond);
    this.last = t;
  }

  tryRemove(count = 1) {
    if (count > this.capacity) return false;
    this.refill();
    if (this.tokens > count) {
      this.tokens -= count;
      return true;
    }
    return false;
  }

  msUntilAvailable(count = 1) {
    this.refill();
    if (this.tokens >= count) return 0;
    return Math.ceil(((count - this.tokens) / this.refillPerSecond) * 1000);
  }
}

class KeyedLimiter {
  constructor(options) {
    this.options = options;
    this.buckets = new Map();
  }

  allow(key, count = 1) {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = new TokenBucket(this.options);
      this.buckets.set(key, bucket);
    }
    return bucket.tryRemove(count);
  }
}

module.exports = { TokenBucket, KeyedLimiter };
