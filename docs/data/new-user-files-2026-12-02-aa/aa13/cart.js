'use strict';

// All amounts are integer cents.
const FREE_SHIPPING_THRESHOLD = 5000;
const FLAT_SHIPPING = 599;

const COUPONS = {
  SAVE10: { type: 'percent', value: 10 },
  FIVEOFF: { type: 'fixed', value: 500, minSpend: 2500 },
  SHIPFREE: { type: 'shipping' },
};

class Cart {
  constructor() {
    this.items = [];
    this.coupon = null;
  }

  addItem(sku, name, priceCents, qty = 1) {
    if (!Number.isInteger(priceCents) || priceCents < 0) {
      throw new Error(`invalid price for ${sku}`);
    }
    if (!Number.isInteger(qty) || qty < 1) {
      throw new Error(`invalid quantity for ${sku}`);
    }
    const existing = this.items.find((item) => item.sku === sku);
    if (existing) {
      existing.qty += qty;
    }
    this.items.push({ sku, name, priceCents, qty });
    return this;
  }

  setQuantity(sku, qty) {
    const item = this.items.find((i) => i.sku === sku);
    if (!item) throw new Error(`${sku} is not in the cart`);
    if (qty <= 0) {
      this.items = this.items.filter((i) => i.sku !== sku);
    } else {
      item.qty = qty;
    }
  }

  applyCoupon(code) {
    const coupon = COUPONS[code.toUpperCase()];
    if (!coupon) throw new Error(`unknown coupon ${code}`);
    this.coupon = coupon;
  }

  get itemCount() {
    return this.items.reduce((n, item) => n + item.qty, 0);
  }

  get subtotal() {
    return this.items.reduce((sum, item) => sum + item.priceCents * item.qty, 0);
  }

  get discount() {
    const c = this.coupon;
    if (!c) return 0;
    if (c.type === 'percent') return Math.round((this.subtotal * c.value) / 100);
    if (c.type === 'fixed' && this.subtotal >= c.minSpend) return Math.min(c.value, this.subtotal);
    return 0;
  }

  get shipping() {
    if (this.items.length === 0) return 0;
    if (this.coupon && this.coupon.type === 'shipping') return 0;
    return this.subtotal - this.discount >= FREE_SHIPPING_THRESHOLD ? 0 : FLAT_SHIPPING;
  }

  get total() {
    return this.subtotal - this.discount + this.shipping;
  }

  receipt() {
    const fmt = (cents) => `$${(cents / 100).toFixed(2)}`;
    const lines = this.items.map((i) => `${i.qty} x ${i.name} @ ${fmt(i.priceCents)}`);
    lines.push(`Subtotal: ${fmt(this.subtotal)}`);
    if (this.discount) lines.push(`Discount: -${fmt(this.discount)}`);
    lines.push(`Shipping: ${fmt(this.shipping)}`);
    lines.push(`Total: ${fmt(this.total)}`);
    return lines.join('\n');
  }
}

module.exports = { Cart, FLAT_SHIPPING };
