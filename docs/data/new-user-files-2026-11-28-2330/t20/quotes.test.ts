import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fetchPrices, portfolioValue, type PriceSource } from './quotes';

const PRICES: Record<string, number> = { AAPL: 190.5, MSFT: 410.25, TSLA: 175 };

function makeSource(delays: Record<string, number> = {}) {
  const calls: string[] = [];
  const source: PriceSource = async (symbol) => {
    calls.push(symbol);
    await new Promise((r) => setTimeout(r, delays[symbol] ?? 0));
    if (!(symbol in PRICES)) throw new Error(`unknown symbol ${symbol}`);
    return PRICES[symbol];
  };
  return { source, calls };
}

describe('fetchPrices', () => {
  it('returns a map keyed by upper-case symbol', async () => {
    const { source } = makeSource({ AAPL: 20, MSFT: 1 });
    const prices = await fetchPrices(['aapl', 'MSFT'], source);
    assert.deepEqual([...prices.entries()], [['AAPL', 190.5], ['MSFT', 410.25]]);
  });

  it('asks for duplicate symbols only once', async () => {
    const { source, calls } = makeSource();
    const prices = await fetchPrices(['AAPL', 'tsla', ' aapl ', 'MSFT'], source);
    assert.deepEqual(calls.sort(), ['AAPL', 'MSFT', 'TSLA']);
    assert.equal(prices.size, 3);
    assert.equal(prices.get('MSFT'), 410.25);
    assert.equal(prices.get('TSLA'), 175);
  });

  it('propagates source errors', async () => {
    const { source } = makeSource();
    await assert.rejects(fetchPrices(['AAPL', 'NOPE'], source), /unknown symbol NOPE/);
  });
});

describe('portfolioValue', () => {
  it('sums shares across duplicate lines', async () => {
    const { source } = makeSource({ TSLA: 5 });
    const { total, bySymbol } = await portfolioValue(
      [
        { symbol: 'AAPL', shares: 10 },
        { symbol: 'aapl', shares: 2 },
        { symbol: 'MSFT', shares: 1 },
      ],
      source,
    );
    assert.equal(bySymbol.get('AAPL'), 2286);
    assert.equal(total, 2696.25);
  });
});
