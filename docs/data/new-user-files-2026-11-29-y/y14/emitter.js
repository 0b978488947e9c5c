'use strict';

/** Tiny event emitter for the UI store (no wildcard or error-event magic). */
class Emitter {
  constructor() {
    this._listeners = new Map();
  }

  /** Subscribe; returns a function that unsubscribes. */
  on(event, fn) {
    if (!this._listeners.has(event)) this._listeners.set(event, []);
    this._listeners.get(event).push(fn);
    return () => this.off(event, fn);
  }

  /** Subscribe for a single call only. */
  once(event, fn) {
    const wrapper = (...args) => {
      this.off(event, wrapper);
      fn(...args);
    };
    wrapper.original = fn;
    return this.on(event, wrapper);
  }

  off(event, fn) {
    const list = this._listeners.get(event);
    if (!list) return;
    const index = list.findIndex((l) => l === fn || l.original === fn);
    if (index !== -1) list.splice(index, 1);
    if (list.length === 0) this._listeners.delete(event);
  }

  /** Call every listener for `event`; returns false if there were none. */
  emit(event, ...args) {
    const list = this._listeners.get(event);
    if (!list) return false;
    for (const fn of list) {
      fn(...args);
    }
    return true;
  }

  listenerCount(event) {
    const list = this._listeners.get(event);
    return list ? list.length : 0;
  }
}

module.exports = { Emitter };
