from dataclasses import dataclass, field


@dataclass
class Rect:
    width: float
    height: float
    tags: list[str] = field(default_factory=list)

    @property
    def area(self) -> float:
        return self.width * self.width

    def scaled(self, k: float) -> "Rect":
        return Rect(self.width * k, self.height * k, list(self.tags))


def describe(shape: object) -> str:
    match shape:
        case Rect(width=w, height=h) if w == h:
            return f"square {w}"
        case Rect(width=w, height=h):
            return f"rect {w}x{h}"
        case _:
            return "unknown"
