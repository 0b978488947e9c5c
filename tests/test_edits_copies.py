"""The tests a model copied into its answer, found statement by statement (Python, JavaScript, TypeScript)."""

from __future__ import annotations

import pytest

from autogen_selfdebug.edits import copied_tests_start

CIRCLE = """\
import math


def area(r):
    return math.pi * r ** 2
"""
CIRCLE_TESTS = """\
def close(a, b):
    return abs(a - b) < 1e-9


assert close(area(1), math.pi)
assert close(area(2), 4 * math.pi)
"""
# What the 0.5B model answered, fixing circle.py: the judge given a docstring, then the asserts, reformatted.
CIRCLE_COPIED = (
    CIRCLE
    + """

# Helper
def close(a, b):
    \"\"\"Whether a and b are close.\"\"\"
    return abs(a - b) < 1e-9


assert close(area(1),math.pi)
assert close(area(2), 4*math.pi)
"""
)

LEAP_JS = "function isLeap(y) {\n  return y % 4 === 0;\n}\n"
LEAP_JS_TESTS = "const cases = [[2000, true], [1900, false]];\n"
LEAP_JS_TESTS += "for (const [y, want] of cases) {\n  assert.equal(isLeap(y), want);\n}\n"


@pytest.mark.parametrize(
    ("program", "tests", "language", "kept"),
    [
        (CIRCLE_COPIED, CIRCLE_TESTS, "python", CIRCLE),
        (CIRCLE + "\n" + CIRCLE_TESTS, CIRCLE_TESTS, "python", CIRCLE),  # all of them, as they are
        (CIRCLE + "\ndef close(a, b):\n    return True\n", CIRCLE_TESTS, "python", CIRCLE),  # the judge loosened
        # The table of cases, its values changed: declared twice, a `const` is a syntax error.
        (LEAP_JS + "const cases = [[2000, true], [1900, true]];\n", LEAP_JS_TESTS, "javascript", LEAP_JS),
        (LEAP_JS + "\n// the checks\n" + LEAP_JS_TESTS, LEAP_JS_TESTS, "typescript", LEAP_JS),
    ],
    ids=["rewritten-helper", "exact", "loosened-judge", "js-table", "ts-all"],
)
def test_the_copied_run_at_the_end_is_found(program: str, tests: str, language: str, kept: str) -> None:
    start = copied_tests_start(program, tests, language)
    assert start is not None and program[:start].rstrip() + "\n" == kept


@pytest.mark.parametrize(
    ("program", "tests", "language"),
    [
        (CIRCLE_TESTS, CIRCLE_TESTS, "python"),  # nothing but the copy: left for the run to judge
        (CIRCLE + CIRCLE_TESTS + "print(area(3))\n", CIRCLE_TESTS, "python"),  # the program's own work comes last
        (CIRCLE + "assert area(1) > 3\n", CIRCLE_TESTS, "python"),  # an assert of its own
        (CIRCLE + "def close(a, b:\n", CIRCLE_TESTS, "python"),  # does not parse
        (LEAP_JS + "const table = [[2000, true]];\n", LEAP_JS_TESTS, "javascript"),  # another name
        ("echo hi\n", "echo hi\n", "bash"),
    ],
    ids=["only-the-copy", "work-after", "own-assert", "syntax-error", "js-other-name", "bash"],
)
def test_what_is_not_a_copy_of_the_tests(program: str, tests: str, language: str) -> None:
    assert copied_tests_start(program, tests, language) is None
