import { describe, it, expect } from 'vitest';
import { toFahrenheit, warmest } from './temps';

describe('temps', () => {
  it('converts', () => {
    expect(toFahrenheit(100)).toBe(212);
    expect(toFahrenheit(-40)).toBeCloseTo(-40);
  });

  it('finds the warmest', () => {
    const rs = [
      { city: 'Oslo', celsius: 3 },
      { city: 'Rome', celsius: 21 },
      { city: 'Cairo', celsius: 30 },
    ];
    expect(warmest(rs)).toEqual({ city: 'Cairo', celsius: 30 });
    expect(warmest([])).toBeUndefined();
  });
});
