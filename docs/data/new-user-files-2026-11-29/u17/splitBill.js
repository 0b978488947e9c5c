'use strict';

function toCents(amount) {
  return Math.round(amount * 100);
}

function splitBill(items, people, options = {}) {
  if (!Number.isInteger(people) || people < 1) {
    throw new RangeError('people must be a positive integer');
  }
  const tipPercent = options.tipPercent || 15;
  const taxRate = options.taxRate || 0;
  const tipOnTax = options.tipOnTax || false;

  const subtotal = items.reduce((sum, item) => sum + toCents(item.price) * (item.qty ?? 1), 0);
  const tax = Math.round(subtotal * taxRate);
  const tipBase = tipOnTax ? subtotal + tax : subtotal;
  const tip = Math.round((tipBase * tipPercent) / 100);
  const total = subtotal + tax + tip;

  const share = Math.floor(total / people);
  const remainder = total - share * people;
  const shares = Array.from({ length: people }, (_, i) => (i < remainder ? share + 1 : share));

  return {
    subtotal: subtotal / 100,
    tax: tax / 100,
    tip: tip / 100,
    total: total / 100,
    shares: shares.map((cents) => cents / 100),
  };
}

function formatSummary(result) {
  const fmt = (n) => `$${n.toFixed(2)}`;
  const each = new Set(result.shares).size === 1
    ? `${fmt(result.shares[0])} each`
    : result.shares.map(fmt).join(' / ');
  return `Total ${fmt(result.total)} (tip ${fmt(result.tip)}): ${each}`;
}

module.exports = { splitBill, formatSummary };
