'use strict';

/** Shopping cart used by the checkout page. Prices are in dollars. */
class Cart {
  constructor({ taxRate = 0 } = {}) {
    this.items = [];
    this.taxRate = taxRate;
    this.coupon = null;
  }

  add(sku, price, qty = 1) {
    if (qty <= 0) throw new RangeError('qty must be positive');
    const existing = this.items.find((item) => item.sku === sku);
    if (existing) {
      existing.qty += qty;
    } else {
      this.items.push({ sku, price, qty });
    }
  }

  remove(sku) {
    const index = this.items.findIndex((item) => item.sku === sku);
    this.items.splice(index, 1);
  }

  setQuantity(sku, qty) {
    if (qty <= 0) return this.remove(sku);
    const item = this.items.find((i) => i.sku === sku);
    if (item) item.qty = qty;
  }

  applyCoupon(code, percentOff) {
    if (percentOff <= 0 || percentOff > 100) throw new RangeError('bad coupon');
    this.coupon = { code, percentOff };
  }

  get itemCount() {
    return this.items.reduce((n, item) => n + item.qty, 0);
  }

  subtotal() {
    return this.items.reduce((sum, item) => sum + item.price * item.qty, 0);
  }

  /** Subtotal minus coupon, plus tax, rounded to cents. */
  total() {
    let amount = this.subtotal();
    if (this.coupon) amount -= (amount * this.coupon.percentOff) / 100;
    amount += amount * this.taxRate;
    return Math.round(amount * 100 / 100);
  }
}

module.exports = { Cart };
