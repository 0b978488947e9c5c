import test from 'node:test';
import assert from 'node:assert/strict';

import { countWords, tokenize, topWords } from './wordfreq.mjs';

test('tokenize lowercases and strips punctuation', () => {
  assert.deepEqual(tokenize("Don't PANIC, it's fine!"), ["don't", 'panic', "it's", 'fine']);
});

test('tokenize handles empty input', () => {
  assert.deepEqual(tokenize(''), []);
});

test('countWords skips stop words by default', () => {
  const counts = countWords('The cat and the hat');
  assert.deepEqual(Object.fromEntries(counts), { cat: 1, hat: 1 });
});

test('countWords can keep stop words', () => {
  const counts = countWords('the the cat', { skipStopWords: false });
  assert.equal(counts.get('the'), 2);
});

test('topWords returns the most frequent words first', () => {
  const text = 'red blue red green blue red yellow';
  assert.deepEqual(topWords(text, 2), [
    ['red', 3],
    ['blue', 2],
  ]);
});

test('topWords breaks ties alphabetically', () => {
  const text = 'pear apple pear apple fig';
  assert.deepEqual(topWords(text), [
    ['apple', 2],
    ['pear', 2],
    ['fig', 1],
  ]);
});

test('topWords with n larger than vocabulary returns everything', () => {
  assert.equal(topWords('one two', 10).length, 2);
});
