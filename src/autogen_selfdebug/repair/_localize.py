"""Spectrum-based fault localization: rank a program's lines by how much the failing tests need them.

Ochiai's formula scores a line by the failing tests that ran it (``ef``) against the passing ones
that did too (``ep``): ``ef / sqrt(failed * (ef + ep))``. A line only failing tests run scores 1;
a line no failing test runs scores 0 and is not edited.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ._batch import TestCoverage

__all__ = ["Ranking", "ochiai"]


@dataclass(frozen=True)
class Ranking:
    """Each suspicious line's score, highest first; empty when nothing could be measured."""

    scores: dict[int, float]

    @property
    def measured(self) -> bool:
        return bool(self.scores)

    def score(self, line: int) -> float:
        return self.scores.get(line, 0.0)

    def top(self, n: int = 5) -> list[tuple[int, float]]:
        return sorted(self.scores.items(), key=lambda item: (-item[1], item[0]))[:n]

    def describe(self, n: int = 3) -> str:
        """The most suspicious lines in words: "line 13 (1.00), line 17 (0.71)"."""
        return ", ".join(f"line {line} ({score:.2f})" for line, score in self.top(n))


def ochiai(coverage: Sequence[TestCoverage]) -> Ranking:
    """Score every line a failing test ran. No failing test, or none that ran a line, gives an empty ranking.

    Example:
        >>> passing = TestCoverage(True, frozenset({1, 2}))
        >>> failing = TestCoverage(False, frozenset({1, 3}))
        >>> ochiai([passing, failing]).top()
        [(3, 1.0), (1, 0.7071067811865475)]
    """
    failed = sum(not test.passed for test in coverage)
    if failed == 0:
        return Ranking({})
    scores: dict[int, float] = {}
    lines = {line for test in coverage if not test.passed for line in test.lines}
    for line in lines:
        ef = sum(1 for test in coverage if not test.passed and line in test.lines)
        ep = sum(1 for test in coverage if test.passed and line in test.lines)
        scores[line] = ef / math.sqrt(failed * (ef + ep))
    return Ranking(dict(sorted(scores.items(), key=lambda item: (-item[1], item[0]))))
