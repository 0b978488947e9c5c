import { describe, expect, it } from 'vitest';
import { countWords, mergeCounts, share, tokenize, topWords } from './wordFreq';

describe('tokenize', () => {
  it('lowercases and keeps apostrophes inside words', () => {
    expect(tokenize("Don't panic! It's 42.")).toEqual(["don't", 'panic', "it's", '42']);
    expect(tokenize('...')).toEqual([]);
  });
});

describe('countWords', () => {
  it('counts repeated words', () => {
    const counts = countWords('red green red blue red green');
    expect(counts.get('red')).toBe(3);
    expect(counts.get('green')).toBe(2);
    expect(counts.get('blue')).toBe(1);
    expect(counts.size).toBe(3);
  });

  it('skips stop words and is case-insensitive', () => {
    const counts = countWords('The cat and THE hat. A Cat!');
    expect(Object.fromEntries(counts)).toEqual({ cat: 2, hat: 1 });
  });

  it('accepts a custom stop list', () => {
    const counts = countWords('to be or not to be', new Set(['or']));
    expect(Object.fromEntries(counts)).toEqual({ to: 2, be: 2, not: 1 });
  });
});

describe('topWords', () => {
  it('ranks by count, then alphabetically', () => {
    const counts = countWords('y x z y x y w');
    expect(topWords(counts, 3)).toEqual([
      { word: 'y', count: 3 },
      { word: 'x', count: 2 },
      { word: 'w', count: 1 },
    ]);
  });
});

describe('mergeCounts and share', () => {
  it('combines documents', () => {
    const merged = mergeCounts(countWords('apple pie apple'), countWords('apple tart'));
    expect(Object.fromEntries(merged)).toEqual({ apple: 3, pie: 1, tart: 1 });
    expect(share(merged, 'apple')).toBeCloseTo(0.6);
    expect(share(new Map(), 'apple')).toBe(0);
  });
});
