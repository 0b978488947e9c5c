/**
 * Render rows as a GitHub-flavoured Markdown table with aligned columns.
 *
 * @param {Array<Array<unknown>>} rows
 * @param {{ headers: string[], align?: Array<'left'|'right'|'center'|undefined> }} options
 */
export function markdownTable(rows, { headers, align = [] }) {
  if (!headers || headers.length === 0) throw new Error('headers are required');
  const columns = headers.length;
  const cells = [headers, ...rows].map((row) =>
    Array.from({ length: columns }, (_, i) => escapeCell(row[i])),
  );
  const widths = Array.from({ length: columns }, (_, i) =>
    Math.max(3, ...cells.map((row) => row[i].length)),
  );

  const renderRow = (row) =>
    `| ${row.map((cell, i) => pad(cell, widths[i], align[i])).join(' | ')} |`;
  const divider = `| ${widths.map((w, i) => dashes(w, align[i])).join(' | ')} |`;

  return [renderRow(cells[0]), divider, ...cells.slice(1).map(renderRow)].join('\n');
}

function escapeCell(value) {
  if (value === null || value === undefined) return '';
  return String(value).replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

function pad(text, width, alignment) {
  if (alignment === 'right') return text.padStart(width);
  if (alignment === 'center') {
    const left = Math.ceil((width - text.length) / 2);
    return ' '.repeat(left) + text + ' '.repeat(width - text.length - left);
  }
  return text.padEnd(width);
}

function dashes(width, alignment) {
  switch (alignment) {
    case 'left':
      return ':' + '-'.repeat(width - 1);
    case 'right':
      return '-'.repeat(width - 1) + ':';
    case 'center':
      return ':' + '-'.repeat(width - 2) + ':';
    default:
      return '-'.repeat(width);
  }
}
