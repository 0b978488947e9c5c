// Retry helper with capped exponential backoff.
// Attempt numbers are 1-based: the first retry waits `baseMs`.

export interface BackoffOptions {
  baseMs: number;
  factor?: number;
  maxMs?: number;
  maxAttempts?: number;
}

export function delayFor(attempt: number, opts: BackoffOptions): number {
  if (!Number.isInteger(attempt) || attempt < 1) {
    throw new RangeError('attempt must be a positive integer');
  }
  const { baseMs, factor = 2, maxMs = Infinity } = opts;
  return Math.min(maxMs, baseMs * factor ** attempt);
}

export function schedule(opts: BackoffOptions): number[] {
  const retries = (opts.maxAttempts ?? 5) - 1;
  return Array.from({ length: Math.max(0, retries) }, (_, i) => delayFor(i + 1, opts));
}

export function totalWait(opts: BackoffOptions): number {
  return schedule(opts).reduce((sum, ms) => sum + ms, 0);
}

export type Sleep = (ms: number) => Promise<void>;

const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function retry<T>(
  fn: (attempt: number) => Promise<T>,
  opts: BackoffOptions,
  sleep: Sleep = realSleep,
  shouldRetry: (err: unknown) => boolean = () => true,
): Promise<T> {
  const maxAttempts = opts.maxAttempts ?? 5;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (err) {
      if (attempt >= maxAttempts || !shouldRetry(err)) throw err;
      await sleep(delayFor(attempt, opts));
    }
  }
}
