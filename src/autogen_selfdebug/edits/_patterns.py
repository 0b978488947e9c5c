"""Repairs inside regular expressions, the same for Python's ``re`` and JavaScript's regex literals."""

from __future__ import annotations

import re

__all__ = ["one_character_groups"]

# A group, capturing or named, that holds one digit, word or space character, or one positive class, with no
# quantifier: ``(\d)``, ``(?P<ms>\d)``, ``([0-9a-f])``. Such a group reads a number or a word one character
# long, the bug when the text has ``1234ms`` or ``12a``.
_ONE_CHARACTER_GROUP = re.compile(r"\((?:\?P?<\w+>)?(?:\\[dws]|\[(?!\^)(?:\\.|[^\]\\])+\])\)")


def one_character_groups(pattern: str) -> list[int]:
    """Where a ``+`` goes in ``pattern`` to let each one-character group read a run (``(\\d)`` → ``(\\d+)``):
    the index of each such group's closing parenthesis. An escaped parenthesis is no group."""
    return [
        match.end() - 1
        for match in _ONE_CHARACTER_GROUP.finditer(pattern)
        if (len(pattern[: match.start()]) - len(pattern[: match.start()].rstrip("\\"))) % 2 == 0
    ]
