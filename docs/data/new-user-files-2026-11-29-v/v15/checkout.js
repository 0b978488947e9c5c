'use strict';

function couponDiscount(coupon, amount) {
  switch (coupon.type) {
    case 'percent':
      return Math.round((amount * coupon.value) / 100);
    case 'fixed':
      return Math.min(coupon.value, amount);
    default:
      throw new Error(`unknown coupon type: ${coupon.type}`);
  }
}

function subtotalOf(items) {
  return items.reduce((sum, item) => {
    if (item.qty <= 0) throw new RangeError(`invalid quantity for ${item.sku}`);
    return sum + item.qty * item.unitCents;
  }, 0);
}

function computeTotals(items, options = {}) {
  const {
    taxRate = 0,
    coupon = null,
    shippingCents = 0,
    freeShippingOverCents = Infinity,
  } = options;

  const subtotal = subtotalOf(items);
  let amount = subtotal;
  const tax = Math.round(amount * taxRate);
  if (coupon) {
    if (coupon.minSubtotalCents && subtotal < coupon.minSubtotalCents) {
      throw new Error('coupon minimum not reached');
    }
    amount -= couponDiscount(coupon, amount);
  }
  const shipping = amount >= freeShippingOverCents ? 0 : shippingCents;

  return {
    subtotal,
    discount: subtotal - amount,
    tax,
    shipping,
    total: amount + tax + shipping,
  };
}

module.exports = { computeTotals, couponDiscount };
