import { describe, expect, test } from 'vitest';
import { parseCsv, parseLine } from './csv.js';

describe('parseLine', () => {
  test('splits simple fields', () => {
    expect(parseLine('a,b,c')).toEqual(['a', 'b', 'c']);
  });

  test('quoted fields may contain commas', () => {
    expect(parseLine('1,"Smith, John",NY')).toEqual(['1', 'Smith, John', 'NY']);
  });

  test('doubled quotes inside quoted fields', () => {
    expect(parseLine('7,"He said ""hi""",ok')).toEqual(['7', 'He said "hi"', 'ok']);
  });

  test('keeps empty fields', () => {
    expect(parseLine('a,,c')).toEqual(['a', '', 'c']);
    expect(parseLine('a,b,')).toEqual(['a', 'b', '']);
  });

  test('custom delimiter', () => {
    expect(parseLine('x;"y;z";w', { delimiter: ';' })).toEqual(['x', 'y;z', 'w']);
  });

  test('unterminated quote is an error', () => {
    expect(() => parseLine('a,"oops')).toThrow(SyntaxError);
  });
});

describe('parseCsv', () => {
  test('parses rows and skips blank lines, CRLF or LF', () => {
    expect(parseCsv('a,b\r\n1,2\r\n\r\n3,4\n')).toEqual([['a', 'b'], ['1', '2'], ['3', '4']]);
  });

  test('header mode builds objects', () => {
    const text = 'id,name,email\n1,Ada,ada@example.com\n2,Linus,\n';
    expect(parseCsv(text, { header: true })).toEqual([
      { id: '1', name: 'Ada', email: 'ada@example.com' },
      { id: '2', name: 'Linus', email: '' },
    ]);
  });
});
