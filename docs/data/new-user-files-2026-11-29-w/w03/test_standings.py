import pytest

from standings import League


@pytest.fixture
def league():
    return League(["Rovers", "United", "Athletic", "Wanderers"])


def names(league):
    return [t.name for t in league.table()]


def test_win_gives_three_points(league):
    league.record_result("Rovers", "United", 2, 0)
    assert league.teams["Rovers"].points == 3
    assert league.teams["United"].points == 0
    assert league.teams["United"].lost == 1


def test_away_win(league):
    league.record_result("Rovers", "United", 1, 4)
    assert league.teams["United"].won == 1
    assert league.teams["United"].goal_difference == 3
    assert league.teams["Rovers"].goal_difference == -3


def test_draw_gives_both_teams_a_point(league):
    league.record_result("Athletic", "Wanderers", 1, 1)
    assert league.teams["Athletic"].points == 1
    assert league.teams["Wanderers"].points == 1
    assert league.teams["Wanderers"].drawn == 1


def test_played_counts_both_sides(league):
    league.record_result("Athletic", "Wanderers", 0, 0)
    league.record_result("Rovers", "Athletic", 3, 2)
    assert league.teams["Athletic"].played == 2
    assert league.teams["Wanderers"].played == 1


def test_table_orders_by_goal_difference_then_goals(league):
    league.record_result("Rovers", "Athletic", 3, 0)
    league.record_result("United", "Wanderers", 4, 1)
    league.record_result("Athletic", "Wanderers", 2, 2)
    # Rovers and United both 3 pts, +3 GD; United scored more.
    # Athletic and Wanderers both 1 pt, -3 GD; Wanderers scored more.
    assert names(league) == ["United", "Rovers", "Wanderers", "Athletic"]


def test_table_after_draws_only(league):
    league.record_result("Wanderers", "Rovers", 1, 1)
    league.record_result("United", "Athletic", 0, 0)
    # everyone on 1 point and 0 GD; goals scored then name decide
    assert names(league) == ["Rovers", "Wanderers", "Athletic", "United"]


@pytest.mark.parametrize("home, away, hg, ag", [("Rovers", "Rovers", 1, 0), ("Rovers", "United", -1, 0)])
def test_invalid_results_rejected(league, home, away, hg, ag):
    with pytest.raises(ValueError):
        league.record_result(home, away, hg, ag)


def test_render_header_and_rows(league):
    league.record_result("Rovers", "United", 2, 1)
    lines = league.render().splitlines()
    assert lines[0].split() == ["Team", "P", "W", "D", "L", "GD", "Pts"]
    assert lines[1].split() == ["Rovers", "1", "1", "0", "0", "+1", "3"]
    assert len(lines) == 5
