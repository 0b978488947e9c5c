import { beforeEach, describe, expect, it } from 'vitest';
import { clamp, discountPercent, MAX_DISCOUNT_PERCENT, quote, quoteCart, type Customer } from './pricing';

describe('clamp', () => {
  it('keeps values inside the range', () => {
    expect(clamp(5, 0, 10)).toBe(5);
    expect(clamp(-1, 0, 10)).toBe(0);
    expect(clamp(11, 0, 10)).toBe(10);
  });
});

describe('discounts', () => {
  let customer: Customer;

  beforeEach(() => {
    customer = { tier: 'silver', loyaltyPoints: 2500 };
  });

  it('combines tier and loyalty bonus', () => {
    expect(discountPercent(customer)).toBe(9);
  });

  it('adds coupons on top', () => {
    expect(discountPercent({ ...customer, couponPercent: 10 })).toBe(19);
  });

  it('never exceeds the maximum discount', () => {
    const whale: Customer = { tier: 'gold', loyaltyPoints: 50_000, couponPercent: 15 };
    expect(discountPercent(whale)).toBe(MAX_DISCOUNT_PERCENT);
  });

  it('never goes below zero with a negative adjustment coupon', () => {
    expect(discountPercent({ tier: 'basic', loyaltyPoints: 0, couponPercent: -5 })).toBe(0);
  });
});

describe('quotes', () => {
  it('applies the discount and rounds to cents', () => {
    expect(quote(19.99, { tier: 'gold', loyaltyPoints: 0 })).toEqual({
      listPrice: 19.99,
      discountPercent: 10,
      finalPrice: 17.99,
    });
  });

  it('caps the discount on big spenders', () => {
    expect(quote(200, { tier: 'gold', loyaltyPoints: 12_000 }).finalPrice).toBe(140);
  });

  it('totals a cart', () => {
    expect(quoteCart([10, 20, 5.5], { tier: 'basic', loyaltyPoints: 1000 })).toBeCloseTo(34.79, 2);
  });

  it('rejects negative prices', () => {
    expect(() => quote(-1, { tier: 'basic', loyaltyPoints: 0 })).toThrow(RangeError);
  });
});
