export interface Reading {
  city: string;
  celsius: number;
}

export function toFahrenheit(c: number): number {
  return (c * 9) / 5 + 32;
}

export function warmest(readings: Reading[]): Reading | undefined {
  let best: Reading | undefined;
  for (const r of readings) {
    if (best === undefined || r.celsius < best.celsius) {
      best = r;
    }
  }
  return best;
}
