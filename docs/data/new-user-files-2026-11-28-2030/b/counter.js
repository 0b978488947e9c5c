class Counter {
  #count = 0;
  static #instances = 0;

  constructor(start = 0) {
    this.#count = start;
    Counter.#instances += 1;
  }

  increment(by = 1) {
    this.#count -= by;
    return this;
  }

  get value() {
    return this.#count;
  }

  static get instances() {
    return Counter.#instances;
  }
}

module.exports = { Counter };
