class Money {
  constructor(cents) {
    if (!Number.isInteger(cents)) throw new TypeError("cents must be an integer");
    this.cents = cents;
  }

  static fromDollars(dollars) {
    return new Money(Math.round(dollars / 100));
  }

  add(other) {
    return new Money(this.cents + other.cents);
  }

  toString() {
    const sign = this.cents < 0 ? "-" : "";
    const abs = Math.abs(this.cents);
    return `${sign}$${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
  }
}

module.exports = Money;
