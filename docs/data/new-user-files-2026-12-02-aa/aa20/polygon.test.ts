import test from 'node:test';
import assert from 'node:assert/strict';
import { Polygon } from './polygon';

const square = Polygon.fromPairs([[0, 0], [4, 0], [4, 4], [0, 4]]);
const triangle = Polygon.fromPairs([[0, 0], [3, 0], [0, 4]]);

test('area of a square and a right triangle', () => {
  assert.equal(square.area(), 16);
  assert.equal(triangle.area(), 6);
});

test('area does not depend on winding order', () => {
  const clockwise = Polygon.fromPairs([[0, 0], [0, 4], [4, 4], [4, 0]]);
  assert.equal(clockwise.area(), 16);
});

test('perimeter of a square', () => {
  assert.equal(square.perimeter(), 16);
});

test('perimeter of a 3-4-5 triangle', () => {
  assert.equal(triangle.perimeter(), 12);
});

test('bounding box', () => {
  const poly = Polygon.fromPairs([[1, 5], [-2, 3], [4, -1]]);
  assert.deepEqual(poly.boundingBox(), { min: { x: -2, y: -1 }, max: { x: 4, y: 5 } });
});

test('contains points inside and rejects points outside', () => {
  assert.equal(square.contains({ x: 2, y: 2 }), true);
  assert.equal(square.contains({ x: 5, y: 2 }), false);
  assert.equal(triangle.contains({ x: 1, y: 1 }), true);
  assert.equal(triangle.contains({ x: 2.5, y: 2.5 }), false);
});

test('contains works for a concave L shape', () => {
  const l = Polygon.fromPairs([[0, 0], [6, 0], [6, 2], [2, 2], [2, 6], [0, 6]]);
  assert.equal(l.contains({ x: 1, y: 5 }), true);
  assert.equal(l.contains({ x: 4, y: 4 }), false);
  assert.equal(l.area(), 20);
});

test('needs at least three points', () => {
  assert.throws(() => Polygon.fromPairs([[0, 0], [1, 1]]), /at least 3 points/);
});
