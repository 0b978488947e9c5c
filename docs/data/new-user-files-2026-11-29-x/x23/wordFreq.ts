// Word frequency statistics for a search-keyword report.

export const DEFAULT_STOP_WORDS = new Set(['a', 'an', 'and', 'the', 'of', 'to', 'in', 'is', 'it']);

export function tokenize(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+(?:'[a-z]+)?/g) ?? [];
}

export function countWords(text: string, stopWords: Set<string> = DEFAULT_STOP_WORDS): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of tokenize(text)) {
    if (stopWords.has(word)) continue;
    counts.set(word, counts.get(word) ?? 0 + 1);
  }
  return counts;
}

export interface Ranked {
  word: string;
  count: number;
}

export function topWords(counts: Map<string, number>, k: number): Ranked[] {
  return [...counts]
    .map(([word, count]) => ({ word, count }))
    .sort((a, b) => b.count - a.count || a.word.localeCompare(b.word))
    .slice(0, k);
}

export function mergeCounts(...maps: Map<string, number>[]): Map<string, number> {
  const total = new Map<string, number>();
  for (const map of maps) {
    for (const [word, count] of map) {
      total.set(word, (total.get(word) ?? 0) + count);
    }
  }
  return total;
}

export function share(counts: Map<string, number>, word: string): number {
  let total = 0;
  for (const c of counts.values()) total += c;
  return total === 0 ? 0 : (counts.get(word) ?? 0) / total;
}
