const { retry, backoffDelay, RetryError } = require('./retry');

function flaky(failures, value = 'ok') {
  let calls = 0;
  return jest.fn(async () => {
    calls += 1;
    if (calls <= failures) throw new Error(`failure ${calls}`);
    return value;
  });
}

const noSleep = () => jest.fn(() => Promise.resolve());

describe('backoffDelay', () => {
  test('grows exponentially from the base delay', () => {
    expect([0, 1, 2, 3].map((n) => backoffDelay(n))).toEqual([100, 200, 400, 800]);
  });

  test('is capped at maxDelayMs', () => {
    expect(backoffDelay(10, { baseDelayMs: 250, maxDelayMs: 3000 })).toBe(3000);
  });
});

describe('retry', () => {
  test('returns the first successful result without sleeping', async () => {
    const fn = flaky(0, 42);
    const sleepFn = noSleep();
    await expect(retry(fn, { sleepFn })).resolves.toBe(42);
    expect(sleepFn).not.toHaveBeenCalled();
  });

  test('retries until the call succeeds', async () => {
    const fn = flaky(2, 'done');
    await expect(retry(fn, { sleepFn: noSleep() })).resolves.toBe('done');
    expect(fn).toHaveBeenCalledTimes(3);
  });

  test('waits with backoff between attempts', async () => {
    const sleepFn = noSleep();
    const onRetry = jest.fn();
    await retry(flaky(3), { sleepFn, onRetry, baseDelayMs: 50 });
    expect(sleepFn.mock.calls.map(([ms]) => ms)).toEqual([50, 100, 200]);
    expect(onRetry).toHaveBeenLastCalledWith(expect.any(Error), 3, 200);
  });

  test('gives up after the configured number of retries', async () => {
    const fn = flaky(10);
    const error = await retry(fn, { retries: 2, sleepFn: noSleep() }).catch((e) => e);
    expect(error).toBeInstanceOf(RetryError);
    expect(error.attempts).toBe(3);
    expect(error.cause.message).toBe('failure 3');
  });

  test('does not retry errors rejected by shouldRetry', async () => {
    const fn = flaky(5);
    const sleepFn = noSleep();
    await expect(
      retry(fn, { sleepFn, shouldRetry: (e) => !e.message.startsWith('failure') }),
    ).rejects.toThrow('failure 1');
    expect(sleepFn).not.toHaveBeenCalled();
  });
});
