from dataclasses import dataclass


@dataclass
class TeamRecord:
    name: str
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    goals_for: int = 0
    goals_against: int = 0

    @property
    def points(self):
        return self.won * 3 + self.drawn

    @property
    def goal_diff(self):
        return self.goals_for - self.goals_against

    def add_result(self, scored, conceded):
        self.played += 1
        self.goals_for += scored
        self.goals_against += conceded
        if scored > conceded:
            self.won += 1
        elif scored == conceded:
            self.drawn += 1
        else:
            self.lost += 1


class League:
    def __init__(self, teams):
        if len(set(teams)) != len(teams):
            raise ValueError("duplicate team names")
        self.records = {team: TeamRecord(team) for team in teams}

    def record_match(self, home, away, home_goals, away_goals):
        if home == away:
            raise ValueError("a team cannot play itself")
        for team in (home, away):
            if team not in self.records:
                raise KeyError(f"unknown team: {team}")
        self.records[home].add_result(home_goals, away_goals)
        self.records[away].add_result(away_goals, home_goals)

    def standings(self):
        """Order by points, then goal difference, then goals scored, then name."""
        teams = self.records.values()
        return sorted(teams, key=lambda r: (r.points, r.goal_diff, r.goals_for, r.name), reverse=True)

    def table(self):
        lines = [f"{'#':>2} {'Team':<12} {'P':>2} {'GD':>3} {'Pts':>3}"]
        for pos, r in enumerate(self.standings(), start=1):
            lines.append(f"{pos:>2} {r.name:<12} {r.played:>2} {r.goal_diff:>+3} {r.points:>3}")
        return "\n".join(lines)
