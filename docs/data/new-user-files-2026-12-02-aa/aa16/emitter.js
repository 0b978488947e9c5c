export class Emitter {
  #listeners = new Map();

  on(event, listener) {
    if (typeof listener !== 'function') {
      throw new TypeError('listener must be a function');
    }
    if (!this.#listeners.has(event)) this.#listeners.set(event, []);
    this.#listeners.get(event).push(listener);
    return () => this.off(event, listener);
  }

  once(event, listener) {
    const wrapper = (...args) => {
      this.off(event, wrapper);
      listener.apply(this, args);
    };
    wrapper.original = listener;
    return this.on(event, wrapper);
  }

  off(event, listener) {
    const list = this.#listeners.get(event);
    if (!list) return;
    const idx = list.findIndex((l) => l === listener || l.original === listener);
    if (idx !== -1) list.splice(idx, 1);
    if (list.length === 0) this.#listeners.delete(event);
  }

  emit(event, ...args) {
    const list = this.#listeners.get(event);
    if (!list) return false;
    for (let i = 0; i < list.length; i++) {
      list[i].apply(this, args);
    }
    return true;
  }

  listenerCount(event) {
    return this.#listeners.get(event)?.length ?? 0;
  }

  waitFor(event) {
    return new Promise((resolve) => this.once(event, (...args) => resolve(args)));
  }
}
