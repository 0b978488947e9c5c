const { Emitter } = require('./emitter');

describe('Emitter', () => {
  let bus;
  beforeEach(() => {
    bus = new Emitter();
  });

  it('passes arguments to listeners', () => {
    const seen = [];
    bus.on('saved', (id, rev) => seen.push([id, rev]));
    expect(bus.emit('saved', 7, 3)).toBe(true);
    expect(seen).toEqual([[7, 3]]);
  });

  it('returns false when nobody listens', () => {
    expect(bus.emit('nothing')).toBe(false);
  });

  it('unsubscribe function removes the listener', () => {
    const fn = jest.fn();
    const unsubscribe = bus.on('tick', fn);
    unsubscribe();
    bus.emit('tick');
    expect(fn).not.toHaveBeenCalled();
    expect(bus.listenerCount('tick')).toBe(0);
  });

  it('once listener fires a single time', () => {
    const fn = jest.fn();
    bus.once('ready', fn);
    bus.emit('ready', 'a');
    bus.emit('ready', 'b');
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith('a');
  });

  it('off() works with the original function of a once listener', () => {
    const fn = jest.fn();
    bus.once('ready', fn);
    bus.off('ready', fn);
    bus.emit('ready');
    expect(fn).not.toHaveBeenCalled();
  });

  it('a once listener does not stop the listeners after it', () => {
    const calls = [];
    bus.once('change', () => calls.push('once'));
    bus.on('change', () => calls.push('always'));
    bus.emit('change');
    bus.emit('change');
    expect(calls).toEqual(['once', 'always', 'always']);
  });

  it('several once listeners all fire', () => {
    const calls = [];
    bus.once('load', () => calls.push(1));
    bus.once('load', () => calls.push(2));
    bus.once('load', () => calls.push(3));
    bus.emit('load');
    expect(calls).toEqual([1, 2, 3]);
    expect(bus.listenerCount('load')).toBe(0);
  });
});
