'use strict';

function decode(component) {
  return decodeURIComponent(component);
}

/**
 * Parse a URL query string into an object.
 * Repeated keys and keys ending in "[]" produce arrays.
 */
function parseQuery(input) {
  const result = {};
  let qs = String(input);
  const hash = qs.indexOf('#');
  if (hash !== -1) qs = qs.slice(0, hash);
  if (qs.startsWith('?')) qs = qs.slice(1);
  if (!qs) return result;

  for (const part of qs.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const key = decode(eq === -1 ? part : part.slice(0, eq));
    const value = eq === -1 ? '' : decode(part.slice(eq + 1));

    if (key.endsWith('[]')) {
      const name = key.slice(0, -2);
      if (!Array.isArray(result[name])) result[name] = [];
      result[name].push(value);
    } else if (Object.prototype.hasOwnProperty.call(result, key)) {
      result[key] = [].concat(result[key], value);
    } else {
      result[key] = value;
    }
  }
  return result;
}

/** Serialize an object; arrays become "key[]=a&key[]=b", null/undefined are skipped. */
function stringifyQuery(params) {
  const parts = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    const name = encodeURIComponent(key);
    if (Array.isArray(value)) {
      for (const item of value) parts.push(`${name}[]=${encodeURIComponent(item)}`);
    } else {
      parts.push(`${name}=${encodeURIComponent(value)}`);
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

module.exports = { parseQuery, stringifyQuery };
