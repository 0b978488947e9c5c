type Handler<P> = (payload: P) => void;

/** Tiny typed event emitter: `new Emitter<{ login: User; logout: void }>()` */
export class Emitter<Events extends Record<string, unknown>> {
  private handlers: { [K in keyof Events]?: Handler<Events[K]>[] } = {};

  on<K extends keyof Events>(event: K, handler: Handler<Events[K]>): () => void {
    (this.handlers[event] ??= []).push(handler);
    return () => this.off(event, handler);
  }

  off<K extends keyof Events>(event: K, handler: Handler<Events[K]>): void {
    const list = this.handlers[event];
    if (!list) return;
    this.handlers[event] = list.filter((h) => h === handler);
  }

  once<K extends keyof Events>(event: K, handler: Handler<Events[K]>): void {
    const wrapper: Handler<Events[K]> = (payload) => {
      this.off(event, handler);
      handler(payload);
    };
    this.on(event, wrapper);
  }

  emit<K extends keyof Events>(event: K, payload: Events[K]): number {
    const list = [...(this.handlers[event] ?? [])];
    list.forEach((h) => h(payload));
    return list.length;
  }

  listenerCount<K extends keyof Events>(event: K): number {
    return this.handlers[event]?.length ?? 0;
  }
}
