import { describe, expect, test } from 'vitest';
import { countImages, countWords, readingStats, stripMarkdown } from './readingTime';

describe('countWords', () => {
  test.each([
    ['', 0],
    ['   ', 0],
    ['hello', 1],
    ['the quick brown fox', 4],
    ['  padded  ', 1],
  ])('%j has %i words', (text, expected) => {
    expect(countWords(text)).toBe(expected);
  });

  test('newlines and repeated spaces separate words', () => {
    expect(countWords('first line\nsecond  line\n\nthird')).toBe(5);
  });

  test('tabs separate words', () => {
    expect(countWords('a\tb\tc')).toBe(3);
  });
});

describe('stripMarkdown', () => {
  test('keeps link text, drops urls and code blocks', () => {
    const md = 'See [the docs](https://example.com/docs).\n```js\nconst x = 1;\n```\nDone';
    expect(countWords(stripMarkdown(md))).toBe(4);
  });
});

describe('countImages', () => {
  test('counts markdown images only', () => {
    expect(countImages('![a](a.png) text [link](b) ![](c.jpg)')).toBe(2);
  });
});

describe('readingStats', () => {
  test('short post still takes a minute', () => {
    expect(readingStats('Just a quick note.').label).toBe('1 min read');
  });

  test('long single-line post', () => {
    const md = Array(690).fill('word').join(' ');
    expect(readingStats(md)).toEqual({ words: 690, images: 0, minutes: 3, label: '3 min read' });
  });

  test('multi-paragraph post with images', () => {
    const paragraph = Array(115).fill('lorem').join(' ');
    const md = `# Title\n\n${paragraph}\n\n![chart](c.png)\n\n${paragraph}\n\n${paragraph}\n![x](y.png)`;
    const stats = readingStats(md);
    expect(stats.words).toBe(346);
    expect(stats.images).toBe(2);
    expect(stats.minutes).toBe(2);
  });
});
