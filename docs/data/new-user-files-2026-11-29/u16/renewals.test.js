const test = require('node:test');
const assert = require('node:assert/strict');
const { parseDate, formatDate, addMonths, renewalDates, nextRenewal } = require('./renewals');

test('parseDate builds a local date', () => {
  const d = parseDate('2024-03-15');
  assert.equal(d.getFullYear(), 2024);
  assert.equal(d.getMonth(), 2);
  assert.equal(d.getDate(), 15);
});

test('parseDate rejects other formats', () => {
  assert.throws(() => parseDate('15/03/2024'), /bad date/);
});

test('formatDate pads month and day', () => {
  assert.equal(formatDate(new Date(2024, 0, 5)), '2024-01-05');
  assert.equal(formatDate(new Date(2023, 11, 31)), '2023-12-31');
});

test('addMonths clamps to the end of shorter months', () => {
  assert.equal(formatDate(addMonths(new Date(2024, 0, 31), 1)), '2024-02-29');
  assert.equal(formatDate(addMonths(new Date(2023, 0, 31), 1)), '2023-02-28');
  assert.equal(formatDate(addMonths(new Date(2024, 10, 30), 3)), '2025-02-28');
});

test('monthly renewals from the 31st', () => {
  assert.deepEqual(renewalDates('2024-01-31', 'monthly', 4), [
    '2024-02-29',
    '2024-03-31',
    '2024-04-30',
    '2024-05-31',
  ]);
});

test('quarterly renewals cross the year', () => {
  assert.deepEqual(renewalDates('2024-11-15', 'quarterly', 2), ['2025-02-15', '2025-05-15']);
});

test('nextRenewal finds the first date after today', () => {
  assert.equal(nextRenewal('2024-01-15', 'monthly', '2024-03-20'), '2024-04-15');
  assert.equal(nextRenewal('2024-01-15', 'monthly', '2024-04-15'), '2024-05-15');
});

test('nextRenewal for a yearly plan started on a leap day', () => {
  assert.equal(nextRenewal('2024-02-29', 'yearly', '2024-06-01'), '2025-02-28');
});

test('unknown plan', () => {
  assert.throws(() => renewalDates('2024-01-01', 'weekly', 1), /unknown plan/);
});
