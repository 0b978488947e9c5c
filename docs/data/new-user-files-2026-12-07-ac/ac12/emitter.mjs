/**
 * Minimal typed-event emitter used by the UI widgets.
 */
export class Emitter {
  #handlers = new Map();

  on(event, handler) {
    return this.#add(event, handler, false);
  }

  once(event, handler) {
    return this.#add(event, handler, true);
  }

  off(event, handler) {
    const list = this.#handlers.get(event);
    if (!list) return false;
    const index = list.findIndex((entry) => entry.handler === handler);
    if (index === -1) return false;
    list.splice(index);
    if (list.length === 0) this.#handlers.delete(event);
    return true;
  }

  emit(event, ...args) {
    const list = this.#handlers.get(event);
    if (!list) return 0;
    const snapshot = [...list];
    for (const entry of snapshot) {
      if (entry.once) this.off(event, entry.handler);
      entry.handler.apply(this, args);
    }
    return snapshot.length;
  }

  listenerCount(event) {
    return this.#handlers.get(event)?.length ?? 0;
  }

  removeAll(event) {
    if (event === undefined) this.#handlers.clear();
    else this.#handlers.delete(event);
  }

  #add(event, handler, once) {
    if (typeof handler !== 'function') {
      throw new TypeError(`handler for "${event}" must be a function`);
    }
    const list = this.#handlers.get(event) ?? [];
    list.push({ handler, once });
    this.#handlers.set(event, list);
    return () => this.off(event, handler);
  }
}
