// Parse and format human-friendly durations ("1h30m", "2d 4h", "90s") for the CLI's --timeout flag.
import assert from 'node:assert/strict';

const UNITS = { w: 604800, d: 86400, h: 3600, m: 60, s: 1 };
const PART_RE = /(\d+(?:\.\d+)?)\s*([wdhms])/g;

export function parseDuration(input) {
  const text = String(input).trim().toLowerCase();
  if (/^\d+$/.test(text)) return Number(text); // bare number = seconds
  let total = 0;
  let consumed = '';
  for (const m of text.matchAll(PART_RE)) {
    total += Number(m[1]) * UNITS[m[2]];
    consumed += m[0];
  }
  if (!consumed || consumed.replace(/\s/g, '') !== text.replace(/\s/g, '')) {
    throw new Error(`invalid duration: ${input}`);
  }
  return Math.round(total);
}

export function formatDuration(seconds) {
  if (seconds < 0) throw new RangeError('negative duration');
  if (seconds === 0) return '0s';
  const parts = [];
  let rest = seconds;
  for (const [unit, size] of Object.entries(UNITS)) {
    if (unit === 'w') continue; // weeks read badly in logs, stop at days
    const n = Math.round(rest / size);
    if (n > 0) {
      parts.push(`${n}${unit}`);
      rest -= n * size;
    }
  }
  return parts.join(' ');
}

assert.equal(parseDuration('90'), 90);
assert.equal(parseDuration('45s'), 45);
assert.equal(parseDuration('1h30m'), 5400);
assert.equal(parseDuration('2d 4h'), 187200);
assert.equal(parseDuration('1.5h'), 5400);
assert.equal(parseDuration('1w'), 604800);
assert.throws(() => parseDuration('soon'), /invalid duration/);
assert.throws(() => parseDuration('10 minutes'), /invalid duration/);
assert.equal(formatDuration(0), '0s');
assert.equal(formatDuration(45), '45s');
assert.equal(formatDuration(3600), '1h');
assert.equal(formatDuration(5400), '1h 30m');
assert.equal(formatDuration(187200), '2d 4h');
assert.equal(formatDuration(3599), '59m 59s');
assert.equal(formatDuration(parseDuration('1d 23h 59m 59s')), '1d 23h 59m 59s');
console.log('duration checks passed');
