'use strict';

const SYMBOLS = { USD: '$', EUR: '€', GBP: '£' };

function groupThousands(digits, separator) {
  const parts = [];
  for (let end = digits.length; end > 0; end -= 3) {
    parts.unshift(digits.slice(Math.max(0, end - 3), end));
  }
  return parts.join(separator);
}

function formatCents(cents, { currency = 'USD', separator = ',', decimal = '.' } = {}) {
  if (!Number.isInteger(cents)) {
    throw new TypeError(`amount must be an integer number of cents, got ${cents}`);
  }
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = groupThousands(String(Math.floor(abs / 100)), separator);
  const fraction = String(abs % 100).padEnd(2, '0');
  const symbol = SYMBOLS[currency] ?? `${currency} `;
  return `${sign}${symbol}${whole}${decimal}${fraction}`;
}

function parseAmount(text) {
  const cleaned = text.replace(/[^0-9.-]/g, '');
  if (!/^-?\d+(\.\d{1,2})?$/.test(cleaned)) {
    throw new Error(`cannot parse amount: ${text}`);
  }
  const [whole, frac = ''] = cleaned.replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return cleaned.startsWith('-') ? -cents : cents;
}

function sumLineItems(items) {
  return items.reduce((total, item) => total + item.qty * item.unitCents, 0);
}

module.exports = { formatCents, parseAmount, sumLineItems };
