import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chunk, mapWithConcurrency } from './concurrency';

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('mapWithConcurrency', () => {
  it('returns results in input order even when tasks finish out of order', async () => {
    const durations = [40, 5, 20, 1];
    const result = await mapWithConcurrency(
      durations,
      async (ms, i) => {
        await delay(ms);
        return `thumb-${i}`;
      },
      { limit: 4 },
    );
    assert.deepEqual(result, ['thumb-0', 'thumb-1', 'thumb-2', 'thumb-3']);
  });

  it('never runs more than `limit` tasks at once', async () => {
    let running = 0;
    let peak = 0;
    const result = await mapWithConcurrency(
      [1, 2, 3, 4, 5, 6, 7],
      async (n) => {
        running++;
        peak = Math.max(peak, running);
        await delay(2);
        running--;
        return n * n;
      },
      { limit: 3 },
    );
    assert.equal(peak, 3);
    assert.deepEqual(result, [1, 4, 9, 16, 25, 36, 49]);
  });

  it('handles an empty list', async () => {
    assert.deepEqual(await mapWithConcurrency([], async (x) => x, { limit: 2 }), []);
  });

  it('propagates the first failure', async () => {
    await assert.rejects(
      mapWithConcurrency([1, 2, 3], async (n) => {
        if (n === 2) throw new Error('corrupt image 2');
        return n;
      }, { limit: 2 }),
      /corrupt image 2/,
    );
  });

  it('validates the limit', async () => {
    await assert.rejects(mapWithConcurrency([1], async (x) => x, { limit: 0 }), RangeError);
  });
});

describe('chunk', () => {
  it('splits into fixed-size batches', () => {
    assert.deepEqual(chunk([1, 2, 3, 4, 5], 2), [[1, 2], [3, 4], [5]]);
  });
});
