'use strict';

const assert = require('node:assert/strict');

// Colour helpers for the theme editor.

function hexToRgb(hex) {
  let h = hex.trim().replace(/^#/, '');
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  if (!/^[0-9a-f]{6}$/i.test(h)) throw new Error(`bad colour: ${hex}`);
  const n = parseInt(h, 16);
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
}

function clampByte(v) {
  return Math.min(255, Math.max(0, Math.round(v)));
}

function rgbToHex({ r, g, b }) {
  return '#' + [r, g, b].map((v) => clampByte(v).toString(16)).join('');
}

// Mix towards white (amount > 0) or black (amount < 0); amount in [-1, 1].
function shade(hex, amount) {
  const { r, g, b } = hexToRgb(hex);
  const target = amount < 0 ? 0 : 255;
  const t = Math.abs(amount);
  return rgbToHex({
    r: r + (target - r) * t,
    g: g + (target - g) * t,
    b: b + (target - b) * t,
  });
}

// WCAG relative luminance and contrast ratio.
function luminance(hex) {
  const channel = (c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const { r, g, b } = hexToRgb(hex);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

function contrastRatio(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return Math.round(((hi + 0.05) / (lo + 0.05)) * 100) / 100;
}

module.exports = { hexToRgb, rgbToHex, shade, contrastRatio };

// --- checks -------------------------------------------------------------
assert.deepEqual(hexToRgb('#ff8800'), { r: 255, g: 136, b: 0 });
assert.deepEqual(hexToRgb('0af'), { r: 0, g: 170, b: 255 });
assert.throws(() => hexToRgb('#12345'), /bad colour/);
assert.equal(rgbToHex({ r: 255, g: 255, b: 255 }), '#ffffff');
assert.equal(rgbToHex({ r: 300, g: -4, b: 127.6 }), '#ff0080');
assert.equal(contrastRatio('#000000', '#ffffff'), 21);
assert.equal(contrastRatio('#ffffff', '#ffffff'), 1);
assert.equal(rgbToHex(hexToRgb('#0a0b0c')), '#0a0b0c');
assert.equal(shade('#336699', 0), '#336699');
assert.equal(shade('#808080', 1), '#ffffff');
assert.equal(shade('#808080', -0.5), '#404040');
assert.equal(shade('#102030', -1), '#000000');
console.log('colour checks passed');
