import assert from 'node:assert/strict';

/**
 * Geometry helpers for the floor-plan editor. Points are [x, y] pairs,
 * rectangles are { x, y, width, height } with (x, y) the top-left corner.
 */

/** Area of a simple polygon (shoelace formula); works for either winding order. */
export function polygonArea(points) {
  if (points.length < 3) return 0;
  let twice = 0;
  for (let i = 0; i < points.length - 1; i++) {
    const [x1, y1] = points[i];
    const [x2, y2] = points[(i + 1) % points.length];
    twice += x1 * y2 - x2 * y1;
  }
  return Math.abs(twice) / 2;
}

export function boundingBox(points) {
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/** True if the point lies inside the rectangle or on its edge. */
export function rectContains(rect, [px, py]) {
  return (
    px >= rect.x && px <= rect.x + rect.width &&
    py >= rect.y && py <= rect.y + rect.width
  );
}

/** Rooms whose bounding box contains the given point. */
export function roomsAt(rooms, point) {
  return rooms.filter((room) => rectContains(boundingBox(room.outline), point)).map((r) => r.name);
}

// --- checks ---------------------------------------------------------------
const unitSquare = [[0, 0], [1, 0], [1, 1], [0, 1]];
const triangle = [[0, 0], [4, 0], [0, 3]];
const office = [[2, 1], [8, 1], [8, 4], [2, 4]];
const hall = [[0, 4], [10, 4], [10, 6], [0, 6]];

assert.equal(polygonArea(unitSquare), 1);
assert.equal(polygonArea(triangle), 6);
assert.equal(polygonArea([[0, 0], [1, 1]]), 0);
assert.deepEqual(boundingBox(office), { x: 2, y: 1, width: 6, height: 3 });
assert.equal(rectContains({ x: 0, y: 0, width: 2, height: 2 }, [2, 1]), true);
assert.equal(rectContains({ x: 0, y: 0, width: 2, height: 2 }, [3, 1]), false);

assert.equal(polygonArea(office), 18);
assert.equal(polygonArea([...hall].reverse()), 20);
assert.deepEqual(roomsAt([{ name: 'office', outline: office }, { name: 'hall', outline: hall }], [5, 5.5]), ['hall']);
assert.deepEqual(roomsAt([{ name: 'office', outline: office }], [5, 6]), []);
console.log('polygon.mjs: all checks passed');
