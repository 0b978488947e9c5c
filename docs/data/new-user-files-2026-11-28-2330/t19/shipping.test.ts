import { describe, expect, test } from '@jest/globals';
import {
  baseRate,
  deliveryDays,
  FREE_STANDARD_OVER,
  regionMultiplier,
  shippingCost,
  type ShippingMethod,
} from './shipping';

describe('baseRate', () => {
  test.each<[ShippingMethod, number]>([
    ['pickup', 0],
    ['standard', 499],
    ['express', 1299],
    ['overnight', 2499],
  ])('%s costs %i cents', (method, cents) => {
    expect(baseRate(method)).toBe(cents);
  });

  test('throws on a value outside the union', () => {
    expect(() => baseRate('drone' as ShippingMethod)).toThrow('Unhandled value: drone');
  });
});

describe('regionMultiplier', () => {
  test('eu and world are more expensive', () => {
    expect(regionMultiplier('domestic')).toBe(1);
    expect(regionMultiplier('eu')).toBe(1.5);
    expect(regionMultiplier('world')).toBe(2.25);
  });
});

describe('shippingCost', () => {
  test('standard domestic is free from the threshold', () => {
    expect(shippingCost({ subtotalCents: FREE_STANDARD_OVER, method: 'standard', region: 'domestic' })).toBe(0);
    expect(shippingCost({ subtotalCents: FREE_STANDARD_OVER - 1, method: 'standard', region: 'domestic' })).toBe(499);
  });

  test('free shipping does not apply abroad', () => {
    expect(shippingCost({ subtotalCents: 10000, method: 'standard', region: 'eu' })).toBe(749);
  });

  test('express to the rest of the world', () => {
    expect(shippingCost({ subtotalCents: 100, method: 'express', region: 'world' })).toBe(2923);
  });

  test('pickup is always free', () => {
    expect(shippingCost({ subtotalCents: 1, method: 'pickup', region: 'world' })).toBe(0);
  });
});

describe('deliveryDays', () => {
  test('express is faster than standard', () => {
    const [, expressMax] = deliveryDays('express');
    const [standardMin] = deliveryDays('standard');
    expect(expressMax).toBeLessThan(standardMin);
  });
});
