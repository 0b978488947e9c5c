import test from 'node:test';
import assert from 'node:assert/strict';
import { range, chunk } from './range.mjs';

test('range', () => {
  assert.deepEqual(range(0, 3), [0, 1, 2]);
  assert.deepEqual(range(2, 10, 4), [2, 6]);
});

test('chunk', () => {
  assert.deepEqual(chunk([1, 2, 3, 4, 5], 2), [[1, 2], [3, 4], [5]]);
});
