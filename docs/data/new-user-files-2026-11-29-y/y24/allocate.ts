/**
 * Split money between parties without losing or inventing cents
 * (largest remainder method). Amounts are integers in cents.
 */

export function allocate(totalCents: number, weights: number[]): number[] {
  if (!Number.isInteger(totalCents) || totalCents < 0) {
    throw new TypeError('totalCents must be a non-negative integer');
  }
  const weightSum = weights.reduce((a, b) => a + b, 0);
  if (weights.length === 0 || weights.some((w) => w < 0) || weightSum <= 0) {
    throw new RangeError('weights must be non-negative and sum to a positive number');
  }

  const exact = weights.map((w) => (totalCents * w) / weightSum);
  const shares = exact.map((x) => Math.floor(x));
  let remainder = totalCents - shares.reduce((a, b) => a + b, 0);

  // hand out the leftover cents to the largest fractional parts first;
  // ties go to the earlier party so results are stable
  const order = exact
    .map((x, i) => ({ i, frac: x - Math.floor(x) }))
    .sort((a, b) => a.frac - b.frac || a.i - b.i);
  for (const { i } of order) {
    if (remainder === 0) break;
    shares[i] += 1;
    remainder -= 1;
  }
  return shares;
}

export function splitEvenly(totalCents: number, people: number): number[] {
  if (!Number.isInteger(people) || people < 1) throw new RangeError('people must be a positive integer');
  return allocate(totalCents, new Array(people).fill(1));
}

export function formatCents(cents: number): string {
  return `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
