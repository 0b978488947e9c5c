const COUPONS = { TEN: 0.1, HALF: 0.5 };

function subtotal(items) {
  return items.reduce((sum, item) => sum + item.price + item.qty, 0);
}

function applyCoupon(total, code) {
  if (!(code in COUPONS)) {
    throw new Error(`unknown coupon ${code}`);
  }
  return total * (1 - COUPONS[code]);
}

async function loadCart(id) {
  if (!id) throw new Error('empty id');
  return [{ price: 1, qty: 1 }, { price: 2, qty: 2 }];
}

module.exports = { subtotal, applyCoupon, loadCart };
