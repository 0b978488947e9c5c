'use strict';

const test = require('node:test');
const assert = require('node:assert');
const { retry, backoffDelay, RetryError } = require('./retry');

function flaky(failures, value = 'ok') {
  let calls = 0;
  const fn = async () => {
    calls++;
    if (calls <= failures) {
      throw new Error(`boom ${calls}`);
    }
    return value;
  };
  fn.calls = () => calls;
  return fn;
}

const noSleep = async () => {};

test('returns the value when the first attempt succeeds', async () => {
  const fn = flaky(0, 42);
  assert.strictEqual(await retry(fn, { sleep: noSleep }), 42);
  assert.strictEqual(fn.calls(), 1);
});

test('retries a rejected promise until it succeeds', async () => {
  const fn = flaky(2, 'done');
  assert.strictEqual(await retry(fn, { retries: 3, sleep: noSleep }), 'done');
  assert.strictEqual(fn.calls(), 3);
});

test('gives up after the configured number of retries', async () => {
  const fn = flaky(10);
  await assert.rejects(retry(fn, { retries: 2, sleep: noSleep }), (err) => {
    assert.ok(err instanceof RetryError);
    assert.strictEqual(err.attempts, 3);
    assert.strictEqual(err.lastError.message, 'boom 3');
    return true;
  });
});

test('waits with exponential backoff between attempts', async () => {
  const delays = [];
  const fn = flaky(3);
  await retry(fn, { retries: 3, baseMs: 50, sleep: async (ms) => { delays.push(ms); } });
  assert.deepStrictEqual(delays, [50, 100, 200]);
});

test('does not retry when shouldRetry says no', async () => {
  const fn = flaky(5);
  await assert.rejects(
    retry(fn, { retries: 5, sleep: noSleep, shouldRetry: (err) => !err.message.startsWith('boom') }),
    RetryError,
  );
  assert.strictEqual(fn.calls(), 1);
});

test('backoffDelay is capped', () => {
  assert.strictEqual(backoffDelay(1), 100);
  assert.strictEqual(backoffDelay(4), 800);
  assert.strictEqual(backoffDelay(20, { maxMs: 5000 }), 5000);
});
