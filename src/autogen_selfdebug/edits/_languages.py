"""One entry point for every language the edits support: candidate repairs, and a parse check."""

from __future__ import annotations

import ast
from collections.abc import Sequence
from typing import NamedTuple

from ._edit import Edit
from ._python import (
    REPAIR_TEMPLATES,
    RepairTemplate,
    python_judges,
    python_names,
    python_pairs,
    python_reads,
    repair_edits,
)
from ._tree_sitter import (
    tree_sitter_edits,
    tree_sitter_judges,
    tree_sitter_names,
    tree_sitter_pairs,
    tree_sitter_parses,
    tree_sitter_reads,
    tree_sitter_statements,
)

__all__ = [
    "EDITABLE_LANGUAGES",
    "ReadChanges",
    "candidate_edits",
    "driver_lines",
    "judge_lines",
    "pairing_gain",
    "parses",
    "read_changes",
    "shares_state",
]

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


class ReadChanges(NamedTuple):
    """How a patch changes what a program's functions read (:func:`read_changes`)."""

    unread: tuple[str, ...]
    """The names a function of the program (or the module) binds and reads that the patch no longer reads. A
    patch that leaves a value the program computes unused (``for s in sentences`` → ``for s in text``), a
    loop variable (``int(digit) for digit in ...`` → ``int(n) for digit in ...``), or a helper the program
    wrote (``digit_sum(n) > 0`` → ``n > 0``; ``return sum(... for digit in str(n))`` → ``return n``, which
    binds ``digit`` no more) passes weak tests by coincidence more often than it fixes the program."""
    used: tuple[str, ...]
    """The names a function binds but never reads that the patch reads: a parameter the bug left unused
    (``self.y + dx`` for ``self.y + dy``) is where the fix most likely goes."""


def read_changes(original: str, patched: str, language: str) -> ReadChanges:
    """The names ``patched`` stops reading, and those it starts reading, against ``original``: both empty for
    another language, or when either program does not parse or their functions differ."""
    if language == "python":
        before, after = python_reads(original), python_reads(patched)
    elif language in ("javascript", "typescript"):
        before, after = tree_sitter_reads(original, language), tree_sitter_reads(patched, language)
    else:
        return ReadChanges((), ())
    if before is None or after is None or len(before) != len(after):
        return ReadChanges((), ())
    pairs = list(zip(before, after, strict=True))
    left = [name for (bound, was_read), (_, read) in pairs for name in bound if name in was_read and name not in read]
    used = [name for (_, was_read), (bound, read) in pairs for name in bound if name not in was_read and name in read]
    return ReadChanges(tuple(dict.fromkeys(left)), tuple(dict.fromkeys(used)))


def pairing_gain(original: str, patched: str, language: str) -> int:
    """How much more the names of ``patched`` meet the names they meet elsewhere in it, against ``original``
    (0 for another language, or when either does not parse).

    Each two names that meet as the two sides of an operation (``a[i]``, ``i < a.length``, ``b.slice(j)``)
    count once per meeting, and a program scores the sum of the squared counts. A name put in place of
    another gains as much as its new partners already meet it elsewhere, less what the old name did: a
    merge's ``b.slice(i)`` → ``b.slice(j)`` gains (``b[j]`` runs beside it), ``i < a.length`` → ``j < a.length``
    loses (``a[i]``). A misused variable breaks the pattern of a program's names; its fix restores it.
    """
    if language == "python":
        before, after = python_pairs(original), python_pairs(patched)
    elif language in ("javascript", "typescript"):
        before, after = tree_sitter_pairs(original, language), tree_sitter_pairs(patched, language)
    else:
        return 0
    if before is None or after is None:
        return 0
    return sum(n * n for n in after.values()) - sum(n * n for n in before.values())


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


def judge_lines(program: str, tests: str, language: str) -> set[int]:
    """The lines of the functions the checks judge ``program`` with, rather than functions it computes with:
    a Python class's comparison methods (``assert m.transpose() == Matrix(...)`` runs ``__eq__``), and a
    function only the checks call, on an answer and an expected value (``assert close(area(1), math.pi)``).

    An edit there changes how the checks judge the program, not what it computes (``==`` → ``>=`` in
    ``__eq__`` passed a wrong transpose; ``abs(a - b)`` → ``abs(a % b)`` in ``close`` passed a wrong area), so
    the repair search leaves them to the model. Empty for a program or tests that do not parse.
    """
    if language == "python":
        return python_judges(program, tests)
    if language in ("javascript", "typescript"):
        return tree_sitter_judges(program, tests, language)
    return set()


def shares_state(program: str, tests: str, language: str) -> bool:
    """Whether the checks keep state between them: they read a name that a top-level assignment or
    declaration binds, in the program or the tests (``s = Stack()``, ``const q = new Queue()``), so a check
    may fail for what an earlier one did. Checks that only call functions are independent; so are checks
    in another language. A Python source that does not parse binds and uses nothing."""
    if language == "python":
        (program_bound, _), (tests_bound, tests_used) = python_names(program), python_names(tests)
    elif language in ("javascript", "typescript"):
        (program_bound, _), (tests_bound, tests_used) = (
            tree_sitter_names(program, language),
            tree_sitter_names(tests, language),
        )
    else:
        return False
    return bool((program_bound | tests_bound) & tests_used)
