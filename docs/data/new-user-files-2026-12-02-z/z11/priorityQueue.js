'use strict';

/** Binary min-heap. `compare(a, b)` < 0 means a comes out first. */
class PriorityQueue {
  constructor(compare = (a, b) => a - b) {
    this._heap = [];
    this._compare = compare;
  }

  get size() {
    return this._heap.length;
  }

  peek() {
    return this._heap[0];
  }

  push(value) {
    this._heap.push(value);
    this._siftUp(this._heap.length - 1);
    return this;
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
    return top;
  }

  drain() {
    const out = [];
    while (this.size > 0) out.push(this.pop());
    return out;
  }

  _swap(i, j) {
    [this._heap[i], this._heap[j]] = [this._heap[j], this._heap[i]];
  }

  _siftUp(i) {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this._compare(this._heap[i], this._heap[parent]) >= 0) break;
      this._swap(i, parent);
      i = parent;
    }
  }

  _siftDown(i) {
    const heap = this._heap;
    const n = heap.length;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let smallest = i;
      if (left < n && this._compare(heap[left], heap[smallest]) < 0) smallest = left;
      if (right < n && this._compare(heap[right], heap[left]) < 0) smallest = right;
      if (smallest === i) return;
      this._swap(i, smallest);
      i = smallest;
    }
  }
}

module.exports = { PriorityQueue };
