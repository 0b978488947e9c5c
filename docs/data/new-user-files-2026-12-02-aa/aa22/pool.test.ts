import { runPool, mapLimit, Task } from './pool';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const flushPromises = () => new Promise((resolve) => setImmediate(resolve));

describe('runPool', () => {
  it('runs every task and returns the values', async () => {
    const tasks = [1, 2, 3, 4].map((n) => () => Promise.resolve(n * 10));
    const results = await runPool(tasks, { concurrency: 2 });
    expect(results).toEqual([10, 20, 30, 40].map((value) => ({ status: 'fulfilled', value })));
  });

  it('never runs more than `concurrency` tasks at once', async () => {
    let active = 0;
    let maxActive = 0;
    const tasks: Task<void>[] = Array.from({ length: 8 }, () => async () => {
      active++;
      maxActive = Math.max(maxActive, active);
      await flushPromises();
      active--;
    });
    await runPool(tasks, { concurrency: 3 });
    expect(maxActive).toBe(3);
  });

  it('keeps input order when tasks finish out of order', async () => {
    const slow = deferred<string>();
    const fast = deferred<string>();
    const pending = runPool([() => slow.promise, () => fast.promise], { concurrency: 2 });
    fast.resolve('fast');
    await flushPromises();
    slow.resolve('slow');
    const results = await pending;
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : null))).toEqual(['slow', 'fast']);
  });

  it('keeps going after a task fails', async () => {
    const boom = new Error('boom');
    const calls: number[] = [];
    const tasks: Task<number>[] = [0, 1, 2, 3].map((n) => async () => {
      calls.push(n);
      if (n === 1) throw boom;
      return n;
    });
    const results = await runPool(tasks, { concurrency: 1 });
    expect(calls).toEqual([0, 1, 2, 3]);
    expect(results).toEqual([
      { status: 'fulfilled', value: 0 },
      { status: 'rejected', reason: boom },
      { status: 'fulfilled', value: 2 },
      { status: 'fulfilled', value: 3 },
    ]);
  });

  it('reports progress', async () => {
    const onProgress = jest.fn();
    await runPool([1, 2, 3].map((n) => () => Promise.resolve(n)), { concurrency: 2, onProgress });
    expect(onProgress.mock.calls).toEqual([[1, 3], [2, 3], [3, 3]]);
  });

  it('handles an empty list and rejects a bad limit', async () => {
    await expect(runPool([], { concurrency: 4 })).resolves.toEqual([]);
    await expect(runPool([], { concurrency: 0 })).rejects.toThrow(RangeError);
  });
});

describe('mapLimit', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('maps items in order regardless of how long each one takes', async () => {
    const sizes = [300, 100, 200, 50];
    const pending = mapLimit(sizes, 2, async (ms, i) => {
      await sleep(ms);
      return `thumb-${i}`;
    });
    await jest.runAllTimersAsync();
    await expect(pending).resolves.toEqual(['thumb-0', 'thumb-1', 'thumb-2', 'thumb-3']);
  });

  it('rejects with the error of a failed item', async () => {
    const pending = mapLimit(['a', 'b', 'c'], 2, async (item) => {
      await sleep(10);
      if (item === 'b') throw new Error(`cannot process ${item}`);
      return item.toUpperCase();
    });
    const assertion = expect(pending).rejects.toThrow('cannot process b');
    await jest.runAllTimersAsync();
    await assertion;
  });
});
