import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MinHeap, runOrder, smallestK } from './heap.ts';

function drain(heap: MinHeap<number>): number[] {
  const out: number[] = [];
  while (heap.size > 0) out.push(heap.pop() as number);
  return out;
}

test('empty heap', () => {
  const heap = new MinHeap<number>((a, b) => a - b);
  assert.equal(heap.pop(), undefined);
  assert.equal(heap.peek(), undefined);
  assert.equal(heap.size, 0);
});

test('pops in ascending order', () => {
  const heap = new MinHeap<number>((a, b) => a - b);
  for (const v of [6, 1, 5, 7, 2, 3, 4]) heap.push(v);
  assert.equal(heap.peek(), 1);
  assert.deepEqual(drain(heap), [1, 2, 3, 4, 5, 6, 7]);
});

test('heap sort of a larger shuffled input', () => {
  const values = [42, 7, 19, 3, 88, 23, 1, 56, 14, 9, 71, 30, 2, 65, 11, 48, 5, 37, 27, 60];
  const heap = new MinHeap<number>((a, b) => a - b);
  values.forEach((v) => heap.push(v));
  assert.deepEqual(drain(heap), [...values].sort((a, b) => a - b));
});

test('interleaved push and pop', () => {
  const heap = new MinHeap<number>((a, b) => a - b);
  [10, 4, 7, 1, 8, 6].forEach((v) => heap.push(v));
  assert.equal(heap.pop(), 1);
  assert.equal(heap.pop(), 4);
  heap.push(5);
  heap.push(2);
  assert.deepEqual(drain(heap), [2, 5, 6, 7, 8, 10]);
});

test('jobs run by priority, ties in submission order', () => {
  const order = runOrder([
    { name: 'backup', priority: 6 },
    { name: 'alert', priority: 1 },
    { name: 'report', priority: 5 },
    { name: 'archive', priority: 7 },
    { name: 'email', priority: 2 },
    { name: 'index', priority: 3 },
    { name: 'resize', priority: 4 },
    { name: 'cleanup', priority: 7 },
    { name: 'notify', priority: 2 },
  ]);
  assert.deepEqual(order, ['alert', 'email', 'notify', 'index', 'resize', 'report', 'backup', 'archive', 'cleanup']);
});

test('smallestK', () => {
  assert.deepEqual(smallestK([9, 4, 7, 1, 8, 2, 6, 3], 3), [1, 2, 3]);
  assert.deepEqual(smallestK([2, 1], 5), [1, 2]);
});
