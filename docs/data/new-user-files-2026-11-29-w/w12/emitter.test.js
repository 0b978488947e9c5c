'use strict';

const { describe, it } = require('node:test');
const assert = require('node:assert/strict');
const { EventBus } = require('./emitter');

describe('EventBus', () => {
  it('calls handlers in registration order with arguments', () => {
    const bus = new EventBus();
    const seen = [];
    bus.on('save', (doc) => seen.push(`a:${doc}`));
    bus.on('save', (doc) => seen.push(`b:${doc}`));
    assert.equal(bus.emit('save', 'x'), 2);
    assert.deepEqual(seen, ['a:x', 'b:x']);
  });

  it('returns 0 when nobody listens', () => {
    assert.equal(new EventBus().emit('nothing'), 0);
  });

  it('unsubscribe function removes the handler', () => {
    const bus = new EventBus();
    let n = 0;
    const unsubscribe = bus.on('tick', () => n++);
    bus.emit('tick');
    unsubscribe();
    bus.emit('tick');
    assert.equal(n, 1);
    assert.equal(bus.listenerCount('tick'), 0);
  });

  it('once handler runs a single time', () => {
    const bus = new EventBus();
    let n = 0;
    bus.once('ready', () => n++);
    bus.emit('ready');
    bus.emit('ready');
    assert.equal(n, 1);
  });

  it('handlers after a once handler still run', () => {
    const bus = new EventBus();
    const seen = [];
    bus.once('load', () => seen.push('first'));
    bus.on('load', () => seen.push('second'));
    bus.on('load', () => seen.push('third'));
    assert.equal(bus.emit('load'), 3);
    assert.deepEqual(seen, ['first', 'second', 'third']);
  });

  it('off() works with the original function of a once handler', () => {
    const bus = new EventBus();
    const fn = () => assert.fail('should have been removed');
    bus.once('close', fn);
    assert.equal(bus.off('close', fn), true);
    assert.equal(bus.emit('close'), 0);
  });

  it('rejects non-function handlers', () => {
    assert.throws(() => new EventBus().on('x', 'nope'), TypeError);
  });
});
