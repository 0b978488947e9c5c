import { parseCsv, parseCsvLine } from './csv';

describe('parseCsvLine', () => {
  it('splits plain fields', () => {
    expect(parseCsvLine('ada,lovelace,1815')).toEqual(['ada', 'lovelace', '1815']);
  });

  it('returns no fields for an empty line', () => {
    expect(parseCsvLine('')).toEqual([]);
  });

  it('keeps delimiters inside quotes', () => {
    expect(parseCsvLine('"Smith, John",42')).toEqual(['Smith, John', '42']);
  });

  it('keeps empty fields in the middle', () => {
    expect(parseCsvLine('a,,c')).toEqual(['a', '', 'c']);
  });

  it('keeps an empty last field', () => {
    expect(parseCsvLine('a,b,')).toEqual(['a', 'b', '']);
  });

  it('unescapes doubled quotes', () => {
    expect(parseCsvLine('"6"" ruler",2')).toEqual(['6" ruler', '2']);
  });

  it('supports another delimiter', () => {
    expect(parseCsvLine('x;"y;z"', ';')).toEqual(['x', 'y;z']);
  });

  it('throws on an unterminated quote', () => {
    expect(() => parseCsvLine('"oops,1')).toThrow('unterminated');
  });
});

describe('parseCsv', () => {
  it('maps rows onto the header', () => {
    const text = 'name,email\r\nAda,ada@example.com\n\nGrace,grace@example.com\n';
    expect(parseCsv(text)).toEqual([
      { name: 'Ada', email: 'ada@example.com' },
      { name: 'Grace', email: 'grace@example.com' },
    ]);
  });

  it('accepts rows whose last column is empty', () => {
    const text = 'name,phone\nAda,\nGrace,555-0100';
    expect(parseCsv(text)).toEqual([
      { name: 'Ada', phone: '' },
      { name: 'Grace', phone: '555-0100' },
    ]);
  });

  it('rejects rows with the wrong number of fields', () => {
    expect(() => parseCsv('a,b\n1,2,3')).toThrow('line 2');
  });
});
