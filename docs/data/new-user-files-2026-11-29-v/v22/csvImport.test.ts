import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CsvError, parseCsv, parseCsvLine } from './csvImport';

test('splits simple fields', () => {
  assert.deepEqual(parseCsvLine('a,b,,d'), ['a', 'b', '', 'd']);
});

test('keeps delimiters inside quotes', () => {
  assert.deepEqual(parseCsvLine('"Smith, John",42'), ['Smith, John', '42']);
});

test('unescapes doubled quotes', () => {
  assert.deepEqual(parseCsvLine('"He said ""hi""",x'), ['He said "hi"', 'x']);
  assert.deepEqual(parseCsvLine('""""'), ['"']);
});

test('supports other delimiters', () => {
  assert.deepEqual(parseCsvLine('1;"2;3";4', ';'), ['1', '2;3', '4']);
});

test('reports unterminated quotes with the line number', () => {
  assert.throws(() => parseCsvLine('"open,field', ',', 7), (err: unknown) => {
    assert.ok(err instanceof CsvError);
    assert.equal(err.line, 7);
    return true;
  });
});

test('parses a file into records', () => {
  const text = 'name,quote\r\nAda,"Count ""me"" in"\r\nLinus,"Talk is cheap, show me the code"\r\n';
  assert.deepEqual(parseCsv(text), [
    { name: 'Ada', quote: 'Count "me" in' },
    { name: 'Linus', quote: 'Talk is cheap, show me the code' },
  ]);
});

test('rejects rows with the wrong number of fields', () => {
  assert.throws(() => parseCsv('a,b\n1,2\n3\n'), /line 3: expected 2 fields, got 1/);
});
