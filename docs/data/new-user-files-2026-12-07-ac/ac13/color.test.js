const {
  parseHex,
  toHex,
  rgbToHsl,
  hslToRgb,
  adjustLightness,
  contrastRatio,
} = require('./color');

describe('hex parsing', () => {
  test('parses six-digit and shorthand hex', () => {
    expect(parseHex('#ff8000')).toEqual({ r: 255, g: 128, b: 0 });
    expect(parseHex('0af')).toEqual({ r: 0, g: 170, b: 255 });
  });

  test('rejects invalid input', () => {
    expect(() => parseHex('#12345')).toThrow('Invalid hex color');
    expect(() => parseHex('zzzzzz')).toThrow();
  });

  test('formats back to hex', () => {
    expect(toHex({ r: 255, g: 128, b: 0 })).toBe('#ff8000');
  });
});

describe('hsl conversion', () => {
  test('converts primary colors and grays', () => {
    expect(rgbToHsl({ r: 255, g: 0, b: 0 })).toEqual({ h: 0, s: 100, l: 50 });
    expect(rgbToHsl({ r: 0, g: 0, b: 255 })).toEqual({ h: 240, s: 100, l: 50 });
    expect(rgbToHsl({ r: 128, g: 128, b: 128 })).toEqual({ h: 0, s: 0, l: 50 });
  });

  test('converts hsl back to rgb', () => {
    expect(hslToRgb({ h: 120, s: 100, l: 25 })).toEqual({ r: 0, g: 128, b: 0 });
    expect(hslToRgb({ h: 0, s: 0, l: 100 })).toEqual({ r: 255, g: 255, b: 255 });
  });
});

describe('adjustLightness', () => {
  test('lightens and darkens', () => {
    expect(adjustLightness('#808080', 25)).toBe('#bfbfbf');
    expect(adjustLightness('#ff0000', -25)).toBe('#800000');
  });

  test('clamps at white and black', () => {
    expect(adjustLightness('#eeeeee', 40)).toBe('#ffffff');
    expect(adjustLightness('#333333', -50)).toBe('#000000');
  });
});

describe('contrastRatio', () => {
  test('black on white is 21:1 regardless of order', () => {
    expect(contrastRatio('#000', '#fff')).toBe(21);
    expect(contrastRatio('#ffffff', '#000000')).toBe(21);
  });

  test('same color has no contrast', () => {
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });
});
