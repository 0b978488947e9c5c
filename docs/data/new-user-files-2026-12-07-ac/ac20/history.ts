export type Edit =
  | { kind: "insert"; pos: number; text: string }
  | { kind: "delete"; pos: number; text: string };

function invert(edit: Edit): Edit {
  return edit.kind === "insert"
    ? { kind: "delete", pos: edit.pos, text: edit.text }
    : { kind: "insert", pos: edit.pos, text: edit.text };
}

/** A text buffer with bounded undo/redo history. */
export class EditableText {
  private text: string;
  private undoStack: Edit[] = [];
  private redoStack: Edit[] = [];

  constructor(initial = "", private readonly maxHistory = 100) {
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

  insert(pos: number, text: string): void {
    this.checkPosition(pos);
    if (!text) return;
    this.record({ kind: "insert", pos, text });
  }

  delete(pos: number, length: number): string {
    this.checkPosition(pos);
    const removed = this.text.slice(pos, pos + length);
    if (removed) this.record({ kind: "delete", pos, text: removed });
    return removed;
  }

  undo(): boolean {
    const edit = this.undoStack.pop();
    if (!edit) return false;
    this.apply(invert(edit));
    this.redoStack.push(edit);
    return true;
  }

  redo(): boolean {
    const edit = this.redoStack.pop();
    if (!edit) return false;
    this.apply(edit);
    this.undoStack.push(edit);
    return true;
  }

  private record(edit: Edit): void {
    this.apply(edit);
    this.undoStack.push(edit);
    if (this.undoStack.length > this.maxHistory) this.undoStack.shift();
  }

  private apply(edit: Edit): void {
    const { pos, text } = edit;
    this.text =
      edit.kind === "insert"
        ? this.text.slice(0, pos) + text + this.text.slice(pos)
        : this.text.slice(0, pos) + this.text.slice(pos + text.length);
  }

  private checkPosition(pos: number): void {
    if (!Number.isInteger(pos) || pos < 0 || pos > this.text.length) {
      throw new RangeError(`position ${pos} is outside the text (length ${this.text.length})`);
    }
  }
}
