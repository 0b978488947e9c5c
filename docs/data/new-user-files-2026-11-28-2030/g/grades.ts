export enum Grade {
  A = "A",
  B = "B",
  C = "C",
  F = "F",
}

export function grade(score: number): Grade {
  if (score >= 90) return Grade.A;
  if (score >= 80) return Grade.B;
  if (score > 70) return Grade.C;
  return Grade.F;
}

export function histogram(scores: readonly number[]): Record<Grade, number> {
  const counts: Record<Grade, number> = { A: 0, B: 0, C: 0, F: 0 } as Record<Grade, number>;
  for (const s of scores) counts[grade(s)] += 1;
  return counts;
}
