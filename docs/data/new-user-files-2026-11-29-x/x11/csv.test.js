'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { parseLine, parse, toObjects, formatField, formatLine } = require('./csv');

test('plain fields', () => {
  assert.deepEqual(parseLine('a,b,c'), ['a', 'b', 'c']);
  assert.deepEqual(parseLine('a,,c,'), ['a', '', 'c', '']);
});

test('quoted fields may contain delimiters', () => {
  assert.deepEqual(parseLine('"Smith, John",42'), ['Smith, John', '42']);
});

test('doubled quotes inside a quoted field are an escaped quote', () => {
  assert.deepEqual(parseLine('"say ""hi""",x'), ['say "hi"', 'x']);
  assert.deepEqual(parseLine('"a""b"'), ['a"b']);
  assert.deepEqual(parseLine('""""'), ['"']);
});

test('empty quoted field', () => {
  assert.deepEqual(parseLine('"",b'), ['', 'b']);
});

test('custom delimiter', () => {
  assert.deepEqual(parseLine('x;"y;z";w', ';'), ['x', 'y;z', 'w']);
});

test('unterminated quote is an error', () => {
  assert.throws(() => parseLine('"abc,d'), /unterminated/);
});

test('parse + toObjects', () => {
  const text = 'name,quote\r\nAda,"""Hello"", she said"\r\n\r\nBob,\n';
  assert.deepEqual(toObjects(parse(text)), [
    { name: 'Ada', quote: '"Hello", she said' },
    { name: 'Bob', quote: '' },
  ]);
});

test('formatting quotes only when needed', () => {
  assert.equal(formatField('plain'), 'plain');
  assert.equal(formatField(null), '');
  assert.equal(formatField('5" screen'), '"5"" screen"');
  assert.equal(formatLine(['a,b', 3, 'c']), '"a,b",3,c');
});

test('format and parse round-trip', () => {
  const values = ['He said "no"', 'x,y', '', '""', 'end'];
  assert.deepEqual(parseLine(formatLine(values)), values);
});
