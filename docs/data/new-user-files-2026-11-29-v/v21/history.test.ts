import { beforeEach, describe, expect, it } from '@jest/globals';
import { History, typeText, type EditorState } from './history';

describe('History', () => {
  let history: History<EditorState>;

  beforeEach(() => {
    history = new History<EditorState>({ text: '', cursor: 0 });
  });

  it('records edits', () => {
    typeText(history, 'Hello');
    typeText(history, ' world');
    expect(history.present).toEqual({ text: 'Hello world', cursor: 11 });
    expect(history.canUndo).toBe(true);
  });

  it('undoes and redoes edits', () => {
    typeText(history, 'a');
    typeText(history, 'b');
    expect(history.undo().text).toBe('a');
    expect(history.undo().text).toBe('');
    expect(history.redo().text).toBe('a');
    expect(history.redo().text).toBe('ab');
  });

  it('undo with nothing to undo keeps the current state', () => {
    typeText(history, 'x');
    history.undo();
    expect(history.undo()).toEqual({ text: '', cursor: 0 });
    expect(history.canUndo).toBe(false);
    expect(history.redo().text).toBe('x');
  });

  it('a new edit after undo discards the redo stack', () => {
    typeText(history, 'one');
    typeText(history, ' two');
    history.undo();
    typeText(history, ' three');
    expect(history.canRedo).toBe(false);
    expect(history.redo().text).toBe('one three');
  });

  it('respects the history limit', () => {
    const small = new History<number>(0, 2);
    small.push(1);
    small.push(2);
    small.push(3);
    expect(small.undo()).toBe(2);
    expect(small.undo()).toBe(1);
    expect(small.canUndo).toBe(false);
  });
});
