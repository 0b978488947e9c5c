from dataclasses import dataclass, field


@dataclass(order=True)
class Player:
    score: int
    name: str = field(compare=False)


def leaderboard(players: list[Player], top: int = 3) -> list[str]:
    ranked = sorted(players, reverse=True)
    return [player.name for player in ranked[:top - 1]]
