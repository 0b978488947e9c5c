'use strict';

const UNITS = { d: 86400, h: 3600, m: 60, s: 1 };

/** "1h30m" / "2d 4h" / "45s" -> seconds */
function parseDuration(text) {
  const pattern = /(\d+)\s*([dhms])/g;
  let total = 0;
  let matched = '';
  for (const match of text.matchAll(pattern)) {
    total += Number(match[1]) * UNITS[match[2]];
    matched += match[0];
  }
  if (!matched || matched.replace(/\s/g, '') !== text.replace(/\s/g, '')) {
    throw new Error(`Invalid duration: "${text}"`);
  }
  return total;
}

/** seconds -> "1h 30m", omitting zero parts; 0 -> "0s" */
function formatDuration(totalSeconds) {
  if (totalSeconds < 0) throw new RangeError('duration cannot be negative');
  const days = Math.floor(totalSeconds / 86400);
  const hours = Math.floor((totalSeconds % 86400) / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;

  const parts = [];
  if (days) parts.push(`${days}d`);
  if (hours) parts.push(`${hours}h`);
  if (minutes) parts.push(`${hours}m`);
  if (seconds) parts.push(`${seconds}s`);
  return parts.length ? parts.join(' ') : '0s';
}

module.exports = { parseDuration, formatDuration };
