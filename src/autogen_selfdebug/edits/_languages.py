"""One entry point for every language the edits support: candidate repairs, and a parse check."""

from __future__ import annotations

import ast
from collections.abc import Sequence

from ._edit import Edit
from ._python import REPAIR_TEMPLATES, RepairTemplate, repair_edits
from ._tree_sitter import parser_for, tree_sitter_edits, tree_sitter_parses

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


_JS_DEFINITIONS = frozenset({"function_declaration", "generator_function_declaration", "class_declaration"})
_JS_FUNCTION_VALUES = frozenset({"arrow_function", "function_expression", "function", "class"})


def driver_lines(source: str, language: str) -> set[int]:
    """The lines of the top-level statements after a program's last function or class definition
    (``s = Stack()``, ``s.push(1)``, ``print(f(3))``): the values and calls its checks run on, not its logic.
    Empty when the program defines no function or class, or does not parse.

    An edit there would change what the checks ask rather than the program's answer, so the repair search
    leaves these lines to the model.
    """
    spans: list[tuple[int, int, bool]] = []  # each top-level statement's lines, and whether it defines
    if language == "python":
        try:
            body = ast.parse(source).body
        except (SyntaxError, ValueError):
            return set()
        definitions = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
        spans = [(s.lineno, s.end_lineno or s.lineno, isinstance(s, definitions)) for s in body]
    elif language in ("javascript", "typescript"):
        root = parser_for(language).parse(source.encode("utf-8")).root_node
        if root.has_error:
            return set()
        for node in (n for n in root.named_children if n.type != "comment"):
            declared = node.named_children[-1] if node.type == "export_statement" and node.named_children else node
            declarators = [d for d in declared.named_children if d.type == "variable_declarator"]
            values = [value for d in declarators if (value := d.child_by_field_name("value")) is not None]
            defines = declared.type in _JS_DEFINITIONS or any(v.type in _JS_FUNCTION_VALUES for v in values)
            spans.append((node.start_point.row + 1, node.end_point.row + 1, defines))
    last = max((i for i, (_, _, defines) in enumerate(spans) if defines), default=None)
    if last is None:
        return set()
    return {line for start, end, _ in spans[last + 1 :] for line in range(start, end + 1)}
