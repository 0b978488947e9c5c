import assert from 'node:assert';

const DAY_MS = 24 * 60 * 60 * 1000;

export function parseDate(iso) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) throw new Error(`invalid date: ${iso}`);
  const [, y, m, d] = match.map(Number);
  return new Date(Date.UTC(y, m, d));
}

export function formatDate(date) {
  const y = date.getUTCFullYear();
  const m = String(date.getUTCMonth() + 1).padStart(2, '0');
  const d = String(date.getUTCDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

export function addDays(iso, days) {
  return formatDate(new Date(parseDate(iso).getTime() + days * DAY_MS));
}

export function daysBetween(fromIso, toIso) {
  return Math.round((parseDate(toIso) - parseDate(fromIso)) / DAY_MS);
}

export function renewalStatus(subscription, todayIso) {
  const renewsOn = addDays(subscription.startedOn, subscription.termDays);
  const remaining = daysBetween(todayIso, renewsOn);
  let status = 'active';
  if (remaining < 0) status = 'expired';
  else if (remaining <= subscription.noticeDays) status = 'renewing-soon';
  return { renewsOn, remaining, status };
}

assert.strictEqual(formatDate(parseDate('2024-03-15')), '2024-03-15');
assert.strictEqual(parseDate('2024-01-01').getUTCDay(), 1);
assert.strictEqual(addDays('2024-02-28', 1), '2024-02-29');
assert.strictEqual(addDays('2023-12-31', 1), '2024-01-01');
assert.strictEqual(daysBetween('2024-01-01', '2024-12-31'), 365);
assert.throws(() => parseDate('2024/01/01'), /invalid date/);
assert.deepStrictEqual(
  renewalStatus({ startedOn: '2024-01-15', termDays: 30, noticeDays: 7 }, '2024-02-10'),
  { renewsOn: '2024-02-14', remaining: 4, status: 'renewing-soon' },
);
assert.deepStrictEqual(
  renewalStatus({ startedOn: '2024-01-15', termDays: 30, noticeDays: 7 }, '2024-02-20').status,
  'expired',
);
console.log('renewal: all checks passed');
