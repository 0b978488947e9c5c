import { describe, expect, it } from 'vitest';
import { clampPage, describeRange, pageCount, pageWindow, paginate } from './paginate.js';

const items = Array.from({ length: 23 }, (_, i) => `item${i + 1}`);

describe('pageCount', () => {
  it('rounds partial pages up', () => {
    expect(pageCount(23, 10)).toBe(3);
    expect(pageCount(20, 10)).toBe(2);
    expect(pageCount(1, 10)).toBe(1);
  });
  it('has at least one page', () => {
    expect(pageCount(0, 10)).toBe(1);
  });
  it('rejects bad page sizes', () => {
    expect(() => pageCount(10, 0)).toThrow(RangeError);
  });
});

describe('paginate', () => {
  it('returns the last, partial page', () => {
    const result = paginate(items, 3, 10);
    expect(result.items).toEqual(['item21', 'item22', 'item23']);
    expect(result).toMatchObject({ page: 3, pages: 3, total: 23, hasPrev: true, hasNext: false });
  });
  it('first page', () => {
    const result = paginate(items, 1, 10);
    expect(result.items).toHaveLength(10);
    expect(result.hasNext).toBe(true);
    expect(result.hasPrev).toBe(false);
  });
  it('clamps out-of-range pages', () => {
    expect(paginate(items, 99, 10).page).toBe(3);
    expect(clampPage(-4, 3)).toBe(1);
    expect(clampPage(NaN, 3)).toBe(1);
  });
});

describe('pageWindow', () => {
  it('centres on the current page', () => {
    expect(pageWindow(5, 10)).toEqual([3, 4, 5, 6, 7]);
  });
  it('is pinned to the start', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
  });
  it('is pinned to the end and keeps its width', () => {
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(9, 10, 4)).toEqual([7, 8, 9, 10]);
  });
  it('shows all pages when there are fewer than width', () => {
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
  });
});

describe('describeRange', () => {
  it('describes the visible items', () => {
    expect(describeRange(paginate(items, 3, 10), 10)).toBe('21–23 of 23');
    expect(describeRange(paginate([], 1, 10), 10)).toBe('No results');
  });
});
