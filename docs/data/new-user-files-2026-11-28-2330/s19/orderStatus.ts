export enum OrderStatus {
  Pending = 'pending',
  Paid = 'paid',
  Shipped = 'shipped',
  Delivered = 'delivered',
  Cancelled = 'cancelled',
}

export interface Order {
  id: string;
  status: OrderStatus;
  history: OrderStatus[];
}

// Terminal states (Delivered, Cancelled) have no outgoing transitions.
const TRANSITIONS: Partial<Record<OrderStatus, OrderStatus[]>> = {
  [OrderStatus.Pending]: [OrderStatus.Paid, OrderStatus.Cancelled],
  [OrderStatus.Paid]: [OrderStatus.Shipped, OrderStatus.Cancelled],
  [OrderStatus.Shipped]: [OrderStatus.Delivered],
};

export class InvalidTransitionError extends Error {
  constructor(from: OrderStatus, to: OrderStatus) {
    super(`Cannot move order from ${from} to ${to}`);
    this.name = 'InvalidTransitionError';
  }
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  const allowed = TRANSITIONS[from];
  if (!allowed) return true;
  return allowed.includes(to);
}

export function createOrder(id: string): Order {
  return { id, status: OrderStatus.Pending, history: [OrderStatus.Pending] };
}

export function advance(order: Order, to: OrderStatus): Order {
  if (!canTransition(order.status, to)) {
    throw new InvalidTransitionError(order.status, to);
  }
  return { ...order, status: to, history: [...order.history, to] };
}

export function isFinal(status: OrderStatus): boolean {
  return status === OrderStatus.Delivered || status === OrderStatus.Cancelled;
}
