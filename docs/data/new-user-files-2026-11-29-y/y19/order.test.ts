import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Order } from './order';

function fakeClock(start = 0) {
  let now = start;
  const clock = () => now;
  const advance = (ms: number) => { now += ms; };
  return { clock, advance };
}

test('new orders are pending', () => {
  const order = new Order('A1');
  assert.equal(order.state, 'pending');
  assert.equal(order.isFinal, false);
});

test('happy path to delivered', () => {
  const order = new Order('A2');
  order.moveTo('paid');
  order.moveTo('shipped');
  order.moveTo('delivered');
  assert.equal(order.state, 'delivered');
  assert.equal(order.isFinal, true);
});

test('illegal transitions throw and leave state alone', () => {
  const order = new Order('A3');
  assert.throws(() => order.moveTo('shipped'), /cannot go from pending to shipped/);
  assert.equal(order.state, 'pending');
  assert.equal(order.history.length, 0);
});

test('cancelled orders are final', () => {
  const order = new Order('A4');
  order.moveTo('cancelled');
  assert.equal(order.canMoveTo('paid'), false);
  assert.equal(order.isFinal, true);
});

test('history records where each transition came from', () => {
  const { clock, advance } = fakeClock(1000);
  const order = new Order('A5', clock);
  advance(10);
  order.moveTo('paid');
  advance(20);
  order.moveTo('shipped');
  assert.deepEqual(order.history, [
    { from: 'pending', to: 'paid', at: 1010 },
    { from: 'paid', to: 'shipped', at: 1030 },
  ]);
});

test('time spent in each state', () => {
  const { clock, advance } = fakeClock();
  const order = new Order('A6', clock);
  advance(5_000);
  order.moveTo('paid');
  advance(60_000);
  order.moveTo('shipped');
  advance(1_000);
  assert.equal(order.timeIn('pending'), 5_000);
  assert.equal(order.timeIn('paid'), 60_000);
  assert.equal(order.timeIn('shipped'), 1_000);
});
