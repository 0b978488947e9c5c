const { retry, withRetry, backoffDelay, RetryError } = require('./retry');

function flaky(failures, value = 'ok') {
  let calls = 0;
  return jest.fn(async () => {
    calls += 1;
    if (calls <= failures) {
      const err = new Error(`boom ${calls}`);
      err.status = 503;
      throw err;
    }
    return value;
  });
}

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
});

test('backoffDelay grows exponentially and is capped', () => {
  const opts = { baseDelay: 100, factor: 2, maxDelay: 1000 };
  expect([0, 1, 2, 3, 4].map((n) => backoffDelay(n, opts))).toEqual([100, 200, 400, 800, 1000]);
});

test('resolves immediately when the first attempt succeeds', async () => {
  const fn = flaky(0, 42);
  await expect(retry(fn)).resolves.toBe(42);
  expect(fn).toHaveBeenCalledTimes(1);
});

test('succeeds after a couple of transient failures', async () => {
  const fn = flaky(2, 'data');
  const promise = retry(fn, { retries: 3 });
  await jest.runAllTimersAsync();
  await expect(promise).resolves.toBe('data');
  expect(fn).toHaveBeenCalledTimes(3);
});

test('waits between attempts', async () => {
  const fn = flaky(10);
  const promise = retry(fn, { retries: 3, baseDelay: 100 }).catch((e) => e);

  await jest.advanceTimersByTimeAsync(0);
  expect(fn).toHaveBeenCalledTimes(1);
  await jest.advanceTimersByTimeAsync(99);
  expect(fn).toHaveBeenCalledTimes(1);
  await jest.advanceTimersByTimeAsync(1);
  expect(fn).toHaveBeenCalledTimes(2);
  await jest.advanceTimersByTimeAsync(200);
  expect(fn).toHaveBeenCalledTimes(3);

  await jest.runAllTimersAsync();
  await promise;
});

test('gives up after `retries` retries and reports every error', async () => {
  const fn = flaky(10);
  const onRetry = jest.fn();
  const promise = retry(fn, { retries: 2, onRetry }).catch((e) => e);
  await jest.runAllTimersAsync();
  const err = await promise;
  expect(err).toBeInstanceOf(RetryError);
  expect(err.attempts).toBe(3);
  expect(err.errors.map((e) => e.message)).toEqual(['boom 1', 'boom 2', 'boom 3']);
  expect(onRetry.mock.calls.map(([, info]) => info)).toEqual([
    { attempt: 1, delay: 100 },
    { attempt: 2, delay: 200 },
  ]);
});

test('does not retry client errors', async () => {
  const notFound = Object.assign(new Error('not found'), { status: 404 });
  const fn = jest.fn().mockRejectedValue(notFound);
  await expect(retry(fn)).rejects.toBe(notFound);
  expect(fn).toHaveBeenCalledTimes(1);
});

test('withRetry wraps a function and forwards arguments', async () => {
  const fetchUser = jest.fn(async (id) => ({ id }));
  const safeFetch = withRetry(fetchUser, { retries: 1 });
  await expect(safeFetch(7)).resolves.toEqual({ id: 7 });
  expect(fetchUser).toHaveBeenCalledWith(7);
});
