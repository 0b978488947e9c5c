"""A program in outline: its functions' bodies left out, their names, signatures and descriptions kept.

A model asked to fix a program it cannot fix copies it back; shown the outline, it has to write the
bodies afresh from what each function is for.
"""

from __future__ import annotations

import ast

from ._edit import Edit, Patch
from ._python import line_starts
from ._tree_sitter import _FUNCTIONS, _Program, parser_for

__all__ = ["outline"]

_LEFT_OUT = "..."
"""What stands for a body left out: Python's ellipsis, and a comment in JavaScript and TypeScript."""


def outline(source: str, language: str) -> str | None:
    """``source`` with the body of each outermost function (and method) replaced by ``...``, its docstring
    kept; everything outside functions kept as it is. ``None`` for another language, a parse error, or a
    program with no body to leave out."""
    if language == "python":
        edits = _python_bodies(source)
    elif language in ("javascript", "typescript"):
        edits = _tree_sitter_bodies(source, language)
    else:
        return None
    if not edits:
        return None
    patch = Patch(())
    for edit in sorted(edits, key=lambda e: e.start):
        if not patch.overlaps(edit):  # a function nested in a body already left out goes with it
            patch = patch.plus(edit)
    return patch.apply(source)


def _left_out(source: str, start: int, end: int, text: str, line: int) -> Edit:
    return Edit(start, end, text, "outline", line, source[start:end], text)


def _python_bodies(source: str) -> list[Edit] | None:
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return None
    lines = source.splitlines(keepends=True)
    starts = line_starts(source)
    edits = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        documented = ast.get_docstring(node, clean=False) is not None
        body = node.body[1:] if documented else node.body
        if not body or body[0].lineno == node.lineno or node.end_lineno is None:
            continue  # nothing after the docstring, or a one-line `def f(): return 1`
        first = lines[body[0].lineno - 1]
        indent = first[: len(first) - len(first.lstrip())]
        # Comments at the top of the body go with it: they may describe the code the model copies back.
        if documented:
            start = (node.body[0].end_lineno or node.body[0].lineno) + 1
        else:
            start = body[0].lineno
            while start - 1 > node.lineno and lines[start - 2].lstrip().startswith("#"):
                start -= 1
        end = starts[node.end_lineno] if node.end_lineno < len(starts) else len(source)
        newline = "\n" if lines[node.end_lineno - 1].endswith("\n") else ""
        edits.append(_left_out(source, starts[start - 1], end, f"{indent}{_LEFT_OUT}{newline}", start))
    return edits


def _tree_sitter_bodies(source: str, language: str) -> list[Edit] | None:
    tree = parser_for(language).parse(source.encode("utf-8"))
    if tree.root_node.has_error:
        return None
    program = _Program(source, tree)
    edits = []
    stack = [tree.root_node]
    while stack:
        node = stack.pop()
        body = node.child_by_field_name("body") if node.type in _FUNCTIONS else None
        if body is not None and body.type == "statement_block":
            start, end = program.char(body.start_byte), program.char(body.end_byte)
            edits.append(_left_out(source, start, end, "{ /* " + _LEFT_OUT + " */ }", program.line_of(body.start_byte)))
            continue
        stack.extend(node.children)
    return edits
