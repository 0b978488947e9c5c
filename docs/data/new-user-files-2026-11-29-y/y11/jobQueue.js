'use strict';

/**
 * Priority queue for background jobs backed by a binary min-heap.
 * Lower priority numbers run first; jobs with equal priority run in
 * the order they were pushed.
 */
class JobQueue {
  constructor() {
    this._heap = [];
    this._seq = 0;
  }

  get size() {
    return this._heap.length;
  }

  push(job, priority = 10) {
    this._heap.push({ job, priority, seq: this._seq++ });
    this._siftUp(this._heap.length - 1);
  }

  peek() {
    return this._heap.length ? this._heap[0].job : undefined;
  }

  pop() {
    const heap = this._heap;
    if (heap.length === 0) return undefined;
    const top = heap[0];
    const last = heap.pop();
    if (heap.length > 0) {
      heap[0] = last;
      this._siftDown(0);
    }
    return top.job;
  }

  drain() {
    const jobs = [];
    while (this.size) jobs.push(this.pop());
    return jobs;
  }

  _less(i, j) {
    const a = this._heap[i];
    const b = this._heap[j];
    return a.priority < b.priority || (a.priority === b.priority && a.seq < b.seq);
  }

  _swap(i, j) {
    const heap = this._heap;
    [heap[i], heap[j]] = [heap[j], heap[i]];
  }

  _siftUp(i) {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this._less(i, parent)) break;
      this._swap(i, parent);
      i = parent;
    }
  }

  _siftDown(i) {
    const n = this._heap.length;
    for (;;) {
      const left = 2 * i + 1;
      const right = 2 * i + 1;
      let smallest = i;
      if (left < n && this._less(left, smallest)) smallest = left;
      if (right < n && this._less(right, smallest)) smallest = right;
      if (smallest === i) return;
      this._swap(i, smallest);
      i = smallest;
    }
  }
}

module.exports = { JobQueue };
