'use strict';

/**
 * Token bucket rate limiter for outgoing API calls.
 *
 * The bucket holds at most `capacity` tokens and gains one token every
 * `refillEveryMs` milliseconds. `now` can be injected so callers (and
 * tests) control the clock.
 */
class TokenBucket {
  constructor({ capacity, refillEveryMs, now = Date.now }) {
    if (!(capacity > 0) || !(refillEveryMs > 0)) {
      throw new RangeError('capacity and refillEveryMs must be positive');
    }
    this.capacity = capacity;
    this.refillEveryMs = refillEveryMs;
    this.now = now;
    this.tokens = capacity;
    this.lastRefill = now();
  }

  _refill() {
    const current = this.now();
    const earned = Math.floor((current - this.lastRefill) / this.refillEveryMs);
    if (earned > 0) {
      this.tokens = Math.min(this.capacity, this.tokens + earned);
      this.lastRefill = current;
    }
  }

  /** Take `count` tokens if available; returns true on success. */
  tryRemove(count = 1) {
    this._refill();
    if (count > this.tokens) return false;
    this.tokens -= count;
    return true;
  }

  /** Milliseconds until `count` tokens will be available (0 if they already are). */
  msUntilAvailable(count = 1) {
    if (count > this.capacity) return Infinity;
    this._refill();
    const missing = count - this.tokens;
    if (missing <= 0) return 0;
    const sinceRefill = this.now() - this.lastRefill;
    return missing * this.refillEveryMs - sinceRefill;
  }
}

module.exports = { TokenBucket };
