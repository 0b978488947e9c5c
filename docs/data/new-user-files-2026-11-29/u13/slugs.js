const SMALL_WORDS = new Set(['a', 'an', 'and', 'at', 'for', 'in', 'of', 'on', 'or', 'the', 'to']);

function slugify(title) {
  return title
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/[\s-]+/g, '-');
}

function capitalize(word) {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function titleFromSlug(slug) {
  const words = slug.replace('-', ' ').split(' ').filter(Boolean);
  return words
    .map((word, i) => (i > 0 && SMALL_WORDS.has(word) ? word : capitalize(word)))
    .join(' ');
}

function uniqueSlug(title, existing) {
  const base = slugify(title) || 'untitled';
  const taken = new Set(existing);
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}

module.exports = { slugify, titleFromSlug, uniqueSlug };
