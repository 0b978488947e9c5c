const { Temperature } = require('./temperature');

describe('Temperature', () => {
  test('celsius getter/setter', () => {
    const t = new Temperature(20);
    expect(t.celsius).toBe(20);
    t.celsius = 25.5;
    expect(t.toString()).toBe('25.5°C');
  });

  test('fahrenheit getter', () => {
    expect(new Temperature(100).fahrenheit).toBeCloseTo(212);
    expect(new Temperature(-40).fahrenheit).toBeCloseTo(-40);
  });

  test('fahrenheit setter converts to celsius', () => {
    const t = new Temperature(0);
    t.fahrenheit = 212;
    expect(t.celsius).toBeCloseTo(100);
  });

  test('fromFahrenheit factory', () => {
    expect(Temperature.fromFahrenheit(32).celsius).toBeCloseTo(0);
    expect(Temperature.fromFahrenheit(98.6).toString()).toBe('37.0°C');
  });

  test('fromKelvin factory', () => {
    expect(Temperature.fromKelvin(0).celsius).toBeCloseTo(-273.15);
    expect(Temperature.fromKelvin(300).kelvin).toBeCloseTo(300);
  });

  test.each([
    ['21C', 21],
    [' 70 °F', 21.111],
    ['273.15 k', 0],
  ])('parse(%s)', (text, celsius) => {
    expect(Temperature.parse(text).celsius).toBeCloseTo(celsius, 2);
  });

  test('rejects bad input', () => {
    expect(() => Temperature.parse('hot')).toThrow('Cannot parse');
    expect(() => new Temperature('20')).toThrow(TypeError);
    expect(() => new Temperature(-300)).toThrow(RangeError);
    expect(() => Temperature.fromFahrenheit(-500)).toThrow(RangeError);
  });
});
