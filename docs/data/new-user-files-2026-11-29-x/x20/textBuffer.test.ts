import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TextBuffer } from './textBuffer.ts';

describe('TextBuffer', () => {
  it('applies edits', () => {
    const buf = new TextBuffer('hello world');
    buf.insert(5, ',');
    buf.replace(7, 5, 'there');
    buf.delete(0, 1);
    assert.equal(buf.value, 'ello, there');
  });

  it('undoes edits in reverse order', () => {
    const buf = new TextBuffer('abc');
    buf.insert(3, 'def');
    buf.delete(0, 1);
    assert.equal(buf.undo(), true);
    assert.equal(buf.value, 'abcdef');
    assert.equal(buf.undo(), true);
    assert.equal(buf.value, 'abc');
    assert.equal(buf.undo(), false);
  });

  it('redoes undone edits', () => {
    const buf = new TextBuffer('cat');
    buf.replace(0, 1, 'b');
    buf.undo();
    assert.equal(buf.canRedo, true);
    buf.redo();
    assert.equal(buf.value, 'bat');
    assert.equal(buf.redo(), false);
  });

  it('a new edit discards the redo history', () => {
    const buf = new TextBuffer('');
    buf.insert(0, 'one');
    buf.insert(3, ' two');
    buf.undo();
    assert.equal(buf.value, 'one');
    buf.insert(3, ' three');
    assert.equal(buf.canRedo, false);
    assert.equal(buf.redo(), false);
    assert.equal(buf.value, 'one three');
  });

  it('undo after branching restores the branch point', () => {
    const buf = new TextBuffer('x');
    buf.insert(1, 'y');
    buf.undo();
    buf.insert(0, 'w');
    buf.undo();
    buf.redo();
    assert.equal(buf.value, 'wx');
    assert.equal(buf.canRedo, false);
  });

  it('limits the undo history', () => {
    const buf = new TextBuffer('', 2);
    buf.insert(0, 'a');
    buf.insert(1, 'b');
    buf.insert(2, 'c');
    buf.undo();
    buf.undo();
    assert.equal(buf.undo(), false);
    assert.equal(buf.value, 'a');
  });

  it('rejects positions outside the text', () => {
    const buf = new TextBuffer('abc');
    assert.throws(() => buf.insert(4, 'x'), RangeError);
    assert.throws(() => buf.delete(-1, 1), RangeError);
  });
});
