import { describe, expect, it } from 'vitest';
import { parsePaymentFile, parseRecord, type FieldSpec } from './fixedWidth';

function record(type: string, account: string, date: string, cents: string, ref: string): string {
  return type + account.padEnd(10) + date + cents.padStart(12, '0') + ref.padEnd(16);
}

describe('parseRecord', () => {
  it('splits a payment line into typed fields', () => {
    const line = record('P', 'AC12345678', '20240315', '1999', 'INV-2024-0042');
    expect(parseRecord(line)).toEqual({
      recordType: 'P',
      account: 'AC12345678',
      date: '2024-03-15',
      amountCents: 1999,
      reference: 'INV-2024-0042',
    });
  });

  it('trims padding from short values', () => {
    const line = record('P', 'AC77', '20231201', '5', 'X');
    const parsed = parseRecord(line);
    expect(parsed.account).toBe('AC77');
    expect(parsed.reference).toBe('X');
    expect(parsed.amountCents).toBe(5);
  });

  it('rejects a non-numeric amount', () => {
    const line = 'P' + 'AC12345678' + '20240315' + '00000000ABCD' + 'REF'.padEnd(16);
    expect(() => parseRecord(line)).toThrow('amountCents: not a number');
  });

  it('rejects a malformed date', () => {
    const line = record('P', 'AC12345678', '2024-3-1', '100', 'REF');
    expect(() => parseRecord(line)).toThrow('date: not a date');
  });

  it('supports a custom layout', () => {
    const layout: FieldSpec[] = [
      { name: 'code', start: 0, length: 3, type: 'text' },
      { name: 'qty', start: 3, length: 4, type: 'number' },
    ];
    expect(parseRecord('ABC0042', layout)).toEqual({ code: 'ABC', qty: 42 });
  });
});

describe('parsePaymentFile', () => {
  it('parses payment lines and totals the amounts', () => {
    const text = [
      'H' + 'BANKEXPORT'.padEnd(46),
      record('P', 'AC00000001', '20240301', '12500', 'RENT-MARCH'),
      '',
      record('P', 'AC00000002', '20240302', '4599', 'POWER'),
      'T' + '2'.padStart(46, '0'),
    ].join('\r\n');
    const { payments, totalCents } = parsePaymentFile(text);
    expect(payments.map((p) => p.reference)).toEqual(['RENT-MARCH', 'POWER']);
    expect(totalCents).toBe(17099);
  });

  it('returns nothing for an empty file', () => {
    expect(parsePaymentFile('\n\n')).toEqual({ payments: [], totalCents: 0 });
  });
});
