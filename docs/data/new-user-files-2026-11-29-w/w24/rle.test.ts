import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compressionRatio, decode, decodeImage, encode, encodeImage } from './rle.ts';

test('encode groups runs', () => {
  assert.equal(encode('WWWWBBBW'), '4W3B1W');
  assert.equal(encode('abc'), '1a1b1c');
  assert.equal(encode(''), '');
});

test('encode refuses digits', () => {
  assert.throws(() => encode('a1'), /digits cannot/);
});

test('decode short runs', () => {
  assert.equal(decode('4W3B1W'), 'WWWWBBBW');
  assert.equal(decode(''), '');
});

test('decode rejects malformed data', () => {
  assert.throws(() => decode('W4'), /malformed/);
  assert.throws(() => decode('3'), /malformed/);
});

test('decode runs of ten or more', () => {
  assert.equal(decode('12W1B'), 'WWWWWWWWWWWWB');
});

test('round trip long rows', () => {
  const row = '.'.repeat(32) + '#'.repeat(10) + '.'.repeat(22);
  assert.equal(decode(encode(row)), row);
});

test('image round trip', () => {
  const sprite = ['..##..', '.####.', '######', '.#..#.'];
  const data = encodeImage(sprite);
  assert.equal(data, '2.2#2.\n1.4#1.\n6#\n1.1#2.1#1.');
  assert.deepEqual(decodeImage(data), sprite);
});

test('image rows must be the same width', () => {
  assert.throws(() => encodeImage(['ab', 'abc']), /equal width/);
});

test('compression ratio', () => {
  assert.equal(compressionRatio('aaaaaaaaaa'), 0.3);
  assert.equal(compressionRatio('ab'), 2);
});
