"""One entry point for every language the edits support: candidate repairs, and a parse check."""

from __future__ import annotations

import ast
from collections.abc import Sequence

from ._edit import Edit
from ._python import REPAIR_TEMPLATES, RepairTemplate, repair_edits
from ._tree_sitter import tree_sitter_edits, tree_sitter_parses

__all__ = ["EDITABLE_LANGUAGES", "candidate_edits", "parses"]

EDITABLE_LANGUAGES: tuple[str, ...] = ("python", "javascript", "typescript")
"""The languages :func:`candidate_edits` can edit."""


def candidate_edits(
    source: str,
    language: str,
    *,
    templates: Sequence[RepairTemplate] = REPAIR_TEMPLATES,
    lines: set[int] | None = None,
) -> list[Edit]:
    """Candidate one-node repairs of ``source`` in ``language``; ``[]`` for another language or a parse error.

    Args:
        source: The program.
        language: ``python``, ``javascript`` or ``typescript``.
        templates: Which repair templates to apply, in this order.
        lines: Only edit at these 1-based lines; ``None`` edits everywhere.
    """
    if language == "python":
        return repair_edits(source, templates=templates, lines=lines)
    if language in ("javascript", "typescript"):
        return tree_sitter_edits(source, language, templates=templates, lines=lines)
    return []


def parses(source: str, language: str) -> bool:
    """Whether ``source`` parses as ``language`` (other languages: always ``True``)."""
    if language == "python":
        try:
            ast.parse(source)
        except (SyntaxError, ValueError):
            return False
        return True
    if language in ("javascript", "typescript"):
        return tree_sitter_parses(source, language)
    return True
