"""Spectrum-based fault localization: rank a program's lines by how much the failing tests need them.

Ochiai's formula scores a line by the failing tests that ran it (``ef``) against the passing ones
that did too (``ep``): ``ef / sqrt(failed * (ef + ep))``. A line only failing tests run scores 1;
a line no failing test runs scores 0 and is not edited.

A line where a failing test's error was raised (``key, value = line.split("=")`` on a value holding ``=``)
ranks with the most suspicious lines: the error names it, where coverage alone would rank it with every line
all the tests run.

Checks that share state (``q = Queue()``, then ``q.pop()`` in one check and ``q.size`` in the next) may
fail for a line that ran before them: in an earlier, passing check, or outside the checks (``q.push(1)``).
:func:`with_earlier_lines` counts those lines as run by the failing check too, so they are ranked.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace

from ._batch import TestCoverage

__all__ = ["Ranking", "ochiai", "with_earlier_lines"]


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

    def among(self, lines: Collection[int]) -> Ranking:
        """Only the scores of ``lines`` (the ones the search can edit, so a report names no ``class`` line),
        or all of them when none of ``lines`` is ranked."""
        kept = {line: score for line, score in self.scores.items() if line in lines}
        return Ranking(kept) if kept else self

    def describe(self, n: int = 3) -> str:
        """The most suspicious lines in words: "line 13 (1.00), line 17 (0.71)"."""
        return ", ".join(f"line {line} ({score:.2f})" for line, score in self.top(n))


def ochiai(coverage: Sequence[TestCoverage]) -> Ranking:
    """Score every line a failing test ran, and raise a line a failing test's error was raised at to the top
    score. No failing test, or none that ran a line, gives an empty ranking.

    Example:
        >>> passing = TestCoverage(True, frozenset({1, 2}))
        >>> failing = TestCoverage(False, frozenset({1, 3}))
        >>> ochiai([passing, failing]).top()
        [(3, 1.0), (1, 0.7071067811865475)]
        >>> ochiai([passing, TestCoverage(False, frozenset({1, 3}), raised=1)]).top()
        [(1, 1.0), (3, 1.0)]
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
    top = max(scores.values(), default=0.0)
    for test in coverage:
        if not test.passed and test.raised in scores:
            scores[test.raised] = top
    return Ranking(dict(sorted(scores.items(), key=lambda item: (-item[1], item[0]))))


def with_earlier_lines(coverage: Sequence[TestCoverage]) -> list[TestCoverage]:
    """Each failing test with the lines run before it added: by earlier tests, and outside the tests (state
    they left may be what fails it).

    Example:
        >>> tests = [TestCoverage(True, frozenset({1})), TestCoverage(False, frozenset({2}))]
        >>> ochiai(with_earlier_lines(tests)).top()
        [(2, 1.0), (1, 0.7071067811865475)]
    """
    carried: list[TestCoverage] = []
    earlier: frozenset[int] = frozenset()
    for test in coverage:
        carried.append(test if test.passed else replace(test, lines=test.lines | earlier | test.before))
        earlier |= test.lines
    return carried
