const { slugify, titleFromSlug, uniqueSlug } = require('./slugs');

describe('slugify', () => {
  test('lowercases and joins words with dashes', () => {
    expect(slugify('Hello World')).toBe('hello-world');
  });

  test('drops punctuation and collapses whitespace', () => {
    expect(slugify('  What’s new in v2.0?!  ')).toBe('whats-new-in-v20');
  });

  test('strips accents', () => {
    expect(slugify('Crème Brûlée Recipe')).toBe('creme-brulee-recipe');
  });

  test('collapses existing dashes', () => {
    expect(slugify('pre -- release notes')).toBe('pre-release-notes');
  });
});

describe('titleFromSlug', () => {
  test('single word', () => {
    expect(titleFromSlug('changelog')).toBe('Changelog');
  });

  test('two words', () => {
    expect(titleFromSlug('release-notes')).toBe('Release Notes');
  });

  test('keeps small words lowercase except the first', () => {
    expect(titleFromSlug('the-art-of-the-deal')).toBe('The Art of the Deal');
  });

  test('round trip with slugify', () => {
    expect(titleFromSlug(slugify('Getting Started With Docker'))).toBe('Getting Started With Docker');
  });
});

describe('uniqueSlug', () => {
  test('returns the plain slug when free', () => {
    expect(uniqueSlug('My Post', ['other'])).toBe('my-post');
  });

  test('appends the next free number', () => {
    expect(uniqueSlug('My Post', ['my-post', 'my-post-2'])).toBe('my-post-3');
  });

  test('falls back to untitled', () => {
    expect(uniqueSlug('???', [])).toBe('untitled');
  });
});
