'use strict';

// Query-string helpers for building API URLs.

function buildQuery(params) {
  const parts = [];
  for (const key of Object.keys(params).sort()) {
    const value = params[key];
    if (value === undefined || value === null) continue;
    const name = encodeURI(key);
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      parts.push(`${name}=${encodeURI(String(v))}`);
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

function parseQuery(qs) {
  const out = {};
  const s = qs.startsWith('?') ? qs.slice(1) : qs;
  for (const pair of s.split('&')) {
    if (!pair) continue;
    const idx = pair.indexOf('=');
    const rawKey = idx === -1 ? pair : pair.slice(0, idx);
    const rawValue = idx === -1 ? '' : pair.slice(idx + 1);
    const key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
    const value = decodeURIComponent(rawValue.replace(/\+/g, ' '));
    if (Object.prototype.hasOwnProperty.call(out, key)) {
      out[key] = [].concat(out[key], value);
    } else {
      out[key] = value;
    }
  }
  return out;
}

function withParams(url, params) {
  const hashIndex = url.indexOf('#');
  const hash = hashIndex === -1 ? '' : url.slice(hashIndex);
  const noHash = hashIndex === -1 ? url : url.slice(0, hashIndex);
  const qIndex = noHash.indexOf('?');
  const base = qIndex === -1 ? noHash : noHash.slice(0, qIndex);
  const existing = qIndex === -1 ? {} : parseQuery(noHash.slice(qIndex));
  const merged = { ...existing, ...params };
  return base + buildQuery(merged) + hash;
}

module.exports = { buildQuery, parseQuery, withParams };
