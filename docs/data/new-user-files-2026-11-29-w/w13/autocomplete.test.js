'use strict';

const { test, beforeEach } = require('node:test');
const assert = require('node:assert/strict');
const { Autocomplete } = require('./autocomplete');

let ac;

beforeEach(() => {
  ac = new Autocomplete();
  ac.record('react', 40);
  ac.record('redux', 12);
  ac.record('regex', 25);
  ac.record('rest api', 3);
  ac.record('recursion', 7);
  ac.record('rust', 30);
  ac.record('python', 50);
});

test('records terms case-insensitively and counts hits', () => {
  ac.record('  React ');
  assert.equal(ac.count('react'), 41);
  assert.equal(ac.size, 7);
});

test('unknown prefix gives no suggestions', () => {
  assert.deepEqual(ac.suggest('java'), []);
});

test('returns every match when under the limit', () => {
  assert.deepEqual(ac.suggest('ru'), ['rust']);
  assert.deepEqual(ac.suggest('re', 10), ['react', 'regex', 'redux', 'recursion', 'rest api']);
});

test('limit keeps the most searched terms, not the alphabetically first', () => {
  assert.deepEqual(ac.suggest('re', 2), ['react', 'regex']);
});

test('top suggestion for a short prefix', () => {
  assert.deepEqual(ac.suggest('r', 1), ['react']);
});

test('ties are broken alphabetically', () => {
  ac.record('rollup', 30);
  assert.deepEqual(ac.suggest('r', 3), ['react', 'rollup', 'rust']);
});

test('empty records are ignored', () => {
  ac.record('   ');
  assert.equal(ac.size, 7);
});
