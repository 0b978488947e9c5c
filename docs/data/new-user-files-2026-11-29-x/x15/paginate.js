// Pagination helpers for list endpoints and page navigation widgets.

export function pageCount(total, pageSize) {
  if (!Number.isInteger(pageSize) || pageSize <= 0) {
    throw new RangeError('pageSize must be a positive integer');
  }
  return Math.max(1, Math.floor(total / pageSize));
}

export function clampPage(page, pages) {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), pages);
}

export function paginate(items, page, pageSize) {
  const pages = pageCount(items.length, pageSize);
  const current = clampPage(page, pages);
  const start = (current - 1) * pageSize;
  return {
    items: items.slice(start, start + pageSize),
    page: current,
    pages,
    total: items.length,
    hasPrev: current > 1,
    hasNext: current < pages,
  };
}

// Page numbers to show around the current page, always `width` of them
// when there are enough pages.
export function pageWindow(current, pages, width = 5) {
  const half = Math.floor(width / 2);
  const first = Math.max(1, current - half);
  const last = Math.min(pages, first + width - 1);
  const result = [];
  for (let p = first; p <= last; p++) result.push(p);
  return result;
}

export function describeRange({ page, total }, pageSize) {
  if (total === 0) return 'No results';
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return `${from}–${to} of ${total}`;
}
