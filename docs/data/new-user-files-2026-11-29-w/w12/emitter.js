'use strict';

// Small event bus used by the UI widgets (no dependency on node:events so it runs in the browser too).

class EventBus {
  constructor() {
    this.handlers = new Map();
  }

  on(event, fn) {
    if (typeof fn !== 'function') throw new TypeError('handler must be a function');
    if (!this.handlers.has(event)) this.handlers.set(event, []);
    this.handlers.get(event).push(fn);
    return () => this.off(event, fn);
  }

  once(event, fn) {
    const wrapper = (...args) => {
      this.off(event, wrapper);
      return fn(...args);
    };
    wrapper.original = fn;
    return this.on(event, wrapper);
  }

  off(event, fn) {
    const list = this.handlers.get(event);
    if (!list) return false;
    const idx = list.findIndex((h) => h === fn || h.original === fn);
    if (idx === -1) return false;
    list.splice(idx, 1);
    if (list.length === 0) this.handlers.delete(event);
    return true;
  }

  emit(event, ...args) {
    const list = this.handlers.get(event);
    if (!list) return 0;
    let called = 0;
    for (const fn of list) {
      fn(...args);
      called += 1;
    }
    return called;
  }

  listenerCount(event) {
    return (this.handlers.get(event) || []).length;
  }
}

module.exports = { EventBus };
