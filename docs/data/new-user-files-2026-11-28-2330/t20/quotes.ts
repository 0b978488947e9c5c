export type PriceSource = (symbol: string) => Promise<number>;

export interface PortfolioLine {
  symbol: string;
  shares: number;
}

/** Fetch each distinct symbol once, in parallel. Keys are upper-cased. */
export async function fetchPrices(
  symbols: string[],
  source: PriceSource,
): Promise<Map<string, number>> {
  const normalized = symbols.map((s) => s.trim().toUpperCase());
  const unique = [...new Set(normalized)];
  const prices = await Promise.all(unique.map((s) => source(s)));
  const result = new Map<string, number>();
  normalized.forEach((symbol, i) => {
    result.set(symbol, prices[i]);
  });
  return result;
}

export async function portfolioValue(
  lines: PortfolioLine[],
  source: PriceSource,
): Promise<{ total: number; bySymbol: Map<string, number> }> {
  const prices = await fetchPrices(lines.map((l) => l.symbol), source);
  const bySymbol = new Map<string, number>();
  for (const line of lines) {
    const symbol = line.symbol.trim().toUpperCase();
    const price = prices.get(symbol);
    if (price === undefined) throw new Error(`no price for ${symbol}`);
    bySymbol.set(symbol, (bySymbol.get(symbol) ?? 0) + price * line.shares);
  }
  let total = 0;
  for (const value of bySymbol.values()) total += value;
  return { total: Math.round(total * 100) / 100, bySymbol };
}
