/**
 * Parse one CSV record (RFC 4180 style): fields may be wrapped in double
 * quotes, quoted fields may contain the delimiter, and a doubled quote ("")
 * inside a quoted field stands for one literal quote.
 */
export function parseLine(line, { delimiter = ',' } = {}) {
  const fields = [];
  let field = '';
  let inQuotes = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (inQuotes) {
      if (ch === '"') {
        inQuotes = false;
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
  if (inQuotes) throw new SyntaxError(`unterminated quoted field in: ${line}`);
  if (field) fields.push(field);
  return fields;
}

/** Parse a whole document; blank lines are skipped. */
export function parseCsv(text, { header = false, delimiter = ',' } = {}) {
  const rows = text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => parseLine(line, { delimiter }));
  if (!header) return rows;
  const [columns, ...records] = rows;
  return records.map((record) =>
    Object.fromEntries(columns.map((name, i) => [name, record[i]])),
  );
}
