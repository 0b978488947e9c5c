"""One entry point for every language the edits support: candidate repairs, and a parse check."""

from __future__ import annotations

import ast
from collections.abc import Sequence

from ._edit import Edit
from ._python import REPAIR_TEMPLATES, RepairTemplate, repair_edits
from ._tree_sitter import tree_sitter_edits, tree_sitter_parses, tree_sitter_statements

__all__ = ["EDITABLE_LANGUAGES", "candidate_edits", "driver_lines", "parses"]

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


def driver_lines(source: str, language: str) -> set[int]:
    """The lines of the top-level statements after a program's last function or class definition
    (``s = Stack()``, ``s.push(1)``, ``print(f(3))``): the values and calls its checks run on, not its logic.
    Empty when the program defines no function or class, or does not parse.

    An edit there would change what the checks ask rather than the program's answer, so the repair search
    leaves these lines to the model.
    """
    spans: list[tuple[int, int, bool]] | None = []  # each top-level statement's lines, and whether it defines
    if language == "python":
        try:
            body = ast.parse(source).body
        except (SyntaxError, ValueError):
            return set()
        definitions = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
        spans = [(s.lineno, s.end_lineno or s.lineno, isinstance(s, definitions)) for s in body]
    elif language in ("javascript", "typescript"):
        spans = tree_sitter_statements(source, language)
    if not spans:
        return set()
    last = max((i for i, (_, _, defines) in enumerate(spans) if defines), default=None)
    if last is None:
        return set()
    return {line for start, end, _ in spans[last + 1 :] for line in range(start, end + 1)}
