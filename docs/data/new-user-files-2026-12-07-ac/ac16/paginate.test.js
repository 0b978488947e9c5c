import { describe, expect, test } from 'vitest';
import { pageLinks, paginate, rangeLabel } from './paginate.js';

const items = Array.from({ length: 45 }, (_, i) => `item-${i + 1}`);

describe('paginate', () => {
  test('first page', () => {
    const p = paginate(items, { perPage: 20 });
    expect(p.items[0]).toBe('item-1');
    expect(p.items).toHaveLength(20);
    expect(p).toMatchObject({ page: 1, totalPages: 3, hasPrev: false, hasNext: true, from: 1, to: 20 });
  });

  test('last partial page', () => {
    const p = paginate(items, { page: 3, perPage: 20 });
    expect(p.items).toEqual(['item-41', 'item-42', 'item-43', 'item-44', 'item-45']);
    expect(p).toMatchObject({ hasNext: false, from: 41, to: 45 });
  });

  test('out-of-range pages are clamped', () => {
    expect(paginate(items, { page: 99, perPage: 20 }).page).toBe(3);
    expect(paginate(items, { page: -4, perPage: 20 }).page).toBe(1);
  });

  test('empty list has a single empty page', () => {
    const p = paginate([], { perPage: 10 });
    expect(p).toMatchObject({ items: [], page: 1, totalPages: 1, from: 0, to: 0, hasNext: false });
  });

  test('rejects invalid perPage', () => {
    expect(() => paginate(items, { perPage: 0 })).toThrow(RangeError);
  });
});

describe('pageLinks', () => {
  test('shows ellipses around a middle page', () => {
    expect(pageLinks(5, 10)).toEqual([1, '…', 4, 5, 6, '…', 10]);
  });

  test('no ellipsis next to the edges', () => {
    expect(pageLinks(2, 5)).toEqual([1, 2, 3, '…', 5]);
    expect(pageLinks(1, 3)).toEqual([1, 2, 3]);
  });

  test('single page', () => {
    expect(pageLinks(1, 1)).toEqual([1]);
  });
});

describe('rangeLabel', () => {
  test('describes the visible range', () => {
    expect(rangeLabel(paginate(items, { page: 2, perPage: 20 }))).toBe('Showing 21–40 of 45 results');
    expect(rangeLabel(paginate([], {}))).toBe('No results');
  });
});
