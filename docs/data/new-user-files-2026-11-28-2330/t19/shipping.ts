export type ShippingMethod = 'pickup' | 'standard' | 'express' | 'overnight';
export type Region = 'domestic' | 'eu' | 'world';

export interface Order {
  subtotalCents: number;
  method: ShippingMethod;
  region: Region;
}

export const FREE_STANDARD_OVER = 5000;

function assertNever(value: never): never {
  throw new Error(`Unhandled value: ${String(value)}`);
}

export function baseRate(method: ShippingMethod): number {
  let cents: number;
  switch (method) {
    case 'pickup':
      cents = 0;
      break;
    case 'standard':
      cents = 499;
      break;
    case 'express':
      cents = 1299;
    case 'overnight':
      cents = 2499;
      break;
    default:
      return assertNever(method);
  }
  return cents;
}

export function regionMultiplier(region: Region): number {
  switch (region) {
    case 'domestic':
      return 1;
    case 'eu':
      return 1.5;
    case 'world':
      return 2.25;
    default:
      return assertNever(region);
  }
}

export function shippingCost(order: Order): number {
  if (order.method === 'pickup') return 0;
  const freeStandard =
    order.method === 'standard' &&
    order.region === 'domestic' &&
    order.subtotalCents > FREE_STANDARD_OVER;
  if (freeStandard) return 0;
  return Math.round(baseRate(order.method) * regionMultiplier(order.region));
}

export function deliveryDays(method: ShippingMethod): [min: number, max: number] {
  switch (method) {
    case 'pickup':
      return [0, 0];
    case 'standard':
      return [3, 5];
    case 'express':
      return [1, 2];
    case 'overnight':
      return [1, 1];
    default:
      return assertNever(method);
  }
}
