import { describe, it, expect, vi } from 'vitest';
import { Emitter } from './emitter.js';

describe('Emitter', () => {
  it('calls listeners with the emitted arguments', () => {
    const bus = new Emitter();
    const handler = vi.fn();
    bus.on('saved', handler);
    expect(bus.emit('saved', { id: 1 }, 'draft')).toBe(true);
    expect(handler).toHaveBeenCalledWith({ id: 1 }, 'draft');
  });

  it('returns false when nobody listens', () => {
    expect(new Emitter().emit('nothing')).toBe(false);
  });

  it('calls listeners in registration order', () => {
    const bus = new Emitter();
    const calls = [];
    bus.on('tick', () => calls.push('a'));
    bus.on('tick', () => calls.push('b'));
    bus.emit('tick');
    expect(calls).toEqual(['a', 'b']);
  });

  it('unsubscribes with off() or the returned function', () => {
    const bus = new Emitter();
    const a = vi.fn();
    const b = vi.fn();
    bus.on('x', a);
    const unsubscribe = bus.on('x', b);
    bus.off('x', a);
    unsubscribe();
    bus.emit('x');
    expect(a).not.toHaveBeenCalled();
    expect(b).not.toHaveBeenCalled();
    expect(bus.listenerCount('x')).toBe(0);
  });

  it('once() listeners fire a single time', () => {
    const bus = new Emitter();
    const handler = vi.fn();
    bus.once('ready', handler);
    bus.emit('ready');
    bus.emit('ready');
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('a once() listener does not stop the next listener from running', () => {
    const bus = new Emitter();
    const first = vi.fn();
    const second = vi.fn();
    bus.once('connect', first);
    bus.on('connect', second);
    bus.emit('connect');
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('several waitFor() promises all resolve', async () => {
    const bus = new Emitter();
    const a = bus.waitFor('done');
    const b = bus.waitFor('done');
    bus.emit('done', 200);
    await expect(Promise.race([
      Promise.all([a, b]),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timed out')), 50)),
    ])).resolves.toEqual([[200], [200]]);
  });

  it('a once() listener can be removed before it fires', () => {
    const bus = new Emitter();
    const handler = vi.fn();
    bus.once('x', handler);
    bus.off('x', handler);
    bus.emit('x');
    expect(handler).not.toHaveBeenCalled();
  });
});
