const { computeTotals, couponDiscount } = require('./checkout');

describe('computeTotals', () => {
  let items;

  beforeEach(() => {
    items = [
      { sku: 'BOOK', qty: 2, unitCents: 1500 },
      { sku: 'PEN', qty: 4, unitCents: 250 },
    ];
  });

  it('sums items without extras', () => {
    expect(computeTotals(items)).toEqual({ subtotal: 4000, discount: 0, tax: 0, shipping: 0, total: 4000 });
  });

  it('adds tax and shipping', () => {
    expect(computeTotals(items, { taxRate: 0.08, shippingCents: 599 })).toEqual({
      subtotal: 4000,
      discount: 0,
      tax: 320,
      shipping: 599,
      total: 4919,
    });
  });

  it('charges tax on the discounted amount', () => {
    const totals = computeTotals(items, { taxRate: 0.1, coupon: { type: 'percent', value: 25 } });
    expect(totals.discount).toBe(1000);
    expect(totals.tax).toBe(300);
    expect(totals.total).toBe(3300);
  });

  it('fixed coupons never make the order negative', () => {
    const totals = computeTotals([{ sku: 'PEN', qty: 1, unitCents: 250 }], {
      taxRate: 0.2,
      coupon: { type: 'fixed', value: 1000 },
    });
    expect(totals).toMatchObject({ discount: 250, tax: 0, total: 0 });
  });

  it('free shipping threshold applies after the discount', () => {
    const opts = { shippingCents: 500, freeShippingOverCents: 3500 };
    expect(computeTotals(items, opts).shipping).toBe(0);
    expect(computeTotals(items, { ...opts, coupon: { type: 'fixed', value: 1000 } }).shipping).toBe(500);
  });

  it('enforces coupon minimum', () => {
    expect(() =>
      computeTotals(items, { coupon: { type: 'fixed', value: 500, minSubtotalCents: 5000 } }),
    ).toThrow('coupon minimum not reached');
  });

  it('rejects bad quantities', () => {
    items[1].qty = 0;
    expect(() => computeTotals(items)).toThrow(RangeError);
  });
});

describe('couponDiscount', () => {
  it('rounds percentage discounts to whole cents', () => {
    expect(couponDiscount({ type: 'percent', value: 15 }, 999)).toBe(150);
  });

  it('rejects unknown coupon types', () => {
    expect(() => couponDiscount({ type: 'bogo' }, 100)).toThrow(/unknown coupon type/);
  });
});
