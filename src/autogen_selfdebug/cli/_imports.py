"""A tests file that imports the program it tests, by the program's module name.

``test_leap.py`` begins ``from leap import is_leap``. The tests run after the program in one file, so
there is no module ``leap`` to import, and every attempt would fail on the import. The program's names
are already defined there, so the import is dropped: an ``as`` name becomes an assignment, and
``import leap`` binds ``leap`` to a namespace of the file's globals (the repair search runs the tests
in namespaces of its own, so ``__main__`` would not be the program). What replaces an import stays on
its lines, so the tests' line numbers do not change, and the model is shown no import to copy.
"""

from __future__ import annotations

import ast

__all__ = ["drop_program_imports"]


def drop_program_imports(tests: str, module: str) -> str | None:
    """``tests`` (Python) with its imports of ``module`` replaced by the names the program defines, or
    ``None`` when it has none (or does not parse).

    Example:
        >>> print(drop_program_imports("from leap import is_leap, year as y\\nimport leap\\n", "leap"))
        y = year
        leap = __import__('types').SimpleNamespace(**globals())
        <BLANKLINE>
    """
    try:
        tree = ast.parse(tests)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    found = [
        (node, text)
        for node in ast.walk(tree)
        if isinstance(node, ast.stmt) and (text := _replacement(node, module)) is not None
    ]
    if not found:
        return None
    lines = tests.splitlines(keepends=True)
    # From the bottom up, so the positions of the statements still to replace stay valid.
    for node, text in sorted(found, key=lambda item: (item[0].lineno, item[0].col_offset), reverse=True):
        first, last = node.lineno - 1, (node.end_lineno or node.lineno) - 1
        # ast's columns count UTF-8 bytes.
        head = lines[first].encode()[: node.col_offset].decode()
        tail = lines[last].encode()[node.end_col_offset or 0 :].decode()
        # The statement's other lines become blank, so the lines after it keep their numbers.
        lines[first : last + 1] = [head + text + "\n" * (last - first) + tail]
    return "".join(lines)


def _replacement(node: ast.stmt, module: str) -> str | None:
    """What stands for an import of ``module``: the assignments it implies, or ``pass``."""
    if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module == module:
        bound = [f"{alias.asname} = {alias.name}" for alias in node.names if alias.asname and alias.name != "*"]
    elif isinstance(node, ast.Import) and any(alias.name == module for alias in node.names):
        bound = [
            f"{alias.asname or module} = __import__('types').SimpleNamespace(**globals())"
            if alias.name == module
            else f"import {_alias(alias)}"
            for alias in node.names
        ]
    else:
        return None
    return "; ".join(bound) or "pass"


def _alias(alias: ast.alias) -> str:
    return alias.name + (f" as {alias.asname}" if alias.asname else "")
