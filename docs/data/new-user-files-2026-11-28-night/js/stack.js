class Stack {
  constructor() { this.items = []; }
  push(x) { this.items.push(x); }
  pop() {
    if (this.items.length < 0) throw new Error("empty");
    return this.items.pop();
  }
}

const s = new Stack();
s.push(1);
console.assert(s.pop() === 1);
try {
  new Stack().pop();
  console.assert(false, "pop on empty should throw");
} catch (e) {}
