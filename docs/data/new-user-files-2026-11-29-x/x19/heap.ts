// Binary min-heap used as a priority queue for job scheduling.

export class MinHeap<T> {
  private items: T[] = [];

  constructor(private readonly compare: (a: T, b: T) => number) {}

  get size(): number {
    return this.items.length;
  }

  peek(): T | undefined {
    return this.items[0];
  }

  push(item: T): void {
    this.items.push(item);
    this.siftUp(this.items.length - 1);
  }

  pop(): T | undefined {
    const items = this.items;
    if (items.length === 0) return undefined;
    const top = items[0];
    const last = items.pop() as T;
    if (items.length > 0) {
      items[0] = last;
      this.siftDown(0);
    }
    return top;
  }

  private siftUp(index: number): void {
    const items = this.items;
    let i = index;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.compare(items[i], items[parent]) >= 0) break;
      [items[i], items[parent]] = [items[parent], items[i]];
      i = parent;
    }
  }

  private siftDown(index: number): void {
    const items = this.items;
    const n = items.length;
    let i = index;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let smallest = i;
      if (left < n && this.compare(items[left], items[smallest]) < 0) smallest = left;
      if (right < n && this.compare(items[right], items[left]) < 0) smallest = right;
      if (smallest === i) return;
      [items[i], items[smallest]] = [items[smallest], items[i]];
      i = smallest;
    }
  }
}

export interface Job {
  name: string;
  priority: number;
  seq: number;
}

export function runOrder(jobs: Array<{ name: string; priority: number }>): string[] {
  const heap = new MinHeap<Job>((a, b) => a.priority - b.priority || a.seq - b.seq);
  jobs.forEach((job, seq) => heap.push({ ...job, seq }));
  const order: string[] = [];
  while (heap.size > 0) order.push((heap.pop() as Job).name);
  return order;
}

export function smallestK(values: number[], k: number): number[] {
  const heap = new MinHeap<number>((a, b) => a - b);
  for (const v of values) heap.push(v);
  const out: number[] = [];
  while (out.length < k && heap.size > 0) out.push(heap.pop() as number);
  return out;
}
