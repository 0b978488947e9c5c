export type OrderState = 'pending' | 'paid' | 'shipped' | 'delivered' | 'cancelled';

const TRANSITIONS: Record<OrderState, OrderState[]> = {
  pending: ['paid', 'cancelled'],
  paid: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

export interface Transition {
  from: OrderState;
  to: OrderState;
  at: number;
}

/** An order moving through its fulfilment life cycle. */
export class Order {
  state: OrderState = 'pending';
  readonly history: Transition[] = [];
  private readonly createdAt: number;

  constructor(readonly id: string, private readonly clock: () => number = Date.now) {
    this.createdAt = clock();
  }

  canMoveTo(to: OrderState): boolean {
    return TRANSITIONS[this.state].includes(to);
  }

  moveTo(to: OrderState): void {
    if (!this.canMoveTo(to)) {
      throw new Error(`order ${this.id}: cannot go from ${this.state} to ${to}`);
    }
    this.state = to;
    this.history.push({ from: this.state, to, at: this.clock() });
  }

  get isFinal(): boolean {
    return TRANSITIONS[this.state].length === 0;
  }

  /** Milliseconds the order spent in `state` (up to now if it is still there). */
  timeIn(state: OrderState): number {
    let total = 0;
    let enteredAt = state === 'pending' ? this.createdAt : undefined;
    for (const t of this.history) {
      if (t.from === state && enteredAt !== undefined) {
        total += t.at - enteredAt;
        enteredAt = undefined;
      }
      if (t.to === state) enteredAt = t.at;
    }
    if (enteredAt !== undefined) total += this.clock() - enteredAt;
    return total;
  }
}
