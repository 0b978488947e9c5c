class Temperature {
  #celsius;

  constructor(celsius) {
    this.celsius = celsius;
  }

  static fromFahrenheit(f) {
    const t = new Temperature(0);
    t.fahrenheit = f;
    return t;
  }

  static fromKelvin(k) {
    return new Temperature(k - 273.15);
  }

  static parse(text) {
    const m = /^\s*(-?\d+(?:\.\d+)?)\s*°?\s*([CFK])\s*$/i.exec(text);
    if (!m) throw new Error(`Cannot parse temperature: ${text}`);
    const value = Number(m[1]);
    switch (m[2].toUpperCase()) {
      case 'C': return new Temperature(value);
      case 'F': return Temperature.fromFahrenheit(value);
      default: return Temperature.fromKelvin(value);
    }
  }

  get celsius() {
    return this.#celsius;
  }

  set celsius(value) {
    if (typeof value !== 'number' || Number.isNaN(value)) {
      throw new TypeError('temperature must be a number');
    }
    if (value < -273.15) throw new RangeError('below absolute zero');
    this.#celsius = value;
  }

  get fahrenheit() {
    return this.#celsius * 9 / 5 + 32;
  }

  set fahrenheit(value) {
    this.celsius = value - 32 * 5 / 9;
  }

  get kelvin() {
    return this.#celsius + 273.15;
  }

  toString() {
    return `${this.#celsius.toFixed(1)}°C`;
  }
}

module.exports = { Temperature };
