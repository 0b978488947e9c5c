'use strict';
const assert = require('node:assert');

const UNIT_SECONDS = { d: 86400, h: 3600, m: 60, s: 1 };

/** Parse strings such as "1h30m", "45s" or "2d 4h" into seconds. */
function parseDuration(text) {
  const compact = String(text).replace(/\s+/g, '');
  if (!/^(\d+[dhms])+$/.test(compact)) {
    throw new Error(`bad duration: ${text}`);
  }
  let total = 0;
  for (const [, amount, unit] of compact.matchAll(/(\d+)([dhms])/g)) {
    total += Number(amount) * UNIT_SECONDS[unit];
  }
  return total;
}

/** Format seconds as a compact string like "1d2h3m4s", leaving out zero units. */
function formatDuration(seconds) {
  if (!Number.isInteger(seconds) || seconds < 0) {
    throw new RangeError('seconds must be a non-negative integer');
  }
  if (seconds === 0) return '0s';
  const days = Math.floor(seconds / 86400);
  const hours = Math.floor((seconds % 86400) / 3600);
  const minutes = Math.floor(seconds / 60);
  const secs = seconds % 60;
  return [[days, 'd'], [hours, 'h'], [minutes, 'm'], [secs, 's']]
    .filter(([n]) => n > 0)
    .map(([n, unit]) => `${n}${unit}`)
    .join('');
}

module.exports = { parseDuration, formatDuration };

// Sanity checks, run whenever the module is loaded.
assert.strictEqual(parseDuration('45s'), 45);
assert.strictEqual(parseDuration('1h30m'), 5400);
assert.strictEqual(parseDuration('2d 4h'), 187200);
assert.throws(() => parseDuration('ten minutes'), /bad duration/);
assert.strictEqual(formatDuration(0), '0s');
assert.strictEqual(formatDuration(45), '45s');
assert.strictEqual(formatDuration(90), '1m30s');
assert.strictEqual(formatDuration(3600), '1h');
assert.strictEqual(formatDuration(5400), '1h30m');
assert.strictEqual(formatDuration(93784), '1d2h3m4s');
assert.strictEqual(formatDuration(parseDuration('3h 5m 10s')), '3h5m10s');
