export enum Priority {
  Low = 1,
  Normal = 2,
  High = 3,
  Critical = 4,
}

export interface Task<T = unknown> {
  id: string;
  priority: Priority;
  payload: T;
}

/**
 * Highest priority first; tasks with the same priority come out
 * in the order they were added (FIFO).
 */
export class TaskQueue<T = unknown> {
  private tasks: Task<T>[] = [];

  enqueue(task: Task<T>): void {
    const index = this.tasks.findIndex((t) => t.priority <= task.priority);
    if (index === -1) {
      this.tasks.push(task);
    } else {
      this.tasks.splice(index, 0, task);
    }
  }

  dequeue(): Task<T> | undefined {
    return this.tasks.shift();
  }

  peek(): Task<T> | undefined {
    return this.tasks[0];
  }

  get size(): number {
    return this.tasks.length;
  }

  drain(): Task<T>[] {
    const out = this.tasks;
    this.tasks = [];
    return out;
  }
}
