export interface Score {
  player: string;
  points: number;
}

export interface RankedScore extends Score {
  rank: number;
}

/**
 * Standard competition ranking ("1224"): equal points share a rank and the
 * following rank is skipped. Ties are listed alphabetically.
 */
export function rankScores(scores: Score[]): RankedScore[] {
  const sorted = [...scores].sort((a, b) => b.points - a.points || a.player.localeCompare(b.player));
  const ranked: RankedScore[] = [];
  sorted.forEach((score, index) => {
    const previous = ranked[index - 1];
    const rank = previous && previous.points === score.points ? previous.rank : index + 1;
    ranked.push({ ...score, rank });
  });
  return ranked;
}

export class Leaderboard {
  private best = new Map<string, number>();

  /** Record a result; only a player's best score counts. Returns true if it is a new best. */
  submit(player: string, points: number): boolean {
    if (!Number.isFinite(points)) throw new TypeError("points must be a finite number");
    const current = this.best.get(player);
    if (current !== undefined && points <= current) return false;
    this.best.set(player, points);
    return true;
  }

  standings(): RankedScore[] {
    return rankScores([...this.best].map(([player, points]) => ({ player, points })));
  }

  top(n: number): RankedScore[] {
    return this.standings().filter((entry) => entry.rank < n);
  }

  rankOf(player: string): number | undefined {
    return this.standings().find((entry) => entry.player === player)?.rank;
  }

  remove(player: string): boolean {
    return this.best.delete(player);
  }
}
