import pytest

from league import League, TeamRecord


class TestTeamRecord:
    def test_win_draw_loss(self):
        record = TeamRecord("Rovers")
        record.add_result(2, 0)
        record.add_result(1, 1)
        record.add_result(0, 3)
        assert (record.played, record.won, record.drawn, record.lost) == (3, 1, 1, 1)
        assert record.points == 4
        assert record.goal_diff == -1


class TestLeague:
    @pytest.fixture
    def league(self):
        return League(["Athletic", "City", "Rovers", "United"])

    def names(self, league):
        return [r.name for r in league.standings()]

    def test_ordered_by_points(self, league):
        league.record_match("City", "Rovers", 1, 0)
        league.record_match("United", "Athletic", 2, 2)
        assert self.names(league)[0] == "City"
        assert self.names(league)[-1] == "Rovers"

    def test_goal_difference_breaks_ties(self, league):
        league.record_match("City", "Rovers", 1, 0)
        league.record_match("United", "Athletic", 4, 0)
        assert self.names(league)[:2] == ["United", "City"]

    def test_goals_scored_breaks_ties(self, league):
        league.record_match("City", "Rovers", 3, 2)
        league.record_match("United", "Athletic", 1, 0)
        assert self.names(league)[:2] == ["City", "United"]

    def test_alphabetical_when_level(self, league):
        league.record_match("United", "Athletic", 1, 1)
        league.record_match("Rovers", "City", 1, 1)
        assert self.names(league) == ["Athletic", "City", "Rovers", "United"]

    def test_table_before_any_matches(self, league):
        assert league.table().splitlines()[1:] == [
            " 1 Athletic      0  +0   0",
            " 2 City          0  +0   0",
            " 3 Rovers        0  +0   0",
            " 4 United        0  +0   0",
        ]

    def test_unknown_team(self, league):
        with pytest.raises(KeyError):
            league.record_match("City", "Wanderers", 1, 0)

    def test_team_cannot_play_itself(self, league):
        with pytest.raises(ValueError):
            league.record_match("City", "City", 0, 0)

    def test_duplicate_names_rejected(self):
        with pytest.raises(ValueError):
            League(["City", "City"])
