export function revenueByProduct(orders) {
  const totals = new Map();
  for (const order of orders) {
    for (const line of order.lines) {
      const current = totals.get(line.sku) ?? { sku: line.sku, units: 0, revenue: 0 };
      current.units += line.qty;
      current.revenue += line.qty * line.unitPrice;
      totals.set(line.sku, current);
    }
  }
  return [...totals.values()];
}

export function topProducts(products, limit = 3, by = 'revenue') {
  return products
    .sort((a, b) => b[by] - a[by] || a.sku.localeCompare(b.sku))
    .slice(0, limit);
}

export function shareOfRevenue(products) {
  const total = products.reduce((sum, p) => sum + p.revenue, 0);
  if (total === 0) return products.map((p) => ({ sku: p.sku, share: 0 }));
  return products.map((p) => ({ sku: p.sku, share: Math.round((p.revenue / total) * 1000) / 10 }));
}

export function formatReport(products, { limit = 3 } = {}) {
  const rows = topProducts(products, limit).map(
    (p, i) => `${i + 1}. ${p.sku.padEnd(8)} ${String(p.units).padStart(4)} units  $${p.revenue.toFixed(2)}`,
  );
  return ['Top products', ...rows].join('\n');
}
