'use strict';

const UNIT_MS = { ms: 1, s: 1000, m: 60000, h: 3600000 };

// "1h30m", "45s", "250ms", "2m 5s" -> milliseconds
function parseDuration(text) {
  if (typeof text !== 'string' || !text.trim()) {
    throw new TypeError('duration must be a non-empty string');
  }
  const re = /(\d+)\s*(ms|h|m|s)/g;
  let total = 0;
  let consumed = '';
  for (const [whole, num, unit] of text.matchAll(re)) {
    total += Number(num) * UNIT_MS[unit];
    consumed += whole;
  }
  if (consumed.replace(/\s/g, '') !== text.replace(/\s/g, '')) {
    throw new Error(`invalid duration: "${text}"`);
  }
  return total;
}

function timeoutError(label, ms) {
  const err = new Error(`${label} timed out after ${ms}ms`);
  err.code = 'ETIMEOUT';
  return err;
}

function withTimeout(promise, duration, label = 'operation') {
  const ms = typeof duration === 'number' ? duration : parseDuration(duration);
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(timeoutError(ms, label)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

module.exports = { parseDuration, withTimeout };
