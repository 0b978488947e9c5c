const { buildQuery, parseQuery, withParams } = require('./query');

describe('buildQuery', () => {
  test('sorts keys and skips empty values', () => {
    expect(buildQuery({ b: 2, a: 'x', c: null, d: undefined })).toBe('?a=x&b=2');
    expect(buildQuery({})).toBe('');
  });

  test('repeats keys for arrays', () => {
    expect(buildQuery({ tag: ['red', 'blue'] })).toBe('?tag=red&tag=blue');
  });

  test('escapes reserved characters in values', () => {
    expect(buildQuery({ q: 'fish & chips' })).toBe('?q=fish%20%26%20chips');
    expect(buildQuery({ filter: 'a=b' })).toBe('?filter=a%3Db');
    expect(buildQuery({ path: '/docs/#intro?' })).toBe('?path=%2Fdocs%2F%23intro%3F');
  });

  test('escapes reserved characters in keys', () => {
    expect(buildQuery({ 'a&b': 1 })).toBe('?a%26b=1');
  });
});

describe('parseQuery', () => {
  test('decodes pairs and repeated keys', () => {
    expect(parseQuery('?a=1&b=two+words&a=3&flag')).toEqual({ a: ['1', '3'], b: 'two words', flag: '' });
  });
});

describe('round trip', () => {
  test.each([
    [{ q: 'C++ & Rust' }],
    [{ redirect: 'https://example.com/x?y=1&z=2' }],
    [{ name: 'Zoë', note: '100% sure' }],
  ])('parseQuery(buildQuery(%j))', (params) => {
    expect(parseQuery(buildQuery(params))).toEqual(params);
  });
});

describe('withParams', () => {
  test('merges into an existing query and keeps the fragment', () => {
    expect(withParams('/search?page=2&q=old#results', { q: 'new & improved' }))
      .toBe('/search?page=2&q=new%20%26%20improved#results');
  });
});
