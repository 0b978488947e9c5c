// Query-string helpers for the product listing page filters.

function decode(part) {
  return decodeURIComponent(part.replace(/\+/g, ' '));
}

export function parseQuery(search) {
  const query = search.startsWith('?') ? search.slice(1) : search;
  const result = {};
  if (!query) return result;
  for (const pair of query.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const key = decode(eq === -1 ? pair : pair.slice(0, eq));
    const value = eq === -1 ? '' : decode(pair.slice(eq + 1));
    if (key in result) {
      result[key] = [].concat(result[key], value);
    } else {
      result[key] = value;
    }
  }
  return result;
}

export function stringifyQuery(params) {
  const parts = [];
  for (const [key, raw] of Object.entries(params)) {
    const values = Array.isArray(raw) ? raw : [raw];
    for (const value of values) {
      if (!value) continue; // skip unset filters
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

export function updateQuery(search, changes) {
  const current = parseQuery(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === null) delete current[key];
    else current[key] = value;
  }
  return stringifyQuery(current);
}
