"""What one sandbox execution of the search reports: each candidate's run, and each test's coverage.

The drivers (``_python_driver`` for Python, ``_node_driver`` for JavaScript and TypeScript) run
many programs in one execution and print one marker line per result; this module reads them
back. A candidate's ``output`` holds its own run's output, harness lines included, so the
per-assert report (``_test_report.parse_report``) reads it like any other run.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

__all__ = ["BATCH_MARKER", "COVERAGE_MARKER", "TestCoverage", "Trial", "batch_error", "parse_batch", "parse_coverage"]

BATCH_MARKER = "@@autogen-selfdebug-batch@@"
"""Prefix of a driver's line for one candidate:
``{"i": 0, "exit_code": 0, "timed_out": false, "output": "...", "seconds": 0.02}`` (``seconds`` optional)."""

COVERAGE_MARKER = "@@autogen-selfdebug-coverage@@"
"""Prefix of a driver's line for one test: ``{"test": 0, "passed": true, "lines": [3, 4], "before": [1]}``
(``before``: the lines run outside any check before it; optional)."""


@dataclass(frozen=True)
class Trial:
    """One candidate program's run with the tests, inside a batch."""

    exit_code: int
    timed_out: bool
    output: str
    seconds: float = 0.0
    """How long it ran (0 when the driver did not say)."""


@dataclass(frozen=True)
class TestCoverage:
    """The program lines one test (one assert or top-level check) ran, and whether it passed."""

    __test__ = False  # not a pytest test class

    passed: bool
    lines: frozenset[int]
    before: frozenset[int] = frozenset()
    """Program lines run outside any check before this one: the program's own top-level code, and the
    statements between checks (``s.push(3)``)."""
    raised: int | None = None
    """The program line a failing test's error was raised at (its innermost frame in the program), if any."""


def parse_batch(output: str, count: int) -> list[Trial | None]:
    """Each of ``count`` candidates' trial, in order; ``None`` for one the driver never reported
    (the batch ran out of time before it)."""
    trials: list[Trial | None] = [None] * count
    for record in _records(output, BATCH_MARKER):
        i = record.get("i")
        if isinstance(i, int) and 0 <= i < count:
            exit_code, seconds = record.get("exit_code", 1), record.get("seconds", 0.0)
            trials[i] = Trial(
                exit_code=exit_code if isinstance(exit_code, int) else 1,
                timed_out=bool(record.get("timed_out", False)),
                output=str(record.get("output", "")),
                seconds=float(seconds) if isinstance(seconds, int | float) else 0.0,
            )
    return trials


def batch_error(output: str) -> str | None:
    """Why a driver ran no candidate at all (``{"error": "..."}`` in place of a candidate's line), if it said."""
    errors = [str(record["error"]) for record in _records(output, BATCH_MARKER) if "error" in record]
    return errors[0] if errors else None


def parse_coverage(output: str) -> list[TestCoverage]:
    """Each test's coverage, in the order the tests ran."""
    found: list[tuple[int, TestCoverage]] = []
    for record in _records(output, COVERAGE_MARKER):
        lines, before = record.get("lines", []), record.get("before", [])
        if isinstance(lines, list) and isinstance(before, list):
            covered = frozenset(int(n) for n in lines if isinstance(n, int))
            outside = frozenset(int(n) for n in before if isinstance(n, int))
            test = record.get("test")
            order = test if isinstance(test, int) else len(found)
            raised = record.get("raised")
            where = raised if isinstance(raised, int) else None
            found.append((order, TestCoverage(bool(record.get("passed")), covered, outside, where)))
    return [coverage for _, coverage in sorted(found, key=lambda item: item[0])]


def _records(output: str, marker: str) -> list[dict[str, object]]:
    records: list[dict[str, object]] = []
    for line in output.split("\n"):
        if line.startswith(marker + " "):
            try:
                record = json.loads(line[len(marker) + 1 :])
            except json.JSONDecodeError:
                continue
            if isinstance(record, dict):
                records.append(record)
    return records
