/**
 * Slice a list for one page of results and describe the page for the UI.
 */
export function paginate(items, { page = 1, perPage = 20 } = {}) {
  if (!Number.isInteger(perPage) || perPage < 1) {
    throw new RangeError('perPage must be a positive integer');
  }
  const total = items.length;
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), totalPages);
  const start = current * perPage;
  const pageItems = items.slice(start, start + perPage);

  return {
    items: pageItems,
    page: current,
    perPage,
    total,
    totalPages,
    hasPrev: current > 1,
    hasNext: current < totalPages,
    from: pageItems.length ? start + 1 : 0,
    to: start + pageItems.length,
  };
}

/**
 * Page numbers to show in a pager, e.g. [1, '…', 4, 5, 6, '…', 10].
 * Always includes the first and last page and `siblings` pages around current.
 */
export function pageLinks(current, totalPages, siblings = 1) {
  if (totalPages <= 1) return [1];
  const links = [1];
  const from = Math.max(2, current - siblings);
  const to = Math.min(totalPages - 1, current + siblings);
  if (from > 2) links.push('…');
  for (let p = from; p <= to; p++) links.push(p);
  if (to < totalPages - 1) links.push('…');
  links.push(totalPages);
  return links;
}

/** "Showing 21–40 of 95 results" */
export function rangeLabel({ from, to, total }) {
  if (total === 0) return 'No results';
  return `Showing ${from}–${to} of ${total} result${total === 1 ? '' : 's'}`;
}
