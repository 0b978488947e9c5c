'use strict';

/** Split an integer number of cents into `parts` shares that add up exactly. */
function allocate(totalCents, parts) {
  if (!Number.isInteger(totalCents) || totalCents < 0) {
    throw new TypeError('amount must be a non-negative integer number of cents');
  }
  if (!Number.isInteger(parts) || parts <= 0) {
    throw new RangeError('parts must be a positive integer');
  }
  const base = Math.round(totalCents / parts);
  const remainder = totalCents - base * parts;
  // the first `remainder` people pay one extra cent
  return Array.from({ length: parts }, (_, i) => base + (i < remainder ? 1 : 0));
}

/** Split proportionally to weights (largest remainder method). */
function allocateByWeight(totalCents, weights) {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) throw new RangeError('weights must add up to a positive number');
  const exact = weights.map((w) => (totalCents * w) / sum);
  const shares = exact.map(Math.floor);
  let left = totalCents - shares.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => ({ i, frac: x - Math.floor(x) }))
    .sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left === 0) break;
    shares[i] += 1;
    left -= 1;
  }
  return shares;
}

function formatCents(cents, currency = 'USD') {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
}

function splitBill({ subtotalCents, tipPercent = 0, people }) {
  const tipCents = Math.round((subtotalCents * tipPercent) / 100);
  const totalCents = subtotalCents + tipCents;
  return {
    tipCents,
    totalCents,
    shares: allocate(totalCents, people).map((cents) => formatCents(cents)),
  };
}

module.exports = { allocate, allocateByWeight, formatCents, splitBill };
