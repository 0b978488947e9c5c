import { describe, expect, it } from 'vitest';
import { area, boundingBox, containsPoint, intersection, iou, type Box } from './boxes';

const box = (x: number, y: number, width: number, height: number): Box => ({ x, y, width, height });

describe('intersection', () => {
  it('returns the overlapping region', () => {
    expect(intersection(box(0, 0, 10, 10), box(5, 5, 10, 10))).toEqual(box(5, 5, 5, 5));
  });

  it('is symmetric', () => {
    const a = box(2, 8, 6, 4);
    const b = box(4, 6, 10, 5);
    expect(intersection(a, b)).toEqual(intersection(b, a));
    expect(intersection(a, b)).toEqual(box(4, 8, 4, 3));
  });

  it('returns the inner box when one contains the other', () => {
    expect(intersection(box(0, 0, 100, 100), box(20, 30, 10, 5))).toEqual(box(20, 30, 10, 5));
  });

  it('returns null for boxes that only touch', () => {
    expect(intersection(box(0, 0, 10, 10), box(10, 0, 10, 10))).toBeNull();
    expect(intersection(box(0, 0, 10, 10), box(0, 10, 10, 10))).toBeNull();
  });

  it('returns null for boxes stacked vertically', () => {
    expect(intersection(box(0, 0, 10, 10), box(0, 30, 10, 10))).toBeNull();
  });
});

describe('iou', () => {
  it('is 1 for identical boxes', () => {
    expect(iou(box(1, 1, 4, 4), box(1, 1, 4, 4))).toBe(1);
  });

  it('is 0 for disjoint boxes', () => {
    expect(iou(box(0, 0, 2, 2), box(5, 5, 2, 2))).toBe(0);
  });

  it('computes partial overlap', () => {
    expect(iou(box(0, 0, 10, 10), box(5, 0, 10, 10))).toBeCloseTo(50 / 150);
  });
});

describe('boundingBox', () => {
  it('wraps all boxes', () => {
    expect(boundingBox([box(2, 3, 4, 4), box(-1, 5, 2, 10)])).toEqual(box(-1, 3, 7, 12));
  });

  it('returns null for no boxes', () => {
    expect(boundingBox([])).toBeNull();
  });
});

describe('area and containsPoint', () => {
  it('computes area', () => {
    expect(area(box(0, 0, 3, 7))).toBe(21);
  });

  it('includes the top-left edge but not the bottom-right', () => {
    const b = box(0, 0, 10, 10);
    expect(containsPoint(b, 0, 0)).toBe(true);
    expect(containsPoint(b, 10, 5)).toBe(false);
    expect(containsPoint(b, 5, 10)).toBe(false);
  });
});
