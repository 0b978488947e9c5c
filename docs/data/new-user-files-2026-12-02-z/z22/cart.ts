export interface Product {
  sku: string;
  name: string;
  unitPrice: number; // cents
}

export interface CartLine extends Product {
  qty: number;
}

export type Coupon = { kind: "percent"; value: number } | { kind: "fixed"; value: number };

export const FREE_SHIPPING_FROM = 5000;
export const SHIPPING_FEE = 499;

export class Cart {
  private lines: CartLine[] = [];
  private coupon: Coupon | null = null;

  add(product: Product, qty = 1): void {
    if (!Number.isInteger(qty) || qty <= 0) throw new RangeError("qty must be a positive integer");
    const existing = this.lines.find((line) => line.sku === product.sku);
    if (existing) {
      existing.qty++;
    } else {
      this.lines.push({ ...product, qty });
    }
  }

  remove(sku: string): void {
    const index = this.lines.findIndex((line) => line.sku === sku);
    this.lines.splice(index, 1);
  }

  setQty(sku: string, qty: number): void {
    if (qty === 0) return this.remove(sku);
    const line = this.lines.find((l) => l.sku === sku);
    if (!line) throw new Error(`not in cart: ${sku}`);
    line.qty = qty;
  }

  applyCoupon(coupon: Coupon): void {
    this.coupon = coupon;
  }

  items(): CartLine[] {
    return this.lines.map((line) => ({ ...line }));
  }

  subtotal(): number {
    return this.lines.reduce((sum, line) => sum + line.unitPrice * line.qty, 0);
  }

  discount(): number {
    if (!this.coupon) return 0;
    const subtotal = this.subtotal();
    if (this.coupon.kind === "percent") return Math.round((subtotal * this.coupon.value) / 100);
    return Math.min(this.coupon.value, subtotal);
  }

  shipping(): number {
    if (this.lines.length === 0) return 0;
    return this.subtotal() - this.discount() >= FREE_SHIPPING_FROM ? 0 : SHIPPING_FEE;
  }

  total(): number {
    return this.subtotal() - this.discount() + this.shipping();
  }
}
