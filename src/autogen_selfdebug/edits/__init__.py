"""Small edits spliced into parsed programs: bugs for the benchmark, mutants for test writing, repairs.

Python is parsed with ``ast``; JavaScript and TypeScript with tree-sitter's grammars. An
:class:`Edit` replaces one span of the original text, so comments and formatting survive; a
:class:`Patch` is edits applied together. :func:`erase_types` blanks TypeScript's types out, so that the
search runs it as JavaScript.
"""

from __future__ import annotations

from ._copies import copied_tests_start
from ._edit import Edit, Patch, edits_kept_code, same_edit_everywhere
from ._erase_types import erase_types
from ._imports import with_missing_imports
from ._languages import (
    EDITABLE_LANGUAGES,
    ReadChanges,
    candidate_edits,
    driver_lines,
    judge_lines,
    pairing_gain,
    parses,
    read_changes,
    shares_state,
)
from ._outline import outline
from ._python import (
    OPERATORS,
    REPAIR_TEMPLATES,
    Mutant,
    MutationOperator,
    RepairTemplate,
    mutants,
    repair_edits,
)
from ._rewrite import MAX_REWRITE_LINES, REWRITE_TEMPLATE, line_rewrite, rewritable_lines
from ._tree_sitter import is_assert_statement, is_es_module, named_nodes, needs_es_module, parser_for

__all__ = [
    "EDITABLE_LANGUAGES",
    "MAX_REWRITE_LINES",
    "OPERATORS",
    "REPAIR_TEMPLATES",
    "REWRITE_TEMPLATE",
    "Edit",
    "Mutant",
    "MutationOperator",
    "Patch",
    "ReadChanges",
    "RepairTemplate",
    "candidate_edits",
    "copied_tests_start",
    "driver_lines",
    "edits_kept_code",
    "erase_types",
    "is_assert_statement",
    "is_es_module",
    "judge_lines",
    "line_rewrite",
    "mutants",
    "named_nodes",
    "needs_es_module",
    "outline",
    "pairing_gain",
    "parser_for",
    "parses",
    "read_changes",
    "repair_edits",
    "rewritable_lines",
    "same_edit_everywhere",
    "shares_state",
    "with_missing_imports",
]
