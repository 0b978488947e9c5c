import { describe, expect, it } from 'vitest';
import { formatDuration, parseDuration, sumDurations, toMilliseconds } from './duration';

describe('parseDuration', () => {
  it('parses single units', () => {
    expect(parseDuration('45s')).toBe(45);
    expect(parseDuration('5m')).toBe(300);
    expect(parseDuration('2d')).toBe(172_800);
  });

  it('parses multi-digit amounts', () => {
    expect(parseDuration('90m')).toBe(5_400);
    expect(parseDuration('120s')).toBe(120);
    expect(parseDuration('36h')).toBe(129_600);
  });

  it('parses combinations with optional spaces and any case', () => {
    expect(parseDuration('1h30m')).toBe(5_400);
    expect(parseDuration('2D 4h 15M 10s')).toBe(188_110);
  });

  it('rejects garbage', () => {
    expect(() => parseDuration('')).toThrow(SyntaxError);
    expect(() => parseDuration('10')).toThrow(SyntaxError);
    expect(() => parseDuration('5 minutes')).toThrow(SyntaxError);
    expect(() => parseDuration('1h-30m')).toThrow(SyntaxError);
  });
});

describe('formatDuration', () => {
  it('formats whole units', () => {
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(3_600)).toBe('1h');
    expect(formatDuration(86_400 + 60)).toBe('1d 1m');
  });

  it('never rounds a unit up', () => {
    expect(formatDuration(90)).toBe('1m 30s');
    expect(formatDuration(5_399)).toBe('1h 29m 59s');
    expect(formatDuration(59.9)).toBe('59s');
  });

  it('round-trips with parseDuration', () => {
    for (const text of ['1d 2h 3m 4s', '23h 59m 59s', '10m 5s']) {
      expect(formatDuration(parseDuration(text))).toBe(text);
    }
  });

  it('rejects negative values', () => {
    expect(() => formatDuration(-1)).toThrow(RangeError);
  });
});

describe('helpers', () => {
  it('converts and sums', () => {
    expect(toMilliseconds('1m')).toBe(60_000);
    expect(toMilliseconds(250)).toBe(250);
    expect(sumDurations(['45m', '30m', '50s'])).toBe('1h 15m 50s');
  });
});
