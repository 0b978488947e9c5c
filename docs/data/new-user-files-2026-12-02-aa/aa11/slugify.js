'use strict';

const DEFAULT_MAX_LENGTH = 60;

const REPLACEMENTS = {
  '&': ' and ',
  '@': ' at ',
  'ß': 'ss',
  'æ': 'ae',
  'ø': 'o',
};

function slugify(title, { maxLength = DEFAULT_MAX_LENGTH, separator = '-' } = {}) {
  if (typeof title !== 'string') {
    throw new TypeError('slugify expects a string');
  }
  let slug = title.toLowerCase();
  for (const [from, to] of Object.entries(REPLACEMENTS)) {
    slug = slug.split(from).join(to);
  }
  slug = slug
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '') // strip accents
    .replace(/[^a-z0-9]+/g, separator)
    .replace(new RegExp(`^\\${separator}+|\\${separator}+$`, 'g'), '');

  if (slug.length > maxLength) {
    slug = slug.slice(0, maxLength);
  }
  return slug;
}

function uniqueSlug(title, taken, options) {
  const base = slugify(title, options);
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}${options?.separator ?? '-'}${n}`)) n++;
  return `${base}${options?.separator ?? '-'}${n}`;
}

module.exports = { slugify, uniqueSlug };
