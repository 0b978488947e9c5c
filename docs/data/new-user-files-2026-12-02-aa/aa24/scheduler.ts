/**
 * Priority queue (binary min-heap) and a small job scheduler on top of it.
 * Jobs with the same run time come out in the order they were scheduled.
 */

interface Entry<T> {
  key: number;
  seq: number;
  value: T;
}

export class MinHeap<T> {
  private heap: Entry<T>[] = [];
  private counter = 0;

  get size(): number {
    return this.heap.length;
  }

  push(key: number, value: T): void {
    this.heap.push({ key, seq: this.counter++, value });
    this.siftUp(this.heap.length - 1);
  }

  peek(): T | undefined {
    return this.heap[0]?.value;
  }

  peekKey(): number | undefined {
    return this.heap[0]?.key;
  }

  pop(): T | undefined {
    if (this.heap.length === 0) return undefined;
    const top = this.heap[0];
    const last = this.heap.pop()!;
    if (this.heap.length > 0) {
      this.heap[0] = last;
      this.siftDown(0);
    }
    return top.value;
  }

  private less(i: number, j: number): boolean {
    const a = this.heap[i];
    const b = this.heap[j];
    return a.key < b.key || (a.key === b.key && a.seq < b.seq);
  }

  private swap(i: number, j: number): void {
    [this.heap[i], this.heap[j]] = [this.heap[j], this.heap[i]];
  }

  private siftUp(i: number): void {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(i, parent)) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  private siftDown(i: number): void {
    const n = this.heap.length;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let smallest = i;
      if (left < n && this.less(left, smallest)) smallest = left;
      if (right < n && this.less(right, i)) smallest = right;
      if (smallest === i) return;
      this.swap(i, smallest);
      i = smallest;
    }
  }
}

export interface Job {
  id: string;
  runAt: number;
  run: () => void;
}

export class Scheduler {
  private queue = new MinHeap<Job>();

  schedule(id: string, runAt: number, run: () => void): void {
    this.queue.push(runAt, { id, runAt, run });
  }

  get pending(): number {
    return this.queue.size;
  }

  /** Run every job due at or before `now`, earliest first. Returns their ids. */
  tick(now: number): string[] {
    const ran: string[] = [];
    while (this.queue.size > 0 && this.queue.peekKey()! <= now) {
      const job = this.queue.pop()!;
      job.run();
      ran.push(job.id);
    }
    return ran;
  }
}
