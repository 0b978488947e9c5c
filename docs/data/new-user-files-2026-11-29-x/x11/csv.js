'use strict';

// Minimal CSV support for exports/imports of single-line records (RFC 4180 quoting).

function parseLine(line, delimiter = ',') {
  const fields = [];
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
  if (inQuotes) {
    throw new Error('unterminated quoted field');
  }
  fields.push(field);
  return fields;
}

function parse(text, delimiter = ',') {
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => parseLine(line, delimiter));
}

function toObjects(rows) {
  const [header, ...body] = rows;
  return body.map((row) => {
    const obj = {};
    header.forEach((name, i) => {
      obj[name] = row[i] ?? '';
    });
    return obj;
  });
}

function formatField(value, delimiter = ',') {
  const s = value == null ? '' : String(value);
  if (s.includes('"') || s.includes(delimiter) || /[\r\n]/.test(s)) {
    return '"' + s.replace(/"/g, '""') + '"';
  }
  return s;
}

function formatLine(values, delimiter = ',') {
  return values.map((v) => formatField(v, delimiter)).join(delimiter);
}

module.exports = { parseLine, parse, toObjects, formatField, formatLine };
