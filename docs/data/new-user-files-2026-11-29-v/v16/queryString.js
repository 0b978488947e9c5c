'use strict';

const assert = require('assert');

function decode(part) {
  return decodeURIComponent(part.replace(/\+/g, ' '));
}

function parseQuery(query) {
  const result = {};
  const trimmed = query.startsWith('?') ? query.slice(1) : query;
  if (!trimmed) return result;

  for (const pair of trimmed.split('&')) {
    if (!pair) continue;
    const [rawKey, rawValue = ''] = pair.split('=', 2);
    const key = decode(rawKey);
    const value = decode(rawValue);
    if (Object.prototype.hasOwnProperty.call(result, key)) {
      result[key] = [].concat(result[key], value);
    } else {
      result[key] = value;
    }
  }
  return result;
}

function buildQuery(params) {
  const parts = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(v))}`);
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

module.exports = { parseQuery, buildQuery };

assert.deepStrictEqual(parseQuery('?page=2&sort=name'), { page: '2', sort: 'name' });
assert.deepStrictEqual(parseQuery(''), {});
assert.deepStrictEqual(parseQuery('q=hello+world&lang=en'), { q: 'hello world', lang: 'en' });
assert.deepStrictEqual(parseQuery('tag=a&tag=b&tag=c'), { tag: ['a', 'b', 'c'] });
assert.deepStrictEqual(parseQuery('flag&x='), { flag: '', x: '' });
assert.deepStrictEqual(parseQuery('token=YWJjZA==&v=1'), { token: 'YWJjZA==', v: '1' });
assert.deepStrictEqual(parseQuery('filter=price%3E10&expr=a=b'), { filter: 'price>10', expr: 'a=b' });
assert.strictEqual(buildQuery({ page: 0, q: 'café au lait', skip: undefined }), '?page=0&q=caf%C3%A9%20au%20lait');
assert.strictEqual(buildQuery({ ids: [1, 2] }), '?ids=1&ids=2');
assert.strictEqual(buildQuery({}), '');
assert.deepStrictEqual(parseQuery(buildQuery({ redirect: '/a?b=c&d=e' })), { redirect: '/a?b=c&d=e' });
console.log('queryString: all checks passed');
