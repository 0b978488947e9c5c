import { describe, it, expect } from 'vitest';
import { BoundedCache, FifoCache, LruCache } from './cache';

type Op = ['set', string, number] | ['get', string];

function run(cache: BoundedCache<string, number>, ops: Op[]): Array<number | undefined> {
  const reads: Array<number | undefined> = [];
  for (const op of ops) {
    if (op[0] === 'set') cache.set(op[1], op[2]);
    else reads.push(cache.get(op[1]));
  }
  return reads;
}

describe.each([
  {
    name: 'LRU keeps recently read keys',
    make: () => new LruCache<string, number>(2),
    ops: [['set', 'a', 1], ['set', 'b', 2], ['get', 'a'], ['set', 'c', 3], ['get', 'b'], ['get', 'a']] as Op[],
    reads: [1, undefined, 1],
    keys: ['a', 'c'],
  },
  {
    name: 'LRU overwrite counts as use',
    make: () => new LruCache<string, number>(2),
    ops: [['set', 'a', 1], ['set', 'b', 2], ['set', 'a', 10], ['set', 'c', 3], ['get', 'a']] as Op[],
    reads: [10],
    keys: ['a', 'c'],
  },
  {
    name: 'FIFO ignores reads',
    make: () => new FifoCache<string, number>(2),
    ops: [['set', 'a', 1], ['set', 'b', 2], ['get', 'a'], ['set', 'c', 3], ['get', 'a']] as Op[],
    reads: [1, undefined],
    keys: ['b', 'c'],
  },
  {
    name: 'capacity 1',
    make: () => new LruCache<string, number>(1),
    ops: [['set', 'x', 1], ['set', 'y', 2], ['get', 'x'], ['get', 'y']] as Op[],
    reads: [undefined, 2],
    keys: ['y'],
  },
])('$name', ({ make, ops, reads, keys }) => {
  it('returns the expected reads', () => {
    expect(run(make(), ops)).toEqual(reads);
  });

  it('ends with the expected keys', () => {
    const cache = make();
    run(cache, ops);
    expect(cache.keys().sort()).toEqual(keys);
  });
});

describe('stats', () => {
  it('counts hits, misses and evictions', () => {
    const cache = new LruCache<string, number>(2);
    run(cache, [['set', 'a', 1], ['get', 'a'], ['get', 'z'], ['set', 'b', 2], ['set', 'c', 3]]);
    expect(cache.getStats()).toEqual({ hits: 1, misses: 1, evictions: 1 });
  });

  it('rejects bad capacity', () => {
    expect(() => new LruCache(0)).toThrow(RangeError);
  });
});
