'use strict';

class LRUCache {
  constructor({ maxEntries = 100, ttlMs = 0, now = Date.now } = {}) {
    if (maxEntries < 1) throw new RangeError('maxEntries must be >= 1');
    this.maxEntries = maxEntries;
    this.ttlMs = ttlMs;
    this.now = now;
    this.map = new Map();
    this.hits = 0;
    this.misses = 0;
  }

  _expired(entry) {
    return this.ttlMs > 0 && this.now() - entry.storedAt >= this.ttlMs;
  }

  get(key) {
    const entry = this.map.get(key);
    if (!entry || this._expired(entry)) {
      if (entry) this.map.delete(key);
      this.misses++;
      return undefined;
    }
    this.hits++;
    return entry.value;
  }

  has(key) {
    const entry = this.map.get(key);
    return entry !== undefined && !this._expired(entry);
  }

  set(key, value) {
    if (this.map.has(key)) this.map.delete(key);
    this.map.set(key, { value, storedAt: this.now() });
    while (this.map.size > this.maxEntries) {
      const oldest = this.map.keys().next().value;
      this.map.delete(oldest);
    }
    return this;
  }

  delete(key) {
    return this.map.delete(key);
  }

  keys() {
    return [...this.map.keys()];
  }

  get size() {
    return this.map.size;
  }
}

module.exports = { LRUCache };
