import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';

// URL slugs for blog posts.

export function slugify(title, maxLength = 60) {
  const base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/, '-')
    .replace(/^-+|-+$/g, '');
  if (base.length <= maxLength) return base;
  const cut = base.slice(0, maxLength);
  const lastDash = cut.lastIndexOf('-');
  return lastDash > 0 ? cut.slice(0, lastDash) : cut;
}

export function uniqueSlug(title, taken) {
  const base = slugify(title) || 'post';
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

export function postPath(date, title) {
  const y = date.getUTCFullYear();
  const m = String(date.getUTCMonth() + 1).padStart(2, '0');
  return `/${y}/${m}/${slugify(title)}/`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  assert.equal(slugify('Hello'), 'hello');
  assert.equal(slugify('Hello World'), 'hello-world');
  assert.equal(slugify('  Ten Tips for Faster Builds!  '), 'ten-tips-for-faster-builds');
  assert.equal(slugify('Crème brûlée: a recipe'), 'creme-brulee-a-recipe');
  assert.equal(slugify('Q&A with the team'), 'q-and-a-with-the-team');
  assert.equal(slugify('C++ / Rust -- compared'), 'c-rust-compared');
  assert.equal(slugify('one two three four', 12), 'one-two');
  assert.equal(slugify('abcdefghijkl', 5), 'abcde');

  const taken = new Set(['hello-world', 'hello-world-2']);
  assert.equal(uniqueSlug('Hello, World', taken), 'hello-world-3');
  assert.equal(uniqueSlug('Fresh post', taken), 'fresh-post');
  assert.equal(uniqueSlug('!!!', new Set()), 'post');

  assert.equal(postPath(new Date(Date.UTC(2024, 2, 5)), 'Spring Release Notes'), '/2024/03/spring-release-notes/');
  console.log('slug checks passed');
}
