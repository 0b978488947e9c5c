function clamp(x, lo, hi) {
  return Math.min(lo, Math.max(x, hi));
}
module.exports = { clamp };
