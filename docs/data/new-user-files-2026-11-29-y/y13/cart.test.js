const { Cart } = require('./cart');

describe('Cart', () => {
  let cart;

  beforeEach(() => {
    cart = new Cart();
    cart.add('tea', 4.5, 2);
    cart.add('mug', 12);
  });

  test('adding the same sku merges quantities', () => {
    cart.add('tea', 4.5, 3);
    expect(cart.items).toHaveLength(2);
    expect(cart.itemCount).toBe(6);
  });

  test('rejects non-positive quantities', () => {
    expect(() => cart.add('spoon', 1, 0)).toThrow(RangeError);
  });

  test('subtotal', () => {
    expect(cart.subtotal()).toBe(21);
  });

  test('remove an item', () => {
    cart.remove('tea');
    expect(cart.items.map((i) => i.sku)).toEqual(['mug']);
  });

  test('removing an unknown sku leaves the cart alone', () => {
    cart.remove('teapot');
    expect(cart.items.map((i) => i.sku)).toEqual(['tea', 'mug']);
  });

  test('setting quantity to zero removes the item', () => {
    cart.setQuantity('mug', 0);
    expect(cart.itemCount).toBe(2);
  });

  test('total without tax or coupon', () => {
    expect(cart.total()).toBe(21);
  });

  test('total applies coupon then tax and rounds to cents', () => {
    const taxed = new Cart({ taxRate: 0.08 });
    taxed.add('book', 19.99);
    taxed.applyCoupon('SPRING10', 10);
    expect(taxed.total()).toBeCloseTo(19.43, 2);
  });

  test('total keeps cents', () => {
    const c = new Cart();
    c.add('pen', 1.25, 3);
    expect(c.total()).toBe(3.75);
  });
});
