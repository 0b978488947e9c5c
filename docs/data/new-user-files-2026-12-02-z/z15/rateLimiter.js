'use strict';

/** Token bucket: holds up to `capacity` tokens, refilled continuously. */
class TokenBucket {
  constructor({ capacity, refillPerSecond, now = Date.now }) {
    if (capacity <= 0 || refillPerSecond <= 0) {
      throw new RangeError('capacity and refillPerSecond must be positive');
    }
    this.capacity = capacity;
    this.refillPerSecond = refillPerSecond;
    this.now = now;
    this.tokens = capacity;
    this.lastRefill = now();
  }

  _refill() {
    const current = this.now();
    const elapsedSeconds = (current - this.lastRefill) / 1000;
    if (elapsedSeconds > 0) {
      this.tokens = Math.min(this.capacity, this.tokens + elapsedSeconds * this.refillPerSecond);
    }
  }

  tryRemove(count = 1) {
    this._refill();
    if (this.tokens >= count) {
      this.tokens -= count;
      return true;
    }
    return false;
  }

  /** Milliseconds until `count` tokens will be available (0 if they are now). */
  msUntilAvailable(count = 1) {
    this._refill();
    if (this.tokens >= count) return 0;
    return Math.ceil(((count - this.tokens) / this.refillPerSecond) * 1000);
  }
}

/** One bucket per client key (user id, IP address, API token...). */
class RateLimiter {
  constructor(options) {
    this.options = options;
    this.buckets = new Map();
  }

  allow(key, cost = 1) {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = new TokenBucket(this.options);
      this.buckets.set(key, bucket);
    }
    return bucket.tryRemove(cost);
  }
}

module.exports = { TokenBucket, RateLimiter };
