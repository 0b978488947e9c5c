import { describe, it, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { revenueByProduct, topProducts, shareOfRevenue, formatReport } from './salesReport.js';

const orders = [
  { id: 1, lines: [{ sku: 'MUG', qty: 2, unitPrice: 8 }, { sku: 'TEE', qty: 1, unitPrice: 20 }] },
  { id: 2, lines: [{ sku: 'CAP', qty: 3, unitPrice: 12 }] },
  { id: 3, lines: [{ sku: 'MUG', qty: 1, unitPrice: 8 }, { sku: 'PIN', qty: 10, unitPrice: 1.5 }] },
];

describe('sales report', () => {
  let products;

  beforeEach(() => {
    products = revenueByProduct(orders);
  });

  it('aggregates units and revenue per sku in first-seen order', () => {
    assert.deepEqual(products, [
      { sku: 'MUG', units: 3, revenue: 24 },
      { sku: 'TEE', units: 1, revenue: 20 },
      { sku: 'CAP', units: 3, revenue: 36 },
      { sku: 'PIN', units: 10, revenue: 15 },
    ]);
  });

  it('ranks top products by revenue', () => {
    assert.deepEqual(topProducts(products, 2).map((p) => p.sku), ['CAP', 'MUG']);
  });

  it('ranks by units with sku as tie-breaker', () => {
    assert.deepEqual(topProducts(products, 3, 'units').map((p) => p.sku), ['PIN', 'CAP', 'MUG']);
  });

  it('does not reorder the caller\'s array', () => {
    const before = products.map((p) => p.sku);
    topProducts(products, 2);
    assert.deepEqual(products.map((p) => p.sku), before);
  });

  it('computes share of revenue in the original order', () => {
    topProducts(products);
    assert.deepEqual(shareOfRevenue(products), [
      { sku: 'MUG', share: 25.3 },
      { sku: 'TEE', share: 21.1 },
      { sku: 'CAP', share: 37.9 },
      { sku: 'PIN', share: 15.8 },
    ]);
  });

  it('formats a text report', () => {
    assert.equal(
      formatReport(products, { limit: 2 }),
      'Top products\n1. CAP         3 units  $36.00\n2. MUG         3 units  $24.00',
    );
  });
});
