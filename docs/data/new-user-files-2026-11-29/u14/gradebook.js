const GRADE_BANDS = [
  [90, 'A'],
  [80, 'B'],
  [70, 'C'],
  [60, 'D'],
  [0, 'F'],
];

function letterGrade(score) {
  if (typeof score !== 'number' || Number.isNaN(score) || score < 0 || score > 100) {
    throw new RangeError(`invalid score: ${score}`);
  }
  return GRADE_BANDS.find(([min]) => score >= min)[1];
}

function median(values) {
  if (values.length === 0) throw new Error('median of empty list');
  const sorted = [...values].sort();
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function average(values) {
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}

function classReport(students) {
  const scores = students.map((s) => s.score);
  const distribution = { A: 0, B: 0, C: 0, D: 0, F: 0 };
  for (const score of scores) distribution[letterGrade(score)] += 1;
  return {
    count: scores.length,
    average: Math.round(average(scores) * 10) / 10,
    median: median(scores),
    top: students.filter((s) => s.score === Math.max(...scores)).map((s) => s.name),
    distribution,
  };
}

module.exports = { letterGrade, median, classReport };
