import { describe, it, expect } from 'vitest';
import { addMonths, billingSchedule, daysInMonth, formatDate, nextBillingDate, parseDate } from './billing';

const add = (iso: string, months: number) => formatDate(addMonths(parseDate(iso), months));

describe('daysInMonth', () => {
  it('knows month lengths and leap years', () => {
    expect(daysInMonth(2023, 1)).toBe(28);
    expect(daysInMonth(2024, 1)).toBe(29);
    expect(daysInMonth(2024, 3)).toBe(30);
    expect(daysInMonth(2024, 11)).toBe(31);
  });
});

describe('addMonths', () => {
  it.each([
    ['2024-03-15', 1, '2024-04-15'],
    ['2024-11-10', 3, '2025-02-10'],
    ['2024-05-20', -6, '2023-11-20'],
    ['2024-02-29', 12, '2025-02-28'],
    ['2024-01-31', 1, '2024-02-29'],
    ['2023-01-31', 1, '2023-02-28'],
    ['2024-08-31', 1, '2024-09-30'],
    ['2024-03-31', -1, '2024-02-29'],
  ])('%s + %i months = %s', (start, months, expected) => {
    expect(add(start, months)).toBe(expected);
  });

  it('does not mutate its argument', () => {
    const d = parseDate('2024-01-31');
    addMonths(d, 5);
    expect(formatDate(d)).toBe('2024-01-31');
  });
});

describe('billingSchedule', () => {
  it('bills on the same day every month', () => {
    expect(billingSchedule('2024-01-10', 3)).toEqual(['2024-01-10', '2024-02-10', '2024-03-10']);
  });

  it('bills on the last day of short months for end-of-month subscriptions', () => {
    expect(billingSchedule('2024-01-31', 4)).toEqual([
      '2024-01-31',
      '2024-02-29',
      '2024-03-31',
      '2024-04-30',
    ]);
  });
});

describe('nextBillingDate', () => {
  it('finds the next date after today', () => {
    expect(nextBillingDate('2024-01-10', '2024-03-10')).toBe('2024-04-10');
    expect(nextBillingDate('2024-01-10', '2024-03-09')).toBe('2024-03-10');
  });

  it('rejects bad dates', () => {
    expect(() => nextBillingDate('2024-13-01', '2024-01-01')).toThrow(/invalid date/);
  });
});
