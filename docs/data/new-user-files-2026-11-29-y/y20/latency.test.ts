import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mean, median, slowSamples, summarize } from './latency';

describe('mean', () => {
  it('averages values', () => {
    assert.equal(mean([2, 4, 9]), 5);
  });
  it('throws on empty input', () => {
    assert.throws(() => mean([]), RangeError);
  });
});

describe('median', () => {
  it('handles odd and even lengths', () => {
    assert.equal(median([3, 1, 2]), 2);
    assert.equal(median([4, 1, 3, 2]), 2.5);
  });

  it('does not reorder the caller array', () => {
    const samples = [9, 3, 5];
    median(samples);
    assert.deepEqual(samples, [9, 3, 5]);
  });

  it('orders multi-digit values numerically', () => {
    assert.equal(median([9, 10, 200]), 10);
    assert.equal(median([120, 80, 95, 1000]), 107.5);
  });
});

describe('summarize', () => {
  it('reports min, max, mean and median', () => {
    assert.deepEqual(summarize([12, 7, 250, 31, 9]), {
      count: 5,
      min: 7,
      max: 250,
      mean: 61.8,
      median: 12,
    });
  });

  it('flags slow samples', () => {
    assert.deepEqual(slowSamples([40, 42, 45, 38, 400, 41]), [400]);
  });
});
