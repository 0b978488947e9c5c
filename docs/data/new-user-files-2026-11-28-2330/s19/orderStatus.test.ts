import { describe, expect, it } from '@jest/globals';
import {
  advance,
  canTransition,
  createOrder,
  InvalidTransitionError,
  isFinal,
  OrderStatus,
} from './orderStatus';

describe('order status workflow', () => {
  it('new orders start pending', () => {
    const order = createOrder('A-1');
    expect(order.status).toBe(OrderStatus.Pending);
    expect(order.history).toEqual([OrderStatus.Pending]);
  });

  it('follows the happy path and records history', () => {
    let order = createOrder('A-1');
    order = advance(order, OrderStatus.Paid);
    order = advance(order, OrderStatus.Shipped);
    order = advance(order, OrderStatus.Delivered);
    expect(order.history).toEqual(['pending', 'paid', 'shipped', 'delivered']);
    expect(isFinal(order.status)).toBe(true);
  });

  it('does not mutate the original order', () => {
    const order = createOrder('A-1');
    advance(order, OrderStatus.Paid);
    expect(order.status).toBe(OrderStatus.Pending);
  });

  it('cannot ship an unpaid order', () => {
    expect(() => advance(createOrder('A-2'), OrderStatus.Shipped)).toThrow(InvalidTransitionError);
  });

  it.each([
    [OrderStatus.Delivered, OrderStatus.Cancelled],
    [OrderStatus.Delivered, OrderStatus.Pending],
    [OrderStatus.Cancelled, OrderStatus.Paid],
    [OrderStatus.Shipped, OrderStatus.Cancelled],
  ])('rejects %s -> %s', (from, to) => {
    expect(canTransition(from, to)).toBe(false);
  });

  it('a delivered order cannot be cancelled', () => {
    let order = createOrder('A-3');
    for (const s of [OrderStatus.Paid, OrderStatus.Shipped, OrderStatus.Delivered]) {
      order = advance(order, s);
    }
    expect(() => advance(order, OrderStatus.Cancelled)).toThrow(
      'Cannot move order from delivered to cancelled',
    );
  });
});
