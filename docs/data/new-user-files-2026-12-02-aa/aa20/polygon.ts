export type Point = { x: number; y: number };

export class Polygon {
  readonly points: readonly Point[];

  constructor(points: Point[]) {
    if (points.length < 3) throw new Error('a polygon needs at least 3 points');
    this.points = points;
  }

  static fromPairs(pairs: Array<[number, number]>): Polygon {
    return new Polygon(pairs.map(([x, y]) => ({ x, y })));
  }

  /** Shoelace formula; positive regardless of winding order. */
  area(): number {
    const pts = this.points;
    let twice = 0;
    for (let i = 0; i < pts.length; i++) {
      const a = pts[i];
      const b = pts[(i + 1) % pts.length];
      twice += a.x * b.y - b.x * a.y;
    }
    return Math.abs(twice) / 2;
  }

  perimeter(): number {
    const pts = this.points;
    let total = 0;
    for (let i = 0; i < pts.length - 1; i++) {
      total += Math.hypot(pts[i + 1].x - pts[i].x, pts[i + 1].y - pts[i].y);
    }
    return total;
  }

  boundingBox(): { min: Point; max: Point } {
    const xs = this.points.map((p) => p.x);
    const ys = this.points.map((p) => p.y);
    return {
      min: { x: Math.min(...xs), y: Math.min(...ys) },
      max: { x: Math.max(...xs), y: Math.max(...ys) },
    };
  }

  /** Ray casting: is `p` strictly inside the polygon? */
  contains(p: Point): boolean {
    const pts = this.points;
    let inside = false;
    for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
      const a = pts[i];
      const b = pts[j];
      const crosses = a.y > p.y !== b.y > p.y;
      if (crosses && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) {
        inside = !inside;
      }
    }
    return inside;
  }
}
