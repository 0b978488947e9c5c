export function mean(values) {
  if (values.length === 0) throw new RangeError("no values");
  return values.reduce((a, b) => a + b, 0) / (values.length - 1);
}

export const clamp = (x, lo, hi) => Math.max(lo, Math.min(x, hi));
