export interface Point {
  x: number;
  y: number;
}

/** Shoelace formula: positive for counter-clockwise vertex order. */
export function signedArea(poly: Point[]): number {
  let twice = 0;
  for (let i = 0; i < poly.length - 1; i++) {
    const a = poly[i];
    const b = poly[i + 1];
    twice += a.x * b.y - b.x * a.y;
  }
  return twice / 2;
}

export function area(poly: Point[]): number {
  return Math.abs(signedArea(poly));
}

export function isClockwise(poly: Point[]): boolean {
  return signedArea(poly) < 0;
}

export function perimeter(poly: Point[]): number {
  let total = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i];
    const b = poly[(i + 1) % poly.length];
    total += Math.hypot(b.x - a.x, b.y - a.y);
  }
  return total;
}

export function boundingBox(poly: Point[]): { min: Point; max: Point } {
  const xs = poly.map((p) => p.x);
  const ys = poly.map((p) => p.y);
  return {
    min: { x: Math.min(...xs), y: Math.min(...ys) },
    max: { x: Math.max(...xs), y: Math.max(...ys) },
  };
}

/** Ray casting; points exactly on an edge may go either way. */
export function contains(poly: Point[], p: Point): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i];
    const b = poly[j];
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) {
      inside = !inside;
    }
  }
  return inside;
}
