export interface CacheStats {
  hits: number;
  misses: number;
  evictions: number;
}

export abstract class BoundedCache<K, V> {
  protected readonly entries = new Map<K, V>();
  private stats: CacheStats = { hits: 0, misses: 0, evictions: 0 };

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) {
      throw new RangeError('capacity must be a positive integer');
    }
  }

  /** Called whenever a key is read or overwritten. */
  protected abstract touch(key: K): void;

  /** Which key to drop when the cache is full. */
  protected abstract victim(): K;

  get(key: K): V | undefined {
    if (!this.entries.has(key)) {
      this.stats.misses++;
      return undefined;
    }
    this.stats.hits++;
    this.touch(key);
    return this.entries.get(key);
  }

  set(key: K, value: V): this {
    if (this.entries.has(key)) {
      this.entries.set(key, value);
      this.touch(key);
      return this;
    }
    if (this.entries.size >= this.capacity) {
      this.entries.delete(this.victim());
      this.stats.evictions++;
    }
    this.entries.set(key, value);
    return this;
  }

  keys(): K[] {
    return [...this.entries.keys()];
  }

  getStats(): Readonly<CacheStats> {
    return { ...this.stats };
  }
}

/** Least-recently-used: reads and writes move a key to the back. */
export class LruCache<K, V> extends BoundedCache<K, V> {
  protected touch(key: K): void {
    const value = this.entries.get(key) as V;
    this.entries.set(key, value);
  }

  protected victim(): K {
    return this.entries.keys().next().value as K;
  }
}

/** First-in-first-out: access order doesn't matter. */
export class FifoCache<K, V> extends BoundedCache<K, V> {
  protected touch(_key: K): void {}

  protected victim(): K {
    return this.entries.keys().next().value as K;
  }
}
