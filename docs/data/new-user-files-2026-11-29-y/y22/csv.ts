/**
 * CSV reading for the contacts import (RFC 4180 style): fields are separated
 * by the delimiter, fields containing the delimiter or quotes are wrapped in
 * double quotes, and a literal quote inside a quoted field is written as "".
 */

export function parseCsvLine(line: string, delimiter = ','): string[] {
  if (line === '') return [];
  const fields: string[] = [];
  let field = '';
  let inQuotes = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (inQuotes) {
      if (ch === '"') {
        if (line[i + 1] === '"') {
          field += '"';
        } else {
          inQuotes = false;
        }
      } else {
        field += ch;
      }
    } else if (ch === '"') {
      inQuotes = true;
    } else if (ch === delimiter) {
      fields.push(field);
      field = '';
    } else {
      field += ch;
    }
  }
  if (inQuotes) throw new Error('unterminated quoted field');
  if (field) fields.push(field);
  return fields;
}

export type Row = Record<string, string>;

/** Parse a whole document; the first line is the header. Blank lines are skipped. */
export function parseCsv(text: string, delimiter = ','): Row[] {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (lines.length === 0) return [];
  const header = parseCsvLine(lines[0], delimiter).map((h) => h.trim());
  return lines.slice(1).map((line, n) => {
    const values = parseCsvLine(line, delimiter);
    if (values.length !== header.length) {
      throw new Error(`line ${n + 2}: expected ${header.length} fields, got ${values.length}`);
    }
    const row: Row = {};
    header.forEach((name, i) => {
      row[name] = values[i];
    });
    return row;
  });
}
