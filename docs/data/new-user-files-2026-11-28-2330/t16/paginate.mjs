// Helpers for walking a cursor-paginated HTTP API with async iteration.

/**
 * Yields every item across all pages.
 * fetchPage(cursor) resolves to { items: [...], next: cursorOrNull }.
 */
export async function* paginate(fetchPage, { maxPages = Infinity } = {}) {
  let cursor = null;
  let pages = 0;
  while (pages < maxPages) {
    const page = await fetchPage(cursor);
    pages += 1;
    if (page.next === null) return;
    for (const item of page.items) {
      yield item;
    }
    cursor = page.next;
  }
}

export async function collect(asyncIterable, limit = Infinity) {
  const out = [];
  for await (const item of asyncIterable) {
    if (out.length >= limit) break;
    out.push(item);
  }
  return out;
}

export async function countWhere(asyncIterable, predicate) {
  let n = 0;
  for await (const item of asyncIterable) {
    if (predicate(item)) n += 1;
  }
  return n;
}
