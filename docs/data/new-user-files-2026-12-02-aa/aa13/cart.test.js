const { Cart, FLAT_SHIPPING } = require('./cart');

describe('Cart', () => {
  let cart;

  beforeEach(() => {
    cart = new Cart();
  });

  test('empty cart costs nothing', () => {
    expect(cart.itemCount).toBe(0);
    expect(cart.total).toBe(0);
  });

  test('adds items and charges flat shipping under the threshold', () => {
    cart.addItem('MUG', 'Mug', 1200, 2).addItem('TEA', 'Green tea', 850);
    expect(cart.subtotal).toBe(3250);
    expect(cart.shipping).toBe(FLAT_SHIPPING);
    expect(cart.total).toBe(3250 + FLAT_SHIPPING);
  });

  test('adding the same sku again increases its quantity', () => {
    cart.addItem('MUG', 'Mug', 1200);
    cart.addItem('MUG', 'Mug', 1200, 2);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0].qty).toBe(3);
    expect(cart.subtotal).toBe(3600);
  });

  test('free shipping from $50 after discounts', () => {
    cart.addItem('KETTLE', 'Kettle', 5400);
    expect(cart.shipping).toBe(0);
    cart.applyCoupon('save10');
    expect(cart.discount).toBe(540);
    expect(cart.shipping).toBe(FLAT_SHIPPING);
  });

  test('fixed coupon needs a minimum spend', () => {
    cart.addItem('TEA', 'Green tea', 850, 2);
    cart.applyCoupon('FIVEOFF');
    expect(cart.discount).toBe(0);
    cart.addItem('TEA', 'Green tea', 850, 1);
    expect(cart.subtotal).toBe(2550);
    expect(cart.discount).toBe(500);
  });

  test('setQuantity to zero removes the line', () => {
    cart.addItem('MUG', 'Mug', 1200).addItem('TEA', 'Green tea', 850);
    cart.setQuantity('MUG', 0);
    expect(cart.items.map((i) => i.sku)).toEqual(['TEA']);
    expect(() => cart.setQuantity('NOPE', 1)).toThrow('not in the cart');
  });

  test('rejects bad prices, quantities and coupons', () => {
    expect(() => cart.addItem('X', 'X', 9.99)).toThrow();
    expect(() => cart.addItem('X', 'X', 999, 0)).toThrow();
    expect(() => cart.applyCoupon('BOGUS')).toThrow('unknown coupon');
  });

  test('receipt', () => {
    cart.addItem('MUG', 'Mug', 1200).addItem('MUG', 'Mug', 1200);
    cart.applyCoupon('SHIPFREE');
    expect(cart.receipt()).toBe(
      ['2 x Mug @ $12.00', 'Subtotal: $24.00', 'Shipping: $0.00', 'Total: $24.00'].join('\n'),
    );
  });
});
