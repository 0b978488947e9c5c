import { Leaderboard, rankScores } from "./leaderboard";

describe("rankScores", () => {
  it("ranks by points, highest first", () => {
    const ranked = rankScores([
      { player: "bo", points: 50 },
      { player: "al", points: 80 },
      { player: "cy", points: 65 },
    ]);
    expect(ranked.map((r) => [r.player, r.rank])).toEqual([
      ["al", 1],
      ["cy", 2],
      ["bo", 3],
    ]);
  });

  it("gives tied players the same rank and skips the next one", () => {
    const ranked = rankScores([
      { player: "dee", points: 70 },
      { player: "ann", points: 90 },
      { player: "cat", points: 70 },
      { player: "bob", points: 60 },
    ]);
    expect(ranked).toEqual([
      { player: "ann", points: 90, rank: 1 },
      { player: "cat", points: 70, rank: 2 },
      { player: "dee", points: 70, rank: 2 },
      { player: "bob", points: 60, rank: 4 },
    ]);
  });

  it("returns an empty list for no scores", () => {
    expect(rankScores([])).toEqual([]);
  });
});

describe("Leaderboard", () => {
  let board: Leaderboard;

  beforeEach(() => {
    board = new Leaderboard();
    board.submit("mia", 120);
    board.submit("leo", 150);
    board.submit("ivy", 120);
    board.submit("max", 90);
  });

  it("keeps only each player's best score", () => {
    expect(board.submit("mia", 100)).toBe(false);
    expect(board.submit("mia", 160)).toBe(true);
    expect(board.rankOf("mia")).toBe(1);
  });

  it("top(n) includes everyone tied within the cut-off", () => {
    expect(board.top(2).map((e) => e.player)).toEqual(["leo", "ivy", "mia"]);
  });

  it("reports ranks after ties", () => {
    expect(board.rankOf("max")).toBe(4);
    expect(board.rankOf("nobody")).toBeUndefined();
  });

  it("rejects non-numeric scores", () => {
    expect(() => board.submit("zed", Number.NaN)).toThrow(TypeError);
  });

  it("removing a player re-ranks the rest", () => {
    board.remove("leo");
    expect(board.standings().map((e) => e.rank)).toEqual([1, 1, 3]);
  });
});
