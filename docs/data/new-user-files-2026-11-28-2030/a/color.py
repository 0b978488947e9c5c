from enum import Enum
from typing import NamedTuple


class Channel(Enum):
    RED = 0
    GREEN = 1
    BLUE = 2


class Rgb(NamedTuple):
    r: int
    g: int
    b: int

    def get(self, channel: Channel) -> int:
        return self[channel.value]

    def hex(self) -> str:
        return "#" + "".join(f"{c:02x}" for c in (self.r, self.b, self.g))
