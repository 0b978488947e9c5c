const { describe, it } = require('node:test');
const assert = require('node:assert');

const { parseDuration, formatDuration } = require('./duration');

describe('parseDuration', () => {
  it('parses single units', () => {
    assert.strictEqual(parseDuration('45s'), 45);
    assert.strictEqual(parseDuration('2h'), 7200);
  });

  it('parses combined units with or without spaces', () => {
    assert.strictEqual(parseDuration('1h30m'), 5400);
    assert.strictEqual(parseDuration('1d 2h 3m 4s'), 93784);
  });

  it('rejects garbage', () => {
    assert.throws(() => parseDuration('soon'), /Invalid duration/);
    assert.throws(() => parseDuration('5 minutes'), /Invalid duration/);
  });
});

describe('formatDuration', () => {
  it('formats zero', () => {
    assert.strictEqual(formatDuration(0), '0s');
  });

  it('formats minutes and seconds', () => {
    assert.strictEqual(formatDuration(125), '2m 5s');
  });

  it('formats hours and minutes', () => {
    assert.strictEqual(formatDuration(5400), '1h 30m');
  });

  it('omits zero parts in the middle', () => {
    assert.strictEqual(formatDuration(86400 + 5), '1d 5s');
  });

  it('round-trips through parseDuration', () => {
    for (const text of ['1d 2h 3m 4s', '59m 59s', '3h']) {
      assert.strictEqual(formatDuration(parseDuration(text)), text);
    }
  });

  it('rejects negative values', () => {
    assert.throws(() => formatDuration(-1), RangeError);
  });
});
