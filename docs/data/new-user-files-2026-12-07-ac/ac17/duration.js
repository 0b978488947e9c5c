'use strict';
const assert = require('node:assert');

const UNIT_MS = {
  w: 7 * 24 * 60 * 60 * 1000,
  d: 24 * 60 * 60 * 1000,
  h: 60 * 60 * 1000,
  m: 60 * 1000,
  s: 1000,
  ms: 1,
};

const TOKEN = /(\d+(?:\.\d+)?)\s*(ms|w|d|h|m|s)/g;

/** Parse strings like "1h30m", "2d 4h", "1.5s" or "250ms" into milliseconds. */
function parseDuration(text) {
  const input = String(text).trim().toLowerCase();
  if (!input) throw new Error('empty duration');
  let total = 0;
  let consumed = 0;
  for (const match of input.matchAll(TOKEN)) {
    if (input.slice(consumed, match.index).trim() !== '') {
      throw new Error(`invalid duration: "${text}"`);
    }
    total += parseInt(match[1], 10) * UNIT_MS[match[2]];
    consumed = match.index + match[0].length;
  }
  if (consumed === 0 || input.slice(consumed).trim() !== '') {
    throw new Error(`invalid duration: "${text}"`);
  }
  return Math.round(total);
}

/** Format milliseconds using at most `largest` units, e.g. 5400000 -> "1h 30m". */
function formatDuration(ms, { largest = 2 } = {}) {
  if (ms < 0) return '-' + formatDuration(-ms, { largest });
  if (ms === 0) return '0s';
  const parts = [];
  let rest = ms;
  for (const unit of ['w', 'd', 'h', 'm', 's', 'ms']) {
    const count = Math.floor(rest / UNIT_MS[unit]);
    if (count > 0) {
      parts.push(`${count}${unit}`);
    }
    if (parts.length === largest) break;
  }
  return parts.join(' ');
}

module.exports = { parseDuration, formatDuration };

assert.strictEqual(parseDuration('250ms'), 250);
assert.strictEqual(parseDuration('1h30m'), 5400000);
assert.strictEqual(parseDuration('1.5s'), 1500);
assert.strictEqual(parseDuration(' 2d 4h '), 187200000);
assert.strictEqual(parseDuration('1H 15M'), 4500000);
assert.throws(() => parseDuration('abc'), /invalid duration/);
assert.throws(() => parseDuration('10 minutes'), /invalid duration/);
assert.throws(() => parseDuration(''), /empty duration/);
assert.strictEqual(formatDuration(5400000), '1h 30m');
assert.strictEqual(formatDuration(90061000, { largest: 3 }), '1d 1h 1m');
assert.strictEqual(formatDuration(1500), '1s 500ms');
assert.strictEqual(formatDuration(-60000), '-1m');
assert.strictEqual(formatDuration(0), '0s');
