// Word frequency helpers for the search-suggestions feature.

const STOP_WORDS = new Set(['a', 'an', 'and', 'the', 'of', 'to', 'in', 'is', 'it']);

export function tokenize(text) {
  return (text.toLowerCase().match(/[a-z0-9']+/g) ?? []).map((w) => w.replace(/^'+|'+$/g, ''));
}

export function countWords(text, { skipStopWords = true } = {}) {
  const counts = new Map();
  for (const word of tokenize(text)) {
    if (!word || (skipStopWords && STOP_WORDS.has(word))) continue;
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return counts;
}

/**
 * The `n` most frequent words as [word, count] pairs,
 * highest count first; ties broken alphabetically.
 */
export function topWords(text, n = 3, options) {
  const entries = [...countWords(text, options).entries()];
  entries.sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]));
  return entries.slice(0, n);
}
