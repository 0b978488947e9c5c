import { beforeEach, describe, expect, it } from 'vitest';
import { Priority, Task, TaskQueue } from './taskQueue';

const task = (id: string, priority: Priority = Priority.Normal): Task<string> => ({
  id,
  priority,
  payload: `job-${id}`,
});

describe('TaskQueue', () => {
  let queue: TaskQueue<string>;

  beforeEach(() => {
    queue = new TaskQueue<string>();
  });

  it('is empty initially', () => {
    expect(queue.size).toBe(0);
    expect(queue.dequeue()).toBeUndefined();
  });

  it('dequeues higher priority tasks first', () => {
    queue.enqueue(task('a', Priority.Low));
    queue.enqueue(task('b', Priority.Critical));
    queue.enqueue(task('c', Priority.Normal));
    expect(queue.drain().map((t) => t.id)).toEqual(['b', 'c', 'a']);
  });

  it('keeps FIFO order within the same priority', () => {
    queue.enqueue(task('first'));
    queue.enqueue(task('second'));
    queue.enqueue(task('third'));
    expect(queue.dequeue()?.id).toBe('first');
    expect(queue.dequeue()?.id).toBe('second');
  });

  it('mixes priorities and FIFO correctly', () => {
    queue.enqueue(task('h1', Priority.High));
    queue.enqueue(task('n1'));
    queue.enqueue(task('h2', Priority.High));
    queue.enqueue(task('n2'));
    queue.enqueue(task('c1', Priority.Critical));
    expect(queue.drain().map((t) => t.id)).toEqual(['c1', 'h1', 'h2', 'n1', 'n2']);
  });

  it('peek does not remove the task', () => {
    queue.enqueue(task('x', Priority.High));
    expect(queue.peek()).toEqual({ id: 'x', priority: Priority.High, payload: 'job-x' });
    expect(queue.size).toBe(1);
  });
});
