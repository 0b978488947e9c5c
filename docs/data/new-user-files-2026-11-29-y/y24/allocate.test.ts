import { describe, expect, it } from 'vitest';
import { allocate, formatCents, splitEvenly } from './allocate';

describe('splitEvenly', () => {
  it('gives the extra cents to the first people', () => {
    expect(splitEvenly(100, 3)).toEqual([34, 33, 33]);
    expect(splitEvenly(1001, 4)).toEqual([251, 250, 250, 250]);
  });

  it('rejects zero people', () => {
    expect(() => splitEvenly(100, 0)).toThrow(RangeError);
  });
});

describe('allocate', () => {
  it('splits exactly when possible', () => {
    expect(allocate(1000, [50, 30, 20])).toEqual([500, 300, 200]);
  });

  it.each([
    [100, [2, 1]],
    [999, [1, 2, 3, 4]],
    [1, [1, 1, 1]],
    [12345, [0.3, 0.3, 0.4]],
  ])('shares of %i add up to the total', (total, weights) => {
    const shares = allocate(total, weights);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
  });

  it('gives leftover cents to the largest remainders', () => {
    expect(allocate(100, [2, 1])).toEqual([67, 33]);
    expect(allocate(1000, [1, 1, 1, 3])).toEqual([167, 167, 166, 500]);
  });

  it('rounds a three-way rent split sensibly', () => {
    // 250000 * [0.45, 0.35, 0.2] -> 112500, 87500, 50000 exactly; 250001 leaves one cent
    expect(allocate(250001, [45, 35, 20])).toEqual([112501, 87500, 50000]);
  });

  it('validates input', () => {
    expect(() => allocate(10.5, [1])).toThrow(TypeError);
    expect(() => allocate(10, [])).toThrow(RangeError);
    expect(() => allocate(10, [1, -1])).toThrow(RangeError);
  });
});

describe('formatCents', () => {
  it('formats dollars and cents', () => {
    expect(formatCents(112501)).toBe('$1125.01');
    expect(formatCents(7)).toBe('$0.07');
  });
});
