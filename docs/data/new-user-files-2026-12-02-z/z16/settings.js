'use strict';

/**
 * Read-through cache in front of a remote settings store.
 * If the store is unreachable, a configured default is served instead.
 */
class SettingsService {
  constructor(store, { defaults = {}, ttlMs = 30_000, now = Date.now } = {}) {
    this.store = store;
    this.defaults = defaults;
    this.ttlMs = ttlMs;
    this.now = now;
    this.cache = new Map();
  }

  async get(key) {
    const cached = this.cache.get(key);
    if (cached && this.now() - cached.storedAt < this.ttlMs) {
      return cached.value;
    }
    try {
      const value = this.store.fetch(key);
      this.cache.set(key, { value, storedAt: this.now() });
      return value;
    } catch (err) {
      if (Object.prototype.hasOwnProperty.call(this.defaults, key)) {
        return this.defaults[key];
      }
      throw err;
    }
  }

  async getMany(keys) {
    const values = await Promise.all(keys.map((key) => this.get(key)));
    return Object.fromEntries(keys.map((key, i) => [key, values[i]]));
  }

  invalidate(key) {
    this.cache.delete(key);
  }
}

module.exports = { SettingsService };
