'use strict';
const assert = require('node:assert');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Exponential backoff: baseMs, 2*baseMs, 4*baseMs, ... capped at maxMs. */
function backoffDelay(attempt, { baseMs = 100, maxMs = 2000 } = {}) {
  return Math.min(maxMs, baseMs * 2 ** attempt);
}

/**
 * Call the async function `fn` until it resolves, up to `attempts` times.
 * Waits with exponential backoff between attempts and rethrows the last
 * error once attempts run out (or as soon as `shouldRetry(err)` says no).
 */
async function retry(fn, options = {}) {
  const {
    attempts = 3,
    baseMs = 100,
    maxMs = 2000,
    shouldRetry = () => true,
    wait = sleep,
  } = options;
  let lastError;
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      return fn(attempt);
    } catch (err) {
      lastError = err;
      if (!shouldRetry(err) || attempt === attempts - 1) break;
      await wait(backoffDelay(attempt, { baseMs, maxMs }));
    }
  }
  throw lastError;
}

module.exports = { retry, backoffDelay };

if (require.main === module) {
  (async () => {
    assert.strictEqual(backoffDelay(0), 100);
    assert.strictEqual(backoffDelay(3), 800);
    assert.strictEqual(backoffDelay(10), 2000);
    assert.strictEqual(backoffDelay(2, { baseMs: 50, maxMs: 150 }), 150);

    assert.strictEqual(await retry(async () => 'ok'), 'ok');

    // fails twice, then succeeds
    let calls = 0;
    const waits = [];
    const result = await retry(
      async () => {
        calls++;
        if (calls < 3) throw new Error('flaky');
        return 'done';
      },
      { wait: async (ms) => { waits.push(ms); } },
    );
    assert.strictEqual(result, 'done');
    assert.strictEqual(calls, 3);
    assert.deepStrictEqual(waits, [100, 200]);

    // non-retryable errors are rethrown straight away
    let fatalCalls = 0;
    await assert.rejects(
      retry(async () => { fatalCalls++; throw new TypeError('bad input'); }, {
        shouldRetry: (err) => !(err instanceof TypeError),
        wait: async () => {},
      }),
      TypeError,
    );
    assert.strictEqual(fatalCalls, 1);

    // gives up after `attempts`
    let tries = 0;
    await assert.rejects(
      retry(async () => { tries++; throw new Error(`nope ${tries}`); }, { attempts: 4, wait: async () => {} }),
      /nope 4/,
    );
    console.log('retry.js: all checks passed');
  })().catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
