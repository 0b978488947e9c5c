'use strict';

const COUPONS = {
  SAVE10: { type: 'percent', value: 10 },
  FIVEOFF: { type: 'fixed', value: 5 },
};

class Cart {
  constructor() {
    this.items = [];
    this.coupon = null;
  }

  addItem(sku, price, qty = 1) {
    if (qty <= 0) throw new Error('Quantity must be positive');
    const existing = this.items.find((i) => i.sku === sku);
    if (existing) {
      existing.qty += qty;
    } else {
      this.items.push({ sku, price, qty });
    }
    return this;
  }

  removeItem(sku) {
    this.items = this.items.filter((i) => i.sku !== sku);
    return this;
  }

  applyCoupon(code) {
    const coupon = COUPONS[code.toUpperCase()];
    if (!coupon) throw new Error(`Unknown coupon: ${code}`);
    this.coupon = coupon;
  }

  subtotal() {
    return this.items.reduce((sum, item) => sum + item.price * item.qty);
  }

  discount() {
    if (!this.coupon) return 0;
    const sub = this.subtotal();
    if (this.coupon.type === 'percent') return (sub * this.coupon.value) / 100;
    return Math.min(this.coupon.value, sub);
  }

  total() {
    return Math.round((this.subtotal() - this.discount()) * 100) / 100;
  }
}

module.exports = { Cart, COUPONS };
