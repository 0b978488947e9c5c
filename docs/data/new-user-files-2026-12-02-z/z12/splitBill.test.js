const { allocate, allocateByWeight, formatCents, splitBill } = require('./splitBill');

const sum = (xs) => xs.reduce((a, b) => a + b, 0);

describe('allocate', () => {
  test('splits evenly when possible', () => {
    expect(allocate(900, 3)).toEqual([300, 300, 300]);
  });

  test('gives leftover cents to the first people', () => {
    expect(allocate(1000, 3)).toEqual([334, 333, 333]);
  });

  test('shares always add up to the total', () => {
    for (const [total, parts] of [[200, 3], [100, 6], [999, 7], [1, 4], [12345, 8]]) {
      const shares = allocate(total, parts);
      expect(shares).toHaveLength(parts);
      expect(sum(shares)).toBe(total);
      expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
    }
  });

  test('rejects fractional cents and bad part counts', () => {
    expect(() => allocate(10.5, 2)).toThrow(TypeError);
    expect(() => allocate(100, 0)).toThrow(RangeError);
  });
});

describe('allocateByWeight', () => {
  test('splits by weight and keeps the total', () => {
    expect(allocateByWeight(1000, [1, 1, 2])).toEqual([250, 250, 500]);
    expect(sum(allocateByWeight(1001, [3, 3, 3]))).toBe(1001);
  });
});

describe('splitBill', () => {
  test('adds the tip and formats shares', () => {
    expect(splitBill({ subtotalCents: 4000, tipPercent: 15, people: 4 })).toEqual({
      tipCents: 600,
      totalCents: 4600,
      shares: ['$11.50', '$11.50', '$11.50', '$11.50'],
    });
  });

  test('uneven split of a small bill', () => {
    expect(splitBill({ subtotalCents: 500, people: 3 }).shares).toEqual(['$1.67', '$1.67', '$1.66']);
  });

  test('formatCents', () => {
    expect(formatCents(123456)).toBe('$1,234.56');
  });
});
