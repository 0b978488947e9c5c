import { describe, it, expect, vi } from 'vitest';
import { MinHeap, Scheduler } from './scheduler';

function drain<T>(heap: MinHeap<T>): T[] {
  const out: T[] = [];
  while (heap.size > 0) out.push(heap.pop()!);
  return out;
}

describe('MinHeap', () => {
  it('is empty to begin with', () => {
    const heap = new MinHeap<string>();
    expect(heap.size).toBe(0);
    expect(heap.pop()).toBeUndefined();
    expect(heap.peek()).toBeUndefined();
  });

  it('peek returns the smallest key without removing it', () => {
    const heap = new MinHeap<string>();
    heap.push(5, 'five');
    heap.push(1, 'one');
    heap.push(3, 'three');
    expect(heap.peek()).toBe('one');
    expect(heap.size).toBe(3);
  });

  it('pops a handful of keys in ascending order', () => {
    const heap = new MinHeap<number>();
    for (const k of [3, 1, 2]) heap.push(k, k);
    expect(drain(heap)).toEqual([1, 2, 3]);
  });

  it('pops many keys in ascending order', () => {
    const heap = new MinHeap<number>();
    const keys = [42, 7, 19, 3, 88, 23, 5, 61, 14, 30, 2, 77, 9];
    for (const k of keys) heap.push(k, k);
    expect(drain(heap)).toEqual([...keys].sort((a, b) => a - b));
  });

  it('keeps insertion order for equal keys', () => {
    const heap = new MinHeap<string>();
    ['a', 'b', 'c', 'd', 'e'].forEach((v) => heap.push(10, v));
    heap.push(5, 'first');
    expect(drain(heap)).toEqual(['first', 'a', 'b', 'c', 'd', 'e']);
  });

  it('interleaved pushes and pops', () => {
    const heap = new MinHeap<number>();
    [8, 4, 6, 2].forEach((k) => heap.push(k, k));
    expect(heap.pop()).toBe(2);
    heap.push(1, 1);
    heap.push(7, 7);
    expect(drain(heap)).toEqual([1, 4, 6, 7, 8]);
  });
});

describe('Scheduler', () => {
  it('runs only jobs that are due', () => {
    const s = new Scheduler();
    const run = vi.fn();
    s.schedule('later', 500, run);
    s.schedule('soon', 100, run);
    expect(s.tick(50)).toEqual([]);
    expect(s.tick(100)).toEqual(['soon']);
    expect(s.pending).toBe(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs overdue jobs earliest first', () => {
    const s = new Scheduler();
    const times: Record<string, number> = {
      backup: 300, email: 120, report: 250, cleanup: 90, sync: 200, digest: 60, ping: 100,
    };
    for (const [id, at] of Object.entries(times)) s.schedule(id, at, () => {});
    expect(s.tick(1000)).toEqual(['digest', 'cleanup', 'ping', 'email', 'sync', 'report', 'backup']);
    expect(s.pending).toBe(0);
  });
});
