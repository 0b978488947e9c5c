export interface EditorState {
  text: string;
  cursor: number;
}

export class History<T> {
  private past: T[] = [];
  private future: T[] = [];
  private current: T;

  constructor(initial: T, private readonly limit = 100) {
    this.current = initial;
  }

  get present(): T {
    return this.current;
  }

  get canUndo(): boolean {
    return this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }

  push(next: T): T {
    this.past.push(this.current);
    if (this.past.length > this.limit) {
      this.past.shift();
    }
    this.current = next;
    return this.current;
  }

  undo(): T {
    this.future.push(this.current);
    this.current = this.past.pop()!;
    return this.current;
  }

  redo(): T {
    if (this.future.length === 0) {
      return this.current;
    }
    this.past.push(this.current);
    this.current = this.future.pop()!;
    return this.current;
  }
}

export function typeText(history: History<EditorState>, chars: string): EditorState {
  const { text, cursor } = history.present;
  return history.push({
    text: text.slice(0, cursor) + chars + text.slice(cursor),
    cursor: cursor + chars.length,
  });
}
