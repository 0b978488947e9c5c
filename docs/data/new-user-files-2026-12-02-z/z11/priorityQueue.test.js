'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const { PriorityQueue } = require('./priorityQueue');

test('empty queue', () => {
  const q = new PriorityQueue();
  assert.equal(q.size, 0);
  assert.equal(q.pop(), undefined);
  assert.equal(q.peek(), undefined);
});

test('peek returns the smallest without removing it', () => {
  const q = new PriorityQueue();
  q.push(5).push(2).push(8);
  assert.equal(q.peek(), 2);
  assert.equal(q.size, 3);
});

test('pops a handful of numbers in order', () => {
  const q = new PriorityQueue();
  for (const n of [3, 1, 2]) q.push(n);
  assert.deepEqual(q.drain(), [1, 2, 3]);
});

test('pops many numbers in ascending order', () => {
  const input = [41, 32, 12, 85, 83, 91, 44, 29, 38, 37, 3, 27];
  const q = new PriorityQueue();
  input.forEach((n) => q.push(n));
  assert.deepEqual(q.drain(), [...input].sort((a, b) => a - b));
});

test('custom comparator: jobs by priority, then by id', () => {
  const q = new PriorityQueue((a, b) => a.priority - b.priority || a.id - b.id);
  const jobs = [
    { id: 1, priority: 3 }, { id: 2, priority: 1 }, { id: 3, priority: 2 },
    { id: 4, priority: 1 }, { id: 5, priority: 5 }, { id: 6, priority: 4 },
    { id: 7, priority: 2 }, { id: 8, priority: 3 },
  ];
  jobs.forEach((j) => q.push(j));
  assert.deepEqual(q.drain().map((j) => j.id), [2, 4, 3, 7, 1, 8, 6, 5]);
});

test('interleaved pushes and pops', () => {
  const q = new PriorityQueue();
  q.push(10).push(4);
  assert.equal(q.pop(), 4);
  q.push(1).push(7);
  assert.equal(q.pop(), 1);
  assert.equal(q.pop(), 7);
  assert.equal(q.pop(), 10);
});
