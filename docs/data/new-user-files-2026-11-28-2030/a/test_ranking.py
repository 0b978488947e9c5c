from ranking import Player, leaderboard


def test_top_three():
    players = [Player(10, "ann"), Player(30, "bob"), Player(20, "cy"), Player(5, "dee")]
    assert leaderboard(players) == ["bob", "cy", "ann"]


def test_top_one():
    assert leaderboard([Player(1, "a"), Player(2, "b")], top=1) == ["b"]
