export type Tier = 'basic' | 'silver' | 'gold';

export interface Customer {
  tier: Tier;
  loyaltyPoints: number;
  couponPercent?: number;
}

export interface Quote {
  listPrice: number;
  discountPercent: number;
  finalPrice: number;
}

const TIER_BASE: Record<Tier, number> = { basic: 0, silver: 5, gold: 10 };
export const MAX_DISCOUNT_PERCENT = 30;

export function clamp(value: number, min: number, max: number): number {
  if (value < min) return min;
  if (value > max) return max;
  return value;
}

export function discountPercent(customer: Customer): number {
  const loyaltyBonus = Math.floor(customer.loyaltyPoints / 1000) * 2;
  const raw = TIER_BASE[customer.tier] + loyaltyBonus + (customer.couponPercent ?? 0);
  return clamp(0, raw, MAX_DISCOUNT_PERCENT);
}

function roundCents(amount: number): number {
  return Math.round(amount * 100) / 100;
}

export function quote(listPrice: number, customer: Customer): Quote {
  if (listPrice < 0) throw new RangeError('listPrice must not be negative');
  const pct = discountPercent(customer);
  return {
    listPrice,
    discountPercent: pct,
    finalPrice: roundCents(listPrice * (1 - pct / 100)),
  };
}

export function quoteCart(prices: number[], customer: Customer): number {
  return roundCents(prices.reduce((sum, p) => sum + quote(p, customer).finalPrice, 0));
}
