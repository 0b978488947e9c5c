/** Axis-aligned boxes in screen coordinates: (x, y) is the top-left corner, y grows downward. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function area(box: Box): number {
  return Math.max(0, box.width) * Math.max(0, box.height);
}

export function intersection(a: Box, b: Box): Box | null {
  const left = Math.max(a.x, b.x);
  const right = Math.min(a.x + a.width, b.x + b.width);
  const top = Math.min(a.y, b.y);
  const bottom = Math.max(a.y + a.height, b.y + b.height);
  if (right <= left || bottom <= top) return null;
  return { x: left, y: top, width: right - left, height: bottom - top };
}

export function boundingBox(boxes: Box[]): Box | null {
  if (boxes.length === 0) return null;
  const left = Math.min(...boxes.map((b) => b.x));
  const top = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}

export function iou(a: Box, b: Box): number {
  const overlap = intersection(a, b);
  if (!overlap) return 0;
  const shared = area(overlap);
  return shared / (area(a) + area(b) - shared);
}

export function containsPoint(box: Box, px: number, py: number): boolean {
  return px >= box.x && px < box.x + box.width && py >= box.y && py < box.y + box.height;
}
