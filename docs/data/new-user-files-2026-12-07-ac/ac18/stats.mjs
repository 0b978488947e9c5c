import assert from 'node:assert/strict';

function requireValues(values) {
  if (!Array.isArray(values) || values.length === 0) {
    throw new RangeError('expected a non-empty array of numbers');
  }
}

function sorted(values) {
  return [...values].sort();
}

export function mean(values) {
  requireValues(values);
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}

export function median(values) {
  requireValues(values);
  const s = sorted(values);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Percentile with linear interpolation between closest ranks (p in 0..100). */
export function percentile(values, p) {
  requireValues(values);
  if (p < 0 || p > 100) throw new RangeError('percentile must be between 0 and 100');
  const s = sorted(values);
  const rank = (p / 100) * (s.length - 1);
  const lower = Math.floor(rank);
  const upper = Math.ceil(rank);
  return s[lower] + (s[upper] - s[lower]) * (rank - lower);
}

export function stddev(values, { sample = false } = {}) {
  requireValues(values);
  const m = mean(values);
  const squares = values.reduce((sum, v) => sum + (v - m) ** 2, 0);
  const n = sample ? values.length - 1 : values.length;
  return n > 0 ? Math.sqrt(squares / n) : 0;
}

export function summarize(values) {
  const s = sorted(values);
  return {
    count: values.length,
    min: s[0],
    max: s[s.length - 1],
    mean: Math.round(mean(values) * 100) / 100,
    median: median(values),
    p95: Math.round(percentile(values, 95) * 100) / 100,
  };
}

const latencies = [120, 85, 300, 95, 110, 1000, 90, 105];

assert.equal(mean([2, 4, 9]), 5);
assert.equal(median([3, 1, 2]), 2);
assert.equal(median([4, 1, 3, 2]), 2.5);
assert.equal(median(latencies), 107.5);
assert.equal(percentile([1, 2, 3, 4, 5], 50), 3);
assert.equal(percentile([10, 20, 30, 40], 25), 17.5);
assert.equal(percentile(latencies, 100), 1000);
assert.equal(stddev([2, 4, 4, 4, 5, 5, 7, 9]), 2);
assert.ok(Math.abs(stddev([1, 2, 3, 4], { sample: true }) - 1.2909944) < 1e-6);
assert.throws(() => mean([]), RangeError);
assert.throws(() => percentile([1, 2], 101), RangeError);
assert.deepEqual(summarize(latencies), { count: 8, min: 85, max: 1000, mean: 238.13, median: 107.5, p95: 755 });
