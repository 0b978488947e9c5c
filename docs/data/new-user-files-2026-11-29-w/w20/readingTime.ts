// Word counts and "N min read" badges for blog posts (input is Markdown source).

export interface ReadingStats {
  words: number;
  images: number;
  minutes: number;
  label: string;
}

const WORDS_PER_MINUTE = 230;
const SECONDS_PER_IMAGE = 12;

export function stripMarkdown(md: string): string {
  return md
    .replace(/```[\s\S]*?```/g, ' ') // fenced code is skimmed, not read
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ') // images
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1') // links -> link text
    .replace(/[#>*_`~-]+/g, ' ');
}

export function countWords(text: string): number {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  return trimmed.split(' ').length;
}

export function countImages(md: string): number {
  return (md.match(/!\[[^\]]*\]\([^)]*\)/g) ?? []).length;
}

export function readingStats(md: string, wpm = WORDS_PER_MINUTE): ReadingStats {
  const words = countWords(stripMarkdown(md));
  const images = countImages(md);
  const seconds = (words / wpm) * 60 + images * SECONDS_PER_IMAGE;
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return { words, images, minutes, label: `${minutes} min read` };
}
