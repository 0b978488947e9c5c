import { area, boundingBox, contains, isClockwise, perimeter, Point } from "./polygon";

const pts = (...coords: [number, number][]): Point[] => coords.map(([x, y]) => ({ x, y }));

const square = pts([0, 0], [4, 0], [4, 4], [0, 4]);

describe("area", () => {
  it("of a square at the origin", () => {
    expect(area(square)).toBe(16);
  });

  it("does not depend on vertex order", () => {
    expect(area([...square].reverse())).toBe(16);
  });

  it("of a triangle away from the origin", () => {
    expect(area(pts([1, 1], [5, 1], [3, 4]))).toBe(6);
  });

  it("of an L-shaped room", () => {
    const room = pts([2, 1], [8, 1], [8, 4], [5, 4], [5, 7], [2, 7]);
    expect(area(room)).toBe(27);
  });
});

describe("orientation", () => {
  it("detects clockwise order", () => {
    expect(isClockwise(square)).toBe(false);
    expect(isClockwise([...square].reverse())).toBe(true);
  });
});

describe("perimeter and bounding box", () => {
  it("perimeter of a 3-4-5 triangle", () => {
    expect(perimeter(pts([0, 0], [3, 0], [0, 4]))).toBeCloseTo(12);
  });

  it("bounding box", () => {
    expect(boundingBox(pts([1, 5], [-2, 3], [4, -1]))).toEqual({
      min: { x: -2, y: -1 },
      max: { x: 4, y: 5 },
    });
  });
});

describe("contains", () => {
  it("inside and outside points", () => {
    expect(contains(square, { x: 2, y: 2 })).toBe(true);
    expect(contains(square, { x: 5, y: 2 })).toBe(false);
    expect(contains(square, { x: -1, y: -1 })).toBe(false);
  });
});
