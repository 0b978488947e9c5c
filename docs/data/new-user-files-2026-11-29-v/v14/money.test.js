const { formatCents, parseAmount, sumLineItems } = require('./money');

describe('formatCents', () => {
  test.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [99, '$0.99'],
    [100, '$1.00'],
    [123456, '$1,234.56'],
    [100000007, '$1,000,000.07'],
    [-2550, '-$25.50'],
  ])('formats %i cents as %s', (cents, expected) => {
    expect(formatCents(cents)).toBe(expected);
  });

  it('supports other currencies and separators', () => {
    expect(formatCents(1234501, { currency: 'EUR', separator: '.', decimal: ',' })).toBe('€12.345,01');
    expect(formatCents(250, { currency: 'CHF' })).toBe('CHF 2.50');
  });

  it('rejects fractional cents', () => {
    expect(() => formatCents(10.5)).toThrow(TypeError);
  });
});

describe('parseAmount', () => {
  it('parses user input into cents', () => {
    expect(parseAmount('$1,234.5')).toBe(123450);
    expect(parseAmount('-3.07')).toBe(-307);
    expect(parseAmount('42')).toBe(4200);
  });

  it('throws on garbage', () => {
    expect(() => parseAmount('abc')).toThrow('cannot parse amount');
  });
});

describe('sumLineItems', () => {
  it('round-trips through formatting', () => {
    const total = sumLineItems([
      { qty: 3, unitCents: 199 },
      { qty: 1, unitCents: 4 },
    ]);
    expect(formatCents(total)).toBe('$6.01');
  });
});
