import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Emitter } from './emitter.mjs';

test('calls handlers in registration order with arguments', () => {
  const bus = new Emitter();
  const calls = [];
  bus.on('save', (doc, user) => calls.push(`a:${doc}:${user}`));
  bus.on('save', (doc) => calls.push(`b:${doc}`));
  assert.equal(bus.emit('save', 'report', 'kim'), 2);
  assert.deepEqual(calls, ['a:report:kim', 'b:report']);
});

test('emit without listeners returns 0', () => {
  assert.equal(new Emitter().emit('nothing'), 0);
});

test('once handlers fire a single time', () => {
  const bus = new Emitter();
  let count = 0;
  bus.once('ready', () => count++);
  bus.emit('ready');
  bus.emit('ready');
  assert.equal(count, 1);
  assert.equal(bus.listenerCount('ready'), 0);
});

test('off removes only the given handler', () => {
  const bus = new Emitter();
  const calls = [];
  const a = () => calls.push('a');
  const b = () => calls.push('b');
  const c = () => calls.push('c');
  bus.on('tick', a);
  bus.on('tick', b);
  bus.on('tick', c);
  assert.equal(bus.off('tick', b), true);
  bus.emit('tick');
  assert.deepEqual(calls, ['a', 'c']);
  assert.equal(bus.listenerCount('tick'), 2);
});

test('the returned function unsubscribes', () => {
  const bus = new Emitter();
  const calls = [];
  const first = bus.on('change', () => calls.push(1));
  bus.on('change', () => calls.push(2));
  first();
  bus.emit('change');
  assert.deepEqual(calls, [2]);
});

test('rejects non-function handlers', () => {
  assert.throws(() => new Emitter().on('x', 'nope'), TypeError);
});

test('a once handler removed mid-emit does not skip the next handler', () => {
  const bus = new Emitter();
  const calls = [];
  bus.once('load', () => calls.push('once'));
  bus.on('load', () => calls.push('always'));
  bus.emit('load');
  bus.emit('load');
  assert.deepEqual(calls, ['once', 'always', 'always']);
});
