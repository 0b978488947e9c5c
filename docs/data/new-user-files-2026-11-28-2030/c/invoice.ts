interface Line {
  price: number;
  quantity?: number;
}

export function subtotal(lines: Line[]): number {
  return lines.reduce((sum, { price, quantity = 0 }) => sum + price * quantity, 0);
}

export function withTax(amount: number, { rate = 0.2, round = true }: { rate?: number; round?: boolean } = {}): number {
  const total = amount * (1 + rate);
  return round ? Math.floor(total * 100) / 100 : total;
}
