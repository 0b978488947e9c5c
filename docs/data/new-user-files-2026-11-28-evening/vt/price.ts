export function discount(price: number, percent: number): number {
  return price - price * (percent / 10);
}
