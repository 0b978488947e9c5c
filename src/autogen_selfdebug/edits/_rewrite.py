"""A line the model wrote again, as an edit: its reply spliced over one line of the program.

The search's templates make one-token edits. A bug that needs a new expression (a missing ``.lower()``, a
clamp, a new condition) is out of their reach, and a small model asked for the whole program again copies
the bug back. Asked for one suspicious line only, it writes a different line more often. Each reply becomes
an :class:`Edit` of that line, which the search runs like any other candidate.
"""

from __future__ import annotations

import ast
import re

from ._edit import Edit
from ._languages import parses
from ._python import _is_docstring
from ._tree_sitter import named_nodes, parser_for

__all__ = ["MAX_REWRITE_LINES", "REWRITE_TEMPLATE", "line_rewrite", "rewritable_lines"]

REWRITE_TEMPLATE = "model_rewrite"
"""The template name of an edit that puts a model's rewrite over a line."""

MAX_REWRITE_LINES = 3
"""The most lines a reply may put in the place of one (a statement added before or after it): a longer reply
is a rewrite of the function, not of the line."""

# A code block; one the reply's token cap cut off before its closing fence counts too.
_FENCE = re.compile(r"```[\w+-]*[ \t]*\n(.*?)(?:```|\Z)", re.DOTALL)
# What a small model copies from the report along with the line: "line 13: " before it, and the values the
# line used after it ("    [right=3, left=10]").
_LINE_LABEL = re.compile(r"^\s*line \d+:\s?")
_VALUES = re.compile(r"\s{4}\[[^\[\]]*=[^\[\]]*\]\s*$")
# A line of a comment, in JavaScript and TypeScript a block comment's lines too (``/**``, `` * @param``).
_COMMENT = {"python": ("#",), "javascript": ("//", "/*", "*"), "typescript": ("//", "/*", "*")}
_REQUIRE = re.compile(r"^\s*(?:const|let|var)\s[^=]*=\s*require\(")


def line_rewrite(source: str, line: int, reply: str, language: str) -> Edit | None:
    """The edit that puts the code of the model's ``reply`` over line ``line`` of ``source``, re-indented to it;
    ``None`` when the reply holds no code, the same line, more than :data:`MAX_REWRITE_LINES` lines, or a
    program that no longer parses.

    Example:
        >>> source = "def f(a, b):\\n    return b - a\\n"
        >>> edit = line_rewrite(source, 2, "```python\\nreturn a - b\\n```", "python")
        >>> edit.apply(source)
        'def f(a, b):\\n    return a - b\\n'
        >>> edit.description
        '`return b - a` changed to `return a - b` on line 2'
        >>> line_rewrite(source, 2, "return b - a", "python") is None
        True
    """
    lines = source.splitlines(keepends=True)
    if not 1 <= line <= len(lines):
        return None
    fenced = _FENCE.findall(reply)
    text = fenced[0] if fenced else reply
    comment = _COMMENT.get(language, ("#",))
    new = [_VALUES.sub("", _LINE_LABEL.sub("", row)).rstrip() for row in text.splitlines()]
    new = [row for row in new if row.strip() and not row.strip().startswith(comment)]
    if not new or len(new) > MAX_REWRITE_LINES:
        return None
    old = lines[line - 1]
    indent = old[: len(old) - len(old.lstrip())]
    margin = min(len(row) - len(row.lstrip()) for row in new)
    body = "\n".join((indent if i else "") + row[margin:] for i, row in enumerate(new))
    start = sum(len(row) for row in lines[: line - 1]) + len(indent)
    end = start + len(old.rstrip("\r\n")) - len(indent)
    if body == source[start:end]:
        return None
    edit = Edit.spliced(source, start, end, body, template=REWRITE_TEMPLATE, line=line, shown=(start, end))
    return edit if parses(edit.apply(source), language) else None


def rewritable_lines(source: str, ranked: list[int], language: str, count: int) -> list[int]:
    """The first ``count`` of the ``ranked`` lines that hold code a rewrite may replace: not blank, not only a
    comment, not an import, a docstring or a directive (``"use strict"``), and not where a function, method or
    class is defined (rewriting a signature changes what the tests call)."""
    lines = source.splitlines()
    comment = _COMMENT.get(language, ("#",))
    defined = _fixed_lines(source, language)
    chosen: list[int] = []
    for n in ranked:
        text = lines[n - 1].strip() if 1 <= n <= len(lines) else ""
        if text and not text.startswith(comment) and n not in defined and n not in chosen:
            chosen.append(n)
        if len(chosen) == count:
            break
    return chosen


_DEFINITIONS = frozenset(
    {
        "function_declaration",
        "generator_function_declaration",
        "method_definition",
        "class_declaration",
        "abstract_class_declaration",
        "arrow_function",
        "function_expression",
        "function",
    }
)


def _fixed_lines(source: str, language: str) -> set[int]:
    """The lines (1-based) a rewrite leaves alone: a definition's head (a ``def``/``class`` and its decorators; a
    JavaScript or TypeScript function, method, arrow function or class), an import, and a docstring (Python) or
    a directive (a statement that is only a string)."""
    if language == "python":
        try:
            tree = ast.parse(source)
        except (SyntaxError, ValueError):
            return set()
        fixed: set[int] = set()
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                fixed.update((node.lineno, *(d.lineno for d in node.decorator_list)))
            elif isinstance(node, (ast.Import, ast.ImportFrom)) or (isinstance(node, ast.stmt) and _is_docstring(node)):
                fixed.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
        return fixed
    if language in ("javascript", "typescript"):
        root = parser_for(language).parse(source.encode("utf-8")).root_node
        fixed = {n + 1 for n, text in enumerate(source.splitlines()) if _REQUIRE.search(text)}
        for found in named_nodes(root):
            if found.type in _DEFINITIONS:
                fixed.add(found.start_point[0] + 1)
            elif found.type == "import_statement" or (
                found.type == "expression_statement" and [c.type for c in found.named_children] == ["string"]
            ):
                fixed.update(range(found.start_point[0] + 1, found.end_point[0] + 2))
        return fixed
    return set()
