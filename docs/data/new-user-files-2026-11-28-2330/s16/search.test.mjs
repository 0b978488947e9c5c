import { describe, it } from 'node:test';
import assert from 'node:assert/strict';

import { binarySearch, insertSorted, lowerBound } from './search.mjs';

const scores = [3, 8, 15, 23, 42, 57, 99];

describe('binarySearch', () => {
  it('finds values in the middle', () => {
    assert.equal(binarySearch(scores, 23), 3);
    assert.equal(binarySearch(scores, 8), 1);
  });

  it('finds the first and last element', () => {
    assert.equal(binarySearch(scores, 3), 0);
    assert.equal(binarySearch(scores, 99), 6);
  });

  it('works on a single-element array', () => {
    assert.equal(binarySearch([7], 7), 0);
  });

  it('returns -1 for missing values', () => {
    assert.equal(binarySearch(scores, 4), -1);
    assert.equal(binarySearch(scores, 100), -1);
    assert.equal(binarySearch([], 1), -1);
  });

  it('supports a custom comparator', () => {
    const names = ['amy', 'bob', 'cat', 'dan'];
    assert.equal(binarySearch(names, 'dan', (a, b) => a.localeCompare(b)), 3);
  });
});

describe('lowerBound / insertSorted', () => {
  it('returns the insertion point', () => {
    assert.equal(lowerBound(scores, 0), 0);
    assert.equal(lowerBound(scores, 16), 3);
    assert.equal(lowerBound(scores, 1000), scores.length);
  });

  it('keeps the array sorted', () => {
    const arr = [1, 5, 9];
    assert.equal(insertSorted(arr, 6), 2);
    assert.deepEqual(arr, [1, 5, 6, 9]);
  });
});
