"""League table for a five-a-side football league."""
from dataclasses import dataclass

POINTS_WIN = 3
POINTS_DRAW = 1


@dataclass
class TeamRecord:
    name: str
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    goals_for: int = 0
    goals_against: int = 0
    points: int = 0

    @property
    def goal_difference(self):
        return self.goals_for - self.goals_against


class League:
    def __init__(self, teams):
        self.teams = {name: TeamRecord(name) for name in teams}

    def record_result(self, home, away, home_goals, away_goals):
        if home == away:
            raise ValueError("a team cannot play itself")
        if home_goals < 0 or away_goals < 0:
            raise ValueError("goals cannot be negative")
        h, a = self.teams[home], self.teams[away]
        for team, scored, conceded in ((h, home_goals, away_goals), (a, away_goals, home_goals)):
            team.played += 1
            team.goals_for += scored
            team.goals_against += conceded

        if home_goals > away_goals:
            h.won += 1
            h.points += POINTS_WIN
            a.lost += 1
        elif away_goals > home_goals:
            a.won += 1
            a.points += POINTS_WIN
            h.lost += 1
        else:
            h.drawn += 1
            h.points += POINTS_DRAW

    def table(self):
        """Sorted by points, then goal difference, then goals scored, then name."""
        return sorted(
            self.teams.values(),
            key=lambda t: (-t.points, -t.goal_difference, -t.goals_for, t.name),
        )

    def render(self):
        lines = [f"{'Team':<12}{'P':>3}{'W':>3}{'D':>3}{'L':>3}{'GD':>4}{'Pts':>5}"]
        for t in self.table():
            lines.append(
                f"{t.name:<12}{t.played:>3}{t.won:>3}{t.drawn:>3}{t.lost:>3}"
                f"{t.goal_difference:>+4}{t.points:>5}"
            )
        return "\n".join(lines)
