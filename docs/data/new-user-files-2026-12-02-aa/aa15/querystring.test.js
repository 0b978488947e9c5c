import { describe, it, expect } from 'vitest';
import { parseQuery, stringifyQuery, updateQuery } from './querystring.js';

describe('parseQuery', () => {
  it('parses simple pairs', () => {
    expect(parseQuery('?q=shoes&page=2')).toEqual({ q: 'shoes', page: '2' });
  });

  it('decodes plus signs and percent escapes', () => {
    expect(parseQuery('q=red+running%20shoes&brand=A%26B')).toEqual({
      q: 'red running shoes',
      brand: 'A&B',
    });
  });

  it('collects repeated keys into an array', () => {
    expect(parseQuery('size=8&size=9&size=10')).toEqual({ size: ['8', '9', '10'] });
  });

  it('handles empty strings and bare keys', () => {
    expect(parseQuery('')).toEqual({});
    expect(parseQuery('?instock&q=')).toEqual({ instock: '', q: '' });
  });
});

describe('stringifyQuery', () => {
  it('encodes values and repeats array keys', () => {
    expect(stringifyQuery({ q: 'red shoes', size: ['8', '9'] })).toBe('?q=red%20shoes&size=8&size=9');
  });

  it('leaves out null and undefined filters', () => {
    expect(stringifyQuery({ q: 'hat', color: null, brand: undefined })).toBe('?q=hat');
    expect(stringifyQuery({})).toBe('');
  });

  it('keeps falsy but meaningful values', () => {
    expect(stringifyQuery({ minPrice: 0, onSale: false })).toBe('?minPrice=0&onSale=false');
  });
});

describe('updateQuery', () => {
  it('changes one filter and keeps the rest', () => {
    expect(updateQuery('?q=hat&page=3', { page: 1 })).toBe('?q=hat&page=1');
  });

  it('removes a filter set to null', () => {
    expect(updateQuery('?q=hat&color=red', { color: null })).toBe('?q=hat');
  });

  it('resets pagination to the first page index', () => {
    expect(updateQuery('?q=hat&page=3', { page: 0 })).toBe('?q=hat&page=0');
  });
});
