"""Automated program repair: localize a failure with the tests, then search small patches in the sandbox."""

from __future__ import annotations

from ._batch import TestCoverage, Trial
from ._localize import Ranking, ochiai, with_earlier_lines
from ._rewrites import Rewrites, ask_rewrites
from ._search import SEARCHABLE_LANGUAGES, Scored, SearchBudget, SearchResult, search_patches

__all__ = [
    "SEARCHABLE_LANGUAGES",
    "Ranking",
    "Rewrites",
    "Scored",
    "SearchBudget",
    "SearchResult",
    "TestCoverage",
    "Trial",
    "ask_rewrites",
    "ochiai",
    "search_patches",
    "with_earlier_lines",
]
