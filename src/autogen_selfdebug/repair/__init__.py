"""Automated program repair: localize a failure with the tests, then search small patches in the sandbox."""

from __future__ import annotations

from ._batch import TestCoverage, Trial
from ._localize import Ranking, ochiai, with_earlier_lines
from ._search import SEARCHABLE_LANGUAGES, Scored, SearchBudget, SearchResult, search_patches

__all__ = [
    "SEARCHABLE_LANGUAGES",
    "Ranking",
    "Scored",
    "SearchBudget",
    "SearchResult",
    "TestCoverage",
    "Trial",
    "ochiai",
    "search_patches",
    "with_earlier_lines",
]
