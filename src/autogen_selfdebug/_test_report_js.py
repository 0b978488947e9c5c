"""Per-check test results for JavaScript and TypeScript (work in progress: for now, the tests as they are)."""

from __future__ import annotations

from ._test_report import tests_start_line

__all__ = ["instrument_js_tests"]


def instrument_js_tests(tests: str, language: str) -> str:
    """Source to run after the program instead of ``tests`` (``language``: javascript or typescript)."""
    return f"{tests_start_line(language)}\n{tests}"
