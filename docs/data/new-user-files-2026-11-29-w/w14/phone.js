'use strict';

// North American (NANP) phone number normalisation for the contacts form.

const EXTENSION_RE = /\s*(?:x|ext\.?|extension)\s*(\d{1,6})\s*$/i;

function parsePhone(input) {
  if (typeof input !== 'string') return null;
  let text = input.trim();
  let extension = null;
  const ext = text.match(EXTENSION_RE);
  if (ext) {
    extension = ext[1];
    text = text.slice(0, ext.index);
  }
  if (/[^\d\s().+-]/.test(text)) return null;

  let digits = text.replace(/\D/g, '');
  if (digits.length === 11 && digits[0] === '1') {
    digits = digits.substring(0, 10);
  }
  if (digits.length !== 10) return null;
  // area code and exchange cannot start with 0 or 1
  if (/[01]/.test(digits[0]) || /[01]/.test(digits[3])) return null;

  return {
    area: digits.slice(0, 3),
    exchange: digits.slice(3, 6),
    line: digits.slice(6),
    extension,
  };
}

function toE164(input) {
  const p = parsePhone(input);
  return p ? `+1${p.area}${p.exchange}${p.line}` : null;
}

function formatNational(input) {
  const p = parsePhone(input);
  if (!p) return null;
  const base = `(${p.area}) ${p.exchange}-${p.line}`;
  return p.extension ? `${base} ext. ${p.extension}` : base;
}

module.exports = { parsePhone, toE164, formatNational };
