const test = require('node:test');
const assert = require('node:assert');
const { parseDuration, withTimeout } = require('./timeouts');

const sleep = (ms, value) => new Promise((resolve) => setTimeout(resolve, ms, value));

test('parseDuration handles combined units', () => {
  assert.strictEqual(parseDuration('1h30m'), 5400000);
  assert.strictEqual(parseDuration('2m 5s'), 125000);
  assert.strictEqual(parseDuration('250ms'), 250);
});

test('parseDuration rejects junk', () => {
  assert.throws(() => parseDuration('soon'), /invalid duration: "soon"/);
  assert.throws(() => parseDuration('10 minutes'), /invalid duration/);
  assert.throws(() => parseDuration(''), TypeError);
  assert.throws(() => parseDuration(42), /non-empty string/);
});

test('withTimeout resolves with the value when fast enough', async () => {
  assert.strictEqual(await withTimeout(sleep(5, 'done'), 200), 'done');
});

test('withTimeout rejects slow promises with a labelled error', async () => {
  await assert.rejects(
    withTimeout(sleep(200, 'late'), '20ms', 'fetch users'),
    /fetch users timed out after 20ms/,
  );
});

test('withTimeout error has a code', async () => {
  await assert.rejects(withTimeout(sleep(100), 10), { code: 'ETIMEOUT' });
});

test('withTimeout passes through the original rejection', async () => {
  const failing = Promise.reject(new Error('connection refused'));
  await assert.rejects(withTimeout(failing, '1s'), /connection refused/);
});

test('withTimeout rejects bad durations synchronously', () => {
  assert.throws(() => withTimeout(sleep(1), '5 parsecs'), /invalid duration/);
});
