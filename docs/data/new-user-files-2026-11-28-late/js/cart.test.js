const { subtotal, applyCoupon, loadCart } = require('./cart');

describe('cart', () => {
  test.each([
    [[{ price: 2, qty: 3 }], 6],
    [[{ price: 1.5, qty: 2 }, { price: 4, qty: 1 }], 7],
    [[], 0],
  ])('subtotal of %j is %d', (items, expected) => {
    expect(subtotal(items)).toBe(expected);
  });

  test('coupon', () => {
    expect(applyCoupon(100, 'TEN')).toBe(90);
    expect(() => applyCoupon(100, 'BOGUS')).toThrow('unknown coupon');
  });

  test('loads', async () => {
    await expect(loadCart('a')).resolves.toHaveLength(2);
    await expect(loadCart('')).rejects.toThrow(/empty id/);
  });
});
