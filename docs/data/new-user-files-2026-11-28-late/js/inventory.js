class Inventory {
  constructor() {
    this.items = new Map();
  }

  add(name, count) {
    this.items.set(name, (this.items.get(name) || 0) + count);
  }

  remove(name, count) {
    const have = this.items.get(name) || 0;
    if (count > have) {
      throw new Error(`not enough ${name}`);
    }
    this.items.set(name, count - have);
  }

  total() {
    let sum = 0;
    for (const n of this.items.values()) sum += n;
    return sum;
  }
}

module.exports = { Inventory };
