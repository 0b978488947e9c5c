export type FieldType = 'text' | 'number' | 'date';

export interface FieldSpec {
  name: string;
  start: number;
  length: number;
  type: FieldType;
}

export type ParsedRecord = Record<string, string | number>;

export const PAYMENT_LAYOUT: FieldSpec[] = [
  { name: 'recordType', start: 0, length: 1, type: 'text' },
  { name: 'account', start: 1, length: 10, type: 'text' },
  { name: 'date', start: 11, length: 8, type: 'date' },
  { name: 'amountCents', start: 19, length: 12, type: 'number' },
  { name: 'reference', start: 31, length: 16, type: 'text' },
];

function convert(raw: string, field: FieldSpec): string | number {
  switch (field.type) {
    case 'number': {
      if (!/^-?\d+$/.test(raw)) throw new Error(`${field.name}: not a number: "${raw}"`);
      return parseInt(raw, 10);
    }
    case 'date': {
      if (!/^\d{8}$/.test(raw)) throw new Error(`${field.name}: not a date: "${raw}"`);
      return `${raw.slice(0, 4)}-${raw.slice(4, 6)}-${raw.slice(6, 8)}`;
    }
    default:
      return raw;
  }
}

export function parseRecord(line: string, layout: FieldSpec[] = PAYMENT_LAYOUT): ParsedRecord {
  const record: ParsedRecord = {};
  for (const field of layout) {
    const raw = line.substring(field.start, field.length).trim();
    record[field.name] = convert(raw, field);
  }
  return record;
}

export function parsePaymentFile(text: string): { payments: ParsedRecord[]; totalCents: number } {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  const payments = lines.filter((line) => line.startsWith('P')).map((line) => parseRecord(line));
  const totalCents = payments.reduce((sum, p) => sum + (p.amountCents as number), 0);
  return { payments, totalCents };
}
