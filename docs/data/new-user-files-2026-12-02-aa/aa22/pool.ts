/**
 * Run async jobs with a concurrency limit (used by the thumbnail generator
 * and the bulk email sender).
 */

export type Settled<T> =
  | { status: 'fulfilled'; value: T }
  | { status: 'rejected'; reason: unknown };

export interface PoolOptions {
  concurrency: number;
  onProgress?: (done: number, total: number) => void;
}

export type Task<T> = () => Promise<T>;

/**
 * Like Promise.allSettled, but at most `concurrency` tasks run at a time.
 * Results are returned in the same order as `tasks`.
 */
export async function runPool<T>(tasks: Task<T>[], options: PoolOptions): Promise<Settled<T>[]> {
  const { concurrency, onProgress } = options;
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError(`concurrency must be a positive integer, got ${concurrency}`);
  }

  const results: Settled<T>[] = [];
  let next = 0;
  let done = 0;

  const finish = () => {
    done += 1;
    onProgress?.(done, tasks.length);
  };

  async function worker(): Promise<void> {
    try {
      while (next < tasks.length) {
        const index = next++;
        const value = await tasks[index]();
        results.push({ status: 'fulfilled', value });
        finish();
      }
    } catch (reason) {
      results.push({ status: 'rejected', reason });
      finish();
    }
  }

  const workerCount = Math.min(concurrency, tasks.length);
  await Promise.all(Array.from({ length: workerCount }, () => worker()));
  return results;
}

/** Map `items` through `fn` with limited concurrency; rejects with the first error. */
export async function mapLimit<I, O>(
  items: I[],
  concurrency: number,
  fn: (item: I, index: number) => Promise<O>,
): Promise<O[]> {
  const settled = await runPool(
    items.map((item, i) => () => fn(item, i)),
    { concurrency },
  );
  const values: O[] = [];
  for (const result of settled) {
    if (result.status === 'rejected') throw result.reason;
    values.push(result.value);
  }
  return values;
}
