'use strict';
const assert = require('assert');

/**
 * Greedy word wrap. Paragraphs (separated by blank lines) are wrapped
 * independently; words longer than `width` get a line of their own.
 */
function wrap(text, width = 72) {
  if (width < 1) throw new RangeError('width must be at least 1');
  const out = [];
  const paragraphs = text.split(/\n\s*\n/);
  paragraphs.forEach((paragraph, index) => {
    const words = paragraph.split(/\s+/).filter(Boolean);
    let line = '';
    for (const word of words) {
      if (line && line.length + word.length > width) {
        out.push(line);
        line = word;
      } else {
        line = line ? `${line} ${word}` : word;
      }
    }
    if (line) out.push(line);
    if (index < paragraphs.length - 1) out.push('');
  });
  return out.join('\n');
}

function indent(text, prefix) {
  return text
    .split('\n')
    .map((line) => (line ? prefix + line : line))
    .join('\n');
}

/** Wrap and prefix, e.g. for "> " quoted e-mail replies. */
function quote(text, width = 72, prefix = '> ') {
  return indent(wrap(text, width - prefix.length), prefix);
}

module.exports = { wrap, indent, quote };

// --- checks ---------------------------------------------------------------
assert.strictEqual(wrap('hello world'), 'hello world');
assert.strictEqual(wrap(''), '');
assert.strictEqual(wrap('  spaces   everywhere  ', 40), 'spaces everywhere');
assert.strictEqual(
  wrap('the quick brown fox jumps over the lazy dog', 10),
  'the quick\nbrown fox\njumps over\nthe lazy\ndog',
);
assert.strictEqual(wrap('antidisestablishmentarianism is long', 10), 'antidisestablishmentarianism\nis long');
assert.strictEqual(wrap('first para\n\nsecond para', 80), 'first para\n\nsecond para');
assert.strictEqual(indent('a\n\nb', '  '), '  a\n\n  b');

const lorem =
  'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod ' +
  'tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam.';
for (const width of [16, 20, 30, 41]) {
  const lines = wrap(lorem, width).split('\n');
  for (const line of lines) {
    assert.ok(line.length <= width, `line longer than ${width}: "${line}" (${line.length})`);
  }
  assert.strictEqual(lines.join(' '), lorem);
}
assert.strictEqual(quote('Thanks for the update, see you on Monday', 24), '> Thanks for the update,\n> see you on Monday');

console.log('wrap.js: all checks passed');
