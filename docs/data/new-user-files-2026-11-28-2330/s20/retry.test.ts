import { afterEach, describe, expect, it, vi } from 'vitest';
import { retry } from './retry';

describe('retry', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('returns the value when the first call succeeds', async () => {
    const fn = vi.fn().mockResolvedValue(42);
    await expect(retry(fn)).resolves.toBe(42);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('retries after a rejected promise', async () => {
    const fn = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('ECONNRESET'))
      .mockResolvedValue('ok');
    await expect(retry(fn)).resolves.toBe('ok');
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('gives up after the configured number of attempts', async () => {
    const fn = vi.fn().mockRejectedValue(new Error('down'));
    await expect(retry(fn, { attempts: 4 })).rejects.toThrow('down');
    expect(fn).toHaveBeenCalledTimes(4);
  });

  it('reports each retry', async () => {
    const onRetry = vi.fn();
    const err = new Error('flaky');
    const fn = vi.fn().mockRejectedValueOnce(err).mockRejectedValueOnce(err).mockResolvedValue(1);
    await retry(fn, { onRetry });
    expect(onRetry.mock.calls).toEqual([
      [err, 1],
      [err, 2],
    ]);
  });

  it('waits between attempts with linear backoff', async () => {
    vi.useFakeTimers();
    const fn = vi.fn().mockRejectedValueOnce(new Error('x')).mockResolvedValue('done');
    const promise = retry(fn, { delayMs: 100 });
    await vi.advanceTimersByTimeAsync(99);
    expect(fn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(promise).resolves.toBe('done');
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('rejects invalid attempt counts', async () => {
    await expect(retry(async () => 1, { attempts: 0 })).rejects.toBeInstanceOf(RangeError);
  });
});
