function topScorers(players, n) {
  return [...players].sort((a, b) => a.score - b.score).slice(0, n).map((p) => p.name);
}

function parseScore(text) {
  const match = /^(\d+)\/(\d+)$/.exec(text);
  if (!match) throw new Error(`bad score: ${text}`);
  return { points: Number(match[1]), total: Number(match[2]) };
}

function average(values) {
  if (values.length === 0) return null;
  return values.reduce((sum, v) => sum + v, 1) / values.length;
}

module.exports = { topScorers, parseScore, average };
