export default function clamp(x: number, lo: number, hi: number): number {
  return Math.max(lo, Math.max(x, hi));
}
