// Run-length encoding for the pixel-art editor's save format.
// "WWWWBBBW" <-> "4W3B1W". Only letters, digits are not allowed in the payload.

export function encode(input: string): string {
  if (/\d/.test(input)) throw new Error('digits cannot be run-length encoded in this format');
  let out = '';
  let i = 0;
  while (i < input.length) {
    const ch = input[i];
    let run = 1;
    while (i + run < input.length && input[i + run] === ch) run++;
    out += `${run}${ch}`;
    i += run;
  }
  return out;
}

export function decode(encoded: string): string {
  if (encoded === '') return '';
  if (!/^(\d+\D)+$/.test(encoded)) throw new Error(`malformed RLE data: ${encoded}`);
  let out = '';
  for (const [, count, ch] of encoded.matchAll(/(\d)(\D)/g)) {
    out += ch.repeat(Number(count));
  }
  return out;
}

// Rows of a sprite are stored one per line.
export function encodeImage(rows: string[]): string {
  const width = rows[0]?.length ?? 0;
  if (rows.some((r) => r.length !== width)) throw new Error('rows must have equal width');
  return rows.map(encode).join('\n');
}

export function decodeImage(data: string): string[] {
  return data === '' ? [] : data.split('\n').map(decode);
}

export function compressionRatio(input: string): number {
  if (input.length === 0) return 1;
  return Math.round((encode(input).length / input.length) * 100) / 100;
}
