'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { JobQueue } = require('./jobQueue');

test('empty queue', () => {
  const q = new JobQueue();
  assert.strictEqual(q.size, 0);
  assert.strictEqual(q.pop(), undefined);
  assert.strictEqual(q.peek(), undefined);
});

test('peek does not remove the job', () => {
  const q = new JobQueue();
  q.push('email', 5);
  q.push('report', 1);
  assert.strictEqual(q.peek(), 'report');
  assert.strictEqual(q.size, 2);
});

test('single job round trip', () => {
  const q = new JobQueue();
  q.push('backup');
  assert.strictEqual(q.pop(), 'backup');
  assert.strictEqual(q.size, 0);
});

test('jobs come out in priority order', () => {
  const q = new JobQueue();
  const priorities = [7, 3, 9, 1, 4, 8, 2, 6, 5];
  for (const p of priorities) q.push(`job-${p}`, p);
  assert.deepStrictEqual(q.drain(), [1, 2, 3, 4, 5, 6, 7, 8, 9].map((p) => `job-${p}`));
});

test('pushing in ascending order drains in the same order', () => {
  const q = new JobQueue();
  for (let p = 1; p <= 6; p++) q.push(p, p);
  assert.deepStrictEqual(q.drain(), [1, 2, 3, 4, 5, 6]);
});

test('equal priorities keep insertion order', () => {
  const q = new JobQueue();
  q.push('a', 2);
  q.push('b', 2);
  q.push('urgent', 0);
  q.push('c', 2);
  assert.deepStrictEqual(q.drain(), ['urgent', 'a', 'b', 'c']);
});
