export interface RetryOptions {
  attempts?: number;
  delayMs?: number;
  onRetry?: (error: unknown, attempt: number) => void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Call `fn` until it resolves, up to `attempts` times in total.
 * Rejects with the last error if every attempt fails.
 */
export async function retry<T>(fn: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { attempts = 3, delayMs = 0, onRetry } = options;
  if (attempts < 1) throw new RangeError('attempts must be at least 1');

  let lastError: unknown;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      return fn();
    } catch (error) {
      lastError = error;
      if (attempt < attempts) {
        onRetry?.(error, attempt);
        if (delayMs > 0) await sleep(delayMs * attempt);
      }
    }
  }
  throw lastError;
}
