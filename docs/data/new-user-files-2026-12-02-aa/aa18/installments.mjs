// Split an order total into monthly installments (integer cents).
import assert from 'node:assert/strict';

export function splitEvenly(totalCents, count) {
  if (!Number.isInteger(totalCents) || totalCents < 0) throw new RangeError('bad total');
  if (!Number.isInteger(count) || count < 1) throw new RangeError('bad count');
  const share = Math.round(totalCents / count);
  return Array.from({ length: count }, () => share);
}

export function allocate(totalCents, weights) {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) throw new RangeError('weights must add up to something');
  return weights.map((w) => Math.round((totalCents * w) / sum));
}

export function schedule(totalCents, count, firstDue) {
  return splitEvenly(totalCents, count).map((amount, i) => {
    const due = new Date(firstDue);
    due.setUTCMonth(due.getUTCMonth() + i);
    return { due: due.toISOString().slice(0, 10), amount };
  });
}

export const formatCents = (c) => `$${(c / 100).toFixed(2)}`;

// ---------------------------------------------------------------------------
// Self-checks: `node installments.mjs`
let passed = 0;
let failed = 0;
function check(name, fn) {
  try {
    fn();
    passed++;
    console.log(`ok - ${name}`);
  } catch (err) {
    failed++;
    console.log(`not ok - ${name}\n  ${err.message.split('\n').join('\n  ')}`);
  }
}

check('even split', () => assert.deepEqual(splitEvenly(1200, 4), [300, 300, 300, 300]));
check('single installment', () => assert.deepEqual(splitEvenly(999, 1), [999]));
check('installments add up to the total', () => {
  for (const [total, n] of [[1000, 3], [100, 6], [2, 3], [1999, 12]]) {
    const parts = splitEvenly(total, n);
    assert.equal(parts.reduce((a, b) => a + b, 0), total, `${total} / ${n}`);
  }
});
check('remainder goes to the earliest installments', () => {
  assert.deepEqual(splitEvenly(1000, 3), [334, 333, 333]);
});
check('allocate by weights', () => assert.deepEqual(allocate(1000, [1, 1, 2]), [250, 250, 500]));
check('allocate keeps every cent', () => {
  const parts = allocate(100, [1, 1, 1]);
  assert.equal(parts.reduce((a, b) => a + b, 0), 100);
});
check('schedule dates are monthly', () => {
  assert.deepEqual(
    schedule(900, 3, '2024-01-15').map((p) => p.due),
    ['2024-01-15', '2024-02-15', '2024-03-15'],
  );
});
check('rejects bad input', () => {
  assert.throws(() => splitEvenly(100, 0), RangeError);
  assert.throws(() => allocate(100, [0, 0]), RangeError);
});
check('formatCents', () => assert.equal(formatCents(123456), '$1234.56'));

console.log(`\n${passed} passed, ${failed} failed`);
if (failed) process.exitCode = 1;
