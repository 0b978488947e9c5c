"""The imports a Python program forgot: standard modules and ``typing`` names it uses and never binds.

A small model rewriting a function often drops the program's ``from typing import List`` or ``import math``,
and an attempt whose code is right then fails on a ``NameError``; on the last attempt, the round is lost.
"""

from __future__ import annotations

import ast
import builtins
import importlib
import sys
import typing
import warnings
from collections import defaultdict

from ._edit import Edit
from ._python import line_starts

__all__ = ["with_missing_imports"]

_TYPING = frozenset(typing.__all__)
# Names a program takes from a standard module by name, and says only one thing by: `@dataclass`, `defaultdict(list)`.
_FROM = {
    **dict.fromkeys(("dataclass", "asdict", "astuple"), "dataclasses"),
    **dict.fromkeys(("defaultdict", "Counter", "deque", "OrderedDict", "namedtuple"), "collections"),
    **dict.fromkeys(("reduce", "lru_cache", "partial", "wraps", "cmp_to_key"), "functools"),
    **dict.fromkeys(("heappush", "heappop", "heapify", "nlargest", "nsmallest"), "heapq"),
    **dict.fromkeys(("bisect_left", "bisect_right", "insort"), "bisect"),
    **dict.fromkeys(("permutations", "combinations", "zip_longest", "groupby", "islice", "accumulate"), "itertools"),
    "Path": "pathlib",
    "Enum": "enum",
    "Decimal": "decimal",
    "Fraction": "fractions",
}
# `this` and `antigravity` act when imported (print, open a browser): never imported to be looked at.
_MODULES = frozenset(name for name in sys.stdlib_module_names if not name.startswith("_")) - {"this", "antigravity"}


def with_missing_imports(source: str) -> tuple[str, list[str]]:
    """``source`` with the import lines it lacks added at the top (after its docstring and ``__future__``
    imports), and those lines: ``import m`` for a standard module ``m`` it uses as ``m.attr``, ``from typing
    import ...`` for ``typing`` names it uses, and ``from m import ...`` for a few names programs take from a
    standard module by name and that say only that (``dataclass``, ``defaultdict``, ``reduce``, ``Path``...). A
    name the program binds anywhere (assigns, defines, imports, takes as a parameter) is left alone, as is a
    program that does not parse or has a ``from m import *``, and a name used for an attribute its module lacks
    (``token.value`` is a variable the program forgot to define, not the ``token`` module).

    Example:
        >>> with_missing_imports("def f(xs: List[int]) -> int:\\n    return math.floor(sum(xs))\\n")[1]
        ['import math', 'from typing import List']
    """
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return source, []
    bound, read, modules = set(dir(builtins)), set[str](), defaultdict[str, set[str]](set)
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            (read if isinstance(node.ctx, ast.Load) else bound).add(node.id)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            bound.add(node.name)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, ast.alias) and node.name == "*":
            return source, []  # binds names no parse can see
        elif isinstance(node, ast.alias):
            bound.add((node.asname or node.name).split(".")[0])
        elif isinstance(node, ast.Global | ast.Nonlocal):
            bound.update(node.names)
        elif isinstance(node, ast.ExceptHandler | ast.MatchAs | ast.MatchStar) and node.name:
            bound.add(node.name)
        elif isinstance(node, ast.MatchMapping) and node.rest:
            bound.add(node.rest)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            modules[node.value.id].add(node.attr)
    lines = [f"import {name}" for name in sorted((modules.keys() - bound) & _MODULES) if _has(name, modules[name])]
    names = sorted((read - bound) & (_TYPING - _FROM.keys()))  # `Counter` is typing's too: collections' is the one
    if names:
        lines.append(f"from typing import {', '.join(names)}")
    taken = defaultdict[str, list[str]](list)
    for name in sorted((read - bound) & _FROM.keys()):
        taken[_FROM[name]].append(name)
    lines += [f"from {module} import {', '.join(taken[module])}" for module in sorted(taken)]
    if not lines:
        return source, []
    # After the module's docstring and `from __future__` imports, which must come first.
    line = 1
    for statement in tree.body:
        docstring = isinstance(statement, ast.Expr) and isinstance(getattr(statement.value, "value", None), str)
        future = isinstance(statement, ast.ImportFrom) and statement.module == "__future__"
        if not (future or (docstring and statement is tree.body[0])):
            break
        line = (statement.end_lineno or statement.lineno) + 1
    starts = line_starts(source)
    start = starts[line - 1] if line - 1 < len(starts) else len(source)
    if start and not source[:start].endswith("\n"):
        source += "\n"  # the last line is the docstring itself: the imports go on a line of their own
        start += 1
    text = "".join(f"{added}\n" for added in lines)
    return Edit(start, start, text, "import", line, "", text).apply(source), lines


def _has(module: str, attributes: set[str]) -> bool:
    try:
        with warnings.catch_warnings():  # a deprecated module (`cgi`, `imp`) warns when imported
            warnings.simplefilter("ignore")
            found = importlib.import_module(module)
    except Exception:  # not importable here (a platform's module, a missing system library)
        return False
    return all(hasattr(found, attribute) for attribute in attributes)
