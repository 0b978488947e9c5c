const { Cart } = require('./cart');

describe('Cart', () => {
  let cart;

  beforeEach(() => {
    cart = new Cart();
  });

  it('starts empty', () => {
    expect(cart.items).toEqual([]);
    expect(cart.total()).toBe(0);
  });

  it('adds up line totals', () => {
    cart.addItem('apple', 0.5, 4).addItem('bread', 2.25);
    expect(cart.subtotal()).toBeCloseTo(4.25);
  });

  it('works with a single item', () => {
    cart.addItem('milk', 1.99, 2);
    expect(cart.subtotal()).toBeCloseTo(3.98);
  });

  it('merges quantities for the same sku', () => {
    cart.addItem('apple', 0.5).addItem('apple', 0.5, 2);
    expect(cart.items).toEqual([{ sku: 'apple', price: 0.5, qty: 3 }]);
  });

  it('removes items', () => {
    cart.addItem('apple', 0.5).addItem('bread', 2.25).removeItem('apple');
    expect(cart.items.map((i) => i.sku)).toEqual(['bread']);
  });

  it('rejects non-positive quantities', () => {
    expect(() => cart.addItem('apple', 0.5, 0)).toThrow('Quantity must be positive');
  });

  describe('coupons', () => {
    beforeEach(() => {
      cart.addItem('shoes', 40).addItem('socks', 4.99, 2);
    });

    it('applies a percentage coupon', () => {
      cart.applyCoupon('save10');
      expect(cart.total()).toBeCloseTo(44.98, 2);
    });

    it('applies a fixed coupon', () => {
      cart.applyCoupon('FIVEOFF');
      expect(cart.total()).toBeCloseTo(44.98, 2);
    });

    it('throws on an unknown coupon', () => {
      expect(() => cart.applyCoupon('FREE')).toThrow(/Unknown coupon/);
    });
  });
});
