// Text buffer with undo/redo, as used by a small note-taking editor.

interface Edit {
  pos: number;
  removed: string;
  inserted: string;
}

export class TextBuffer {
  private text: string;
  private undoStack: Edit[] = [];
  private redoStack: Edit[] = [];

  constructor(initial = '', private readonly historyLimit = 100) {
    this.text = initial;
  }

  get value(): string {
    return this.text;
  }

  get canUndo(): boolean {
    return this.undoStack.length > 0;
  }

  get canRedo(): boolean {
    return this.redoStack.length > 0;
  }

  insert(pos: number, s: string): void {
    this.apply({ pos, removed: '', inserted: s });
  }

  delete(pos: number, length: number): void {
    this.apply({ pos, removed: this.text.slice(pos, pos + length), inserted: '' });
  }

  replace(pos: number, length: number, s: string): void {
    this.apply({ pos, removed: this.text.slice(pos, pos + length), inserted: s });
  }

  undo(): boolean {
    const edit = this.undoStack.pop();
    if (!edit) return false;
    this.splice(edit.pos, edit.inserted.length, edit.removed);
    this.redoStack.push(edit);
    return true;
  }

  redo(): boolean {
    const edit = this.redoStack.pop();
    if (!edit) return false;
    this.splice(edit.pos, edit.removed.length, edit.inserted);
    this.undoStack.push(edit);
    return true;
  }

  private apply(edit: Edit): void {
    if (edit.pos < 0 || edit.pos > this.text.length) {
      throw new RangeError(`position ${edit.pos} outside 0..${this.text.length}`);
    }
    if (edit.removed === '' && edit.inserted === '') return;
    this.splice(edit.pos, edit.removed.length, edit.inserted);
    this.undoStack.push(edit);
    if (this.undoStack.length > this.historyLimit) this.undoStack.shift();
  }

  private splice(pos: number, removeLength: number, insert: string): void {
    this.text = this.text.slice(0, pos) + insert + this.text.slice(pos + removeLength);
  }
}
