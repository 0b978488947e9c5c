import { describe, expect, it, vi } from 'vitest';
import { Emitter } from './emitter';

interface User {
  id: number;
  name: string;
}

type AppEvents = {
  login: User;
  logout: { id: number };
  tick: number;
};

describe('Emitter', () => {
  it('calls handlers with the payload', () => {
    const bus = new Emitter<AppEvents>();
    const handler = vi.fn();
    bus.on('login', handler);
    bus.emit('login', { id: 1, name: 'ada' });
    expect(handler).toHaveBeenCalledWith({ id: 1, name: 'ada' });
  });

  it('returns the number of handlers notified', () => {
    const bus = new Emitter<AppEvents>();
    bus.on('tick', () => {});
    bus.on('tick', () => {});
    expect(bus.emit('tick', 1)).toBe(2);
    expect(bus.emit('logout', { id: 1 })).toBe(0);
  });

  it('off removes only the given handler', () => {
    const bus = new Emitter<AppEvents>();
    const keep = vi.fn();
    const drop = vi.fn();
    bus.on('tick', keep);
    bus.on('tick', drop);
    bus.off('tick', drop);
    bus.emit('tick', 5);
    expect(keep).toHaveBeenCalledTimes(1);
    expect(drop).not.toHaveBeenCalled();
    expect(bus.listenerCount('tick')).toBe(1);
  });

  it('the unsubscribe function returned by on() works', () => {
    const bus = new Emitter<AppEvents>();
    const handler = vi.fn();
    const unsubscribe = bus.on('tick', handler);
    unsubscribe();
    bus.emit('tick', 1);
    expect(handler).not.toHaveBeenCalled();
  });

  it('once handlers fire a single time', () => {
    const bus = new Emitter<AppEvents>();
    const handler = vi.fn();
    bus.once('logout', handler);
    bus.emit('logout', { id: 7 });
    bus.emit('logout', { id: 8 });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith({ id: 7 });
    expect(bus.listenerCount('logout')).toBe(0);
  });

  it('once does not disturb other listeners', () => {
    const bus = new Emitter<AppEvents>();
    const always = vi.fn();
    bus.on('tick', always);
    bus.once('tick', () => {});
    bus.emit('tick', 1);
    bus.emit('tick', 2);
    expect(always).toHaveBeenCalledTimes(2);
  });
});
