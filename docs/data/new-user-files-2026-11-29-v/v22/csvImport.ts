export class CsvError extends Error {
  constructor(message: string, public readonly line: number) {
    super(`line ${line}: ${message}`);
    this.name = 'CsvError';
  }
}

export function parseCsvLine(line: string, delimiter = ',', lineNo = 1): string[] {
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
    } else if (ch === '"' && field === '') {
      inQuotes = true;
    } else if (ch === delimiter) {
      fields.push(field);
      field = '';
    } else {
      field += ch;
    }
  }

  if (inQuotes) throw new CsvError('unterminated quoted field', lineNo);
  fields.push(field);
  return fields;
}

export function parseCsv(text: string, delimiter = ','): Record<string, string>[] {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (lines.length === 0) return [];
  const header = parseCsvLine(lines[0], delimiter, 1).map((h) => h.trim());
  return lines.slice(1).map((line, idx) => {
    const values = parseCsvLine(line, delimiter, idx + 2);
    if (values.length !== header.length) {
      throw new CsvError(`expected ${header.length} fields, got ${values.length}`, idx + 2);
    }
    return Object.fromEntries(header.map((h, i) => [h, values[i]]));
  });
}
