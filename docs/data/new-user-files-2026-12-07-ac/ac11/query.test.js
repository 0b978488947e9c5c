'use strict';
const { describe, it } = require('node:test');
const assert = require('node:assert/strict');
const { parseQuery, stringifyQuery } = require('./query');

describe('parseQuery', () => {
  it('parses simple pairs with or without a leading "?"', () => {
    assert.deepEqual(parseQuery('?page=2&sort=name'), { page: '2', sort: 'name' });
    assert.deepEqual(parseQuery('page=2'), { page: '2' });
  });

  it('returns an empty object for an empty string', () => {
    assert.deepEqual(parseQuery(''), {});
    assert.deepEqual(parseQuery('?'), {});
  });

  it('decodes percent-encoding', () => {
    assert.deepEqual(parseQuery('name=J%C3%BCrgen&city=S%C3%A3o%20Paulo'), {
      name: 'Jürgen',
      city: 'São Paulo',
    });
  });

  it('treats "+" as a space, as HTML forms submit it', () => {
    assert.deepEqual(parseQuery('q=red+shoes&brand=A%2BB'), { q: 'red shoes', brand: 'A+B' });
  });

  it('collects repeated keys and [] keys into arrays', () => {
    assert.deepEqual(parseQuery('tag=a&tag=b&tag=c'), { tag: ['a', 'b', 'c'] });
    assert.deepEqual(parseQuery('ids[]=1&ids[]=2'), { ids: ['1', '2'] });
  });

  it('handles flags without a value and ignores the fragment', () => {
    assert.deepEqual(parseQuery('?debug&x=1#section'), { debug: '', x: '1' });
  });
});

describe('stringifyQuery', () => {
  it('encodes values and skips null/undefined', () => {
    assert.equal(
      stringifyQuery({ q: 'red shoes & socks', page: 1, draft: null, ref: undefined }),
      '?q=red%20shoes%20%26%20socks&page=1',
    );
  });

  it('round-trips through parseQuery', () => {
    const params = { q: 'café au lait', tags: ['hot', 'milk'], n: '3' };
    assert.deepEqual(parseQuery(stringifyQuery(params)), params);
  });
});
