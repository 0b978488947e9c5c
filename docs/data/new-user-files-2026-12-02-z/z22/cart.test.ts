import { Cart, SHIPPING_FEE } from "./cart";

const mug = { sku: "MUG-1", name: "Mug", unitPrice: 1250 };
const tee = { sku: "TEE-M", name: "T-shirt", unitPrice: 2000 };
const pen = { sku: "PEN-3", name: "Pen", unitPrice: 199 };

describe("Cart", () => {
  let cart: Cart;

  beforeEach(() => {
    cart = new Cart();
  });

  test("empty cart costs nothing", () => {
    expect(cart.total()).toBe(0);
  });

  test("subtotal of several products", () => {
    cart.add(mug, 2);
    cart.add(pen);
    expect(cart.subtotal()).toBe(2699);
  });

  test("adding the same product twice merges the line", () => {
    cart.add(mug);
    cart.add(mug);
    expect(cart.items()).toEqual([{ ...mug, qty: 2 }]);
  });

  test("adding a quantity to an existing line", () => {
    cart.add(pen, 2);
    cart.add(pen, 10);
    expect(cart.items()).toEqual([{ ...pen, qty: 12 }]);
  });

  test("remove and setQty", () => {
    cart.add(mug);
    cart.add(tee);
    cart.add(pen);
    cart.remove("MUG-1");
    cart.setQty("PEN-3", 0);
    expect(cart.items().map((l) => l.sku)).toEqual(["TEE-M"]);
  });

  test("removing something that is not in the cart changes nothing", () => {
    cart.add(mug);
    cart.add(tee);
    cart.remove("GIFT-CARD");
    expect(cart.items().map((l) => l.sku)).toEqual(["MUG-1", "TEE-M"]);
  });

  test("shipping is free from 50.00 after discounts", () => {
    cart.add(tee, 3);
    expect(cart.total()).toBe(6000);
    cart.applyCoupon({ kind: "percent", value: 20 });
    expect(cart.total()).toBe(4800 + SHIPPING_FEE);
  });

  test("fixed coupon never makes the total negative", () => {
    cart.add(pen);
    cart.applyCoupon({ kind: "fixed", value: 1000 });
    expect(cart.total()).toBe(SHIPPING_FEE);
  });

  test("rejects invalid quantities", () => {
    expect(() => cart.add(mug, 0)).toThrow(RangeError);
    expect(() => cart.add(mug, 1.5)).toThrow(RangeError);
  });
});
