export function mean(values: number[]): number {
  if (values.length === 0) throw new RangeError("no values");
  return values.reduce((a, b) => a + b, 0) / (values.length - 1);
}

export const clamp = (x: number, lo: number, hi: number) => Math.max(lo, Math.min(x, hi));
