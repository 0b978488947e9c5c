'use strict';

const { describe, it, beforeEach } = require('node:test');
const assert = require('node:assert');
const { LRUCache } = require('./lruCache');

describe('LRUCache', () => {
  let clock;
  let cache;

  beforeEach(() => {
    clock = { t: 0 };
    cache = new LRUCache({ maxEntries: 3, now: () => clock.t });
  });

  it('stores and returns values', () => {
    cache.set('a', 1).set('b', 2);
    assert.strictEqual(cache.get('a'), 1);
    assert.strictEqual(cache.get('missing'), undefined);
    assert.deepStrictEqual({ hits: cache.hits, misses: cache.misses }, { hits: 1, misses: 1 });
  });

  it('evicts the least recently inserted entry when full', () => {
    cache.set('a', 1).set('b', 2).set('c', 3).set('d', 4);
    assert.deepStrictEqual(cache.keys(), ['b', 'c', 'd']);
  });

  it('treats a read as a use', () => {
    cache.set('a', 1).set('b', 2).set('c', 3);
    cache.get('a');
    cache.set('d', 4);
    assert.strictEqual(cache.has('a'), true);
    assert.strictEqual(cache.has('b'), false);
    assert.deepStrictEqual(cache.keys(), ['c', 'a', 'd']);
  });

  it('overwriting a key moves it to the most recent position', () => {
    cache.set('a', 1).set('b', 2).set('a', 10);
    assert.deepStrictEqual(cache.keys(), ['b', 'a']);
    assert.strictEqual(cache.get('a'), 10);
  });

  it('expires entries after ttl', () => {
    const ttlCache = new LRUCache({ maxEntries: 3, ttlMs: 1000, now: () => clock.t });
    ttlCache.set('token', 'abc');
    clock.t = 999;
    assert.strictEqual(ttlCache.get('token'), 'abc');
    clock.t = 2000;
    assert.strictEqual(ttlCache.get('token'), undefined);
    assert.strictEqual(ttlCache.size, 0);
  });

  it('rejects a zero capacity', () => {
    assert.throws(() => new LRUCache({ maxEntries: 0 }), RangeError);
  });
});
