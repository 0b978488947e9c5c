const { test, describe } = require('node:test');
const assert = require('node:assert/strict');
const { slugify, uniqueSlug } = require('./slugify');

describe('slugify', () => {
  test('lowercases and joins words with dashes', () => {
    assert.equal(slugify('Hello World'), 'hello-world');
  });

  test('drops punctuation and surrounding separators', () => {
    assert.equal(slugify('  -- Ready, Set... Go!! --'), 'ready-set-go');
  });

  test('strips accents and transliterates', () => {
    assert.equal(slugify('Crème Brûlée für Straße'), 'creme-brulee-fur-strasse');
    assert.equal(slugify('Tom & Jerry'), 'tom-and-jerry');
  });

  test('supports a custom separator', () => {
    assert.equal(slugify('Release Notes 2.0', { separator: '_' }), 'release_notes_2_0');
  });

  test('truncates long titles on a word boundary', () => {
    const slug = slugify('The ultimate guide to writing unit tests in JavaScript', { maxLength: 20 });
    assert.equal(slug, 'the-ultimate-guide');
  });

  test('truncated slug never ends with a separator', () => {
    const slug = slugify('Short words are fine here', { maxLength: 12 });
    assert.ok(slug.length <= 12);
    assert.ok(!slug.endsWith('-'), `got "${slug}"`);
  });

  test('throws on non-string input', () => {
    assert.throws(() => slugify(null), TypeError);
  });
});

describe('uniqueSlug', () => {
  test('appends a counter when the slug is taken', () => {
    const taken = new Set(['my-post', 'my-post-2']);
    assert.equal(uniqueSlug('My Post', taken), 'my-post-3');
    assert.equal(uniqueSlug('Other Post', taken), 'other-post');
  });
});
