"""The tests a model copied into its answer: the statements at the program's end that are the tests' own.

The prompt says the tests run after the program and must not be copied; a small model copies them anyway, often
with changes (a helper of theirs given a docstring, the table of cases renamed). Run twice, a JavaScript ``const``
declared twice is a syntax error; written back, the file has its checks twice.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Sequence
from typing import TypeVar

from tree_sitter import Node

from ._tree_sitter import parser_for

__all__ = ["copied_tests_start"]

_S = TypeVar("_S")  # a statement: Python's ast node, or tree-sitter's
_N = TypeVar("_N")  # a name: str, or tree-sitter's bytes


def copied_tests_start(program: str, tests: str, language: str) -> int | None:
    """Where the run of top-level statements at the end of ``program`` that copy ``tests`` begins (an offset, at
    a line's start, comments just above it included), or ``None``. Each statement of the run is one of the tests'
    written again (spacing aside), or defines a name the tests define at top level: theirs replaces it when they
    run, so the copy is dead code. A program that is nothing but such a run is left whole, for the run to judge;
    so is one in another language, or that does not parse."""
    if language == "python":
        first = _python_start(program, tests)
        comment = "#"
    elif language in ("javascript", "typescript"):
        first = _tree_sitter_start(program, tests, language)
        comment = "//"
    else:
        return None
    if first is None:
        return None
    lines = program.split("\n")
    while first > 1 and (not lines[first - 2].strip() or lines[first - 2].lstrip().startswith(comment)):
        first -= 1
    return sum(len(line) + 1 for line in lines[: first - 1])


def _python_start(program: str, tests: str) -> int | None:
    """The first line of the copied run, or ``None``."""
    try:
        module, checks = ast.parse(program), ast.parse(tests)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    start = _copied_run(module.body, checks.body, ast.dump, _python_defined)
    if start is None:
        return None
    decorators: list[ast.expr] = getattr(start, "decorator_list", [])
    return min([start.lineno, *(d.lineno for d in decorators)])


def _copied_run(
    statements: Sequence[_S], checks: Sequence[_S], text: Callable[[_S], object], defined: Callable[[_S], set[_N]]
) -> _S | None:
    """The first of the run of ``statements`` at their end that copy ``checks`` (the same ``text``, or a name both
    define), or ``None`` when there is no such run or it is all of them."""
    copies = {text(check) for check in checks}
    names = {name for check in checks for name in defined(check)}
    run = 0
    for statement in reversed(statements):
        if text(statement) not in copies and not (defined(statement) & names):
            break
        run += 1
    return statements[-run] if 0 < run < len(statements) else None


def _python_defined(statement: ast.stmt) -> set[str]:
    """The names a top-level definition or assignment binds."""
    if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return {statement.name}
    targets = statement.targets if isinstance(statement, ast.Assign) else []
    if isinstance(statement, ast.AnnAssign):
        targets = [statement.target]
    return {target.id for target in targets if isinstance(target, ast.Name)}


def _tree_sitter_start(program: str, tests: str, language: str) -> int | None:
    """The first line of the copied run, or ``None``."""
    roots = [parser_for(language).parse(source.encode("utf-8")).root_node for source in (program, tests)]
    if any(root.has_error for root in roots):
        return None
    statements, checks = ([node for node in root.named_children if node.type != "comment"] for root in roots)
    start = _copied_run(statements, checks, _spaced, _tree_sitter_defined)
    return start.start_point.row + 1 if start is not None else None


def _spaced(node: Node) -> bytes:
    """A statement's text with each run of white space as one space."""
    return re.sub(rb"\s+", b" ", node.text or b"").strip()


def _tree_sitter_defined(node: Node) -> set[bytes]:
    """The names a top-level function, class or variable declaration binds (one of each declarator)."""
    if node.type in ("function_declaration", "class_declaration"):
        name = node.child_by_field_name("name")
        return {name.text} if name is not None and name.text else set()
    if node.type not in ("lexical_declaration", "variable_declaration"):
        return set()
    declared = (child.child_by_field_name("name") for child in node.named_children)
    return {name.text for name in declared if name is not None and name.type == "identifier" and name.text}
