"""A tests file that imports the program it tests, by the program's module name.

``test_leap.py`` begins ``from leap import is_leap``; ``leap.test.js`` with
``const { isLeap } = require("./leap")``. The tests run after the program in one file, so there is no
module to import, and every attempt would fail on the import (in JavaScript, on declaring ``isLeap``
twice). The program's names are already defined there, so the import is dropped: a renamed name
becomes an assignment, and a whole-module import (``import leap``, ``const leap = require("./leap")``)
is bound to the program's names: a namespace of the file's globals in Python (the repair search runs
the tests in namespaces of its own, so ``__main__`` would not be the program), ``module.exports`` in
JavaScript and TypeScript. What replaces an import stays on its lines, so the tests' line numbers do not
change, and the model is shown no import to copy. In Python it says, in a comment, that it imports the
program: to such tests the program is a module, so its ``if __name__ == "__main__":`` block does not run (in
JavaScript and TypeScript, its ``if (require.main === module)`` block).
"""

from __future__ import annotations

import ast
import re

import tree_sitter

from .._test_report import imports_program
from .._test_report_js import IMPORTS_PROGRAM_JS
from ..edits import parser_for

__all__ = ["drop_program_imports"]


def drop_program_imports(
    tests: str, module: str, language: str = "python", package: str | None = None, *, program: str = ""
) -> str | None:
    """``tests`` with its imports of ``module`` replaced by the names the program defines, or ``None``
    when it has none (or does not parse). ``language``: python, javascript or typescript. ``package``: the name of
    the program's folder, for Python tests that import it from its package (``from shop.cart import total``).
    ``program``: the program's text, for a JavaScript or TypeScript default import (``import median from
    "./median"``): the name it declares is already there; another name is bound to its default export.

    Example:
        >>> print(drop_program_imports("from leap import is_leap, year as y\\n", "leap"))
        y = year  # imports the program above (leap.py)
        <BLANKLINE>
    """
    if language == "python":
        found = _python_imports(tests, module, package)
    else:
        found = _js_imports(tests, module, language, _js_declared(program, language))
    if not found:
        return None
    data = tests.encode()
    # From the end, so the offsets of the statements still to replace stay valid.
    for start, end, text in sorted(found, reverse=True):
        # The statement's other lines become blank, so the lines after it keep their numbers.
        data = data[:start] + (text + "\n" * data[start:end].count(b"\n")).encode() + data[end:]
    return data.decode()


# A statement to replace: its start and end offsets in the UTF-8 text, and what stands for it.
_Found = tuple[int, int, str]


def _python_imports(tests: str, module: str, package: str | None) -> list[_Found]:
    try:
        tree = ast.parse(tests)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    # ast's columns count UTF-8 bytes from the start of their line.
    starts = [0, *(m.end() for m in re.finditer(b"\n", tests.encode()))]
    return [
        (
            starts[node.lineno - 1] + node.col_offset,
            starts[(node.end_lineno or 1) - 1] + (node.end_col_offset or 0),
            text,
        )
        for node in ast.walk(tree)
        if isinstance(node, ast.stmt) and (text := _python_replacement(node, module, package)) is not None
    ]


_NAMESPACE = "__import__('types').SimpleNamespace"


def _program_module(module: str) -> str:
    """An expression for the program as a module: an object whose ``__dict__`` is the file's globals (so
    `monkeypatch.setattr(cart, "fetch", ...)` and `patch.object(cart, ...)` reach the program's own lookups, and
    undo what they did), registered in ``sys.modules`` as ``module`` (so `patch("cart.fetch")` finds it). One line,
    to keep the tests' lines."""
    shown = f"<module {module!r} (the program above)>"
    view = f"type('Program', (), {{'__repr__': lambda self: {shown!r}}})()"
    return (
        f"(lambda p: (setattr(p, '__dict__', globals()), __import__('sys').modules.__setitem__({module!r}, p), p)[2])"
        f"({view})"
    )


def _python_replacement(node: ast.stmt, module: str, package: str | None) -> str | None:
    """What stands for an import of ``module``: the assignments it implies, or ``pass``. The module may be imported
    from ``package``, the program's folder (``from shop.cart import total``, ``from shop import cart``,
    ``import shop.cart``), or relatively (``from .cart import total``, ``from . import cart``), as tests beside a
    package's code do."""
    if isinstance(node, ast.ImportFrom) and _is_module(node.module, module, package):
        # The program as a module too, for what names it by its module's name: `patch("cart.time.sleep")`.
        renamed = [f"{alias.asname} = {alias.name}" for alias in node.names if alias.asname and alias.name != "*"]
        bound = [_program_module(module), *renamed]
    elif isinstance(node, ast.ImportFrom) and _in_package(node, package) and any(a.name == module for a in node.names):
        # ``from shop import cart, other``: the program's module is the file's globals; the rest is imported.
        others = [_alias(alias) for alias in node.names if alias.name != module]
        kept = [f"from {'.' * node.level}{node.module or ''} import {', '.join(others)}"] if others else []
        asname = next(alias.asname or module for alias in node.names if alias.name == module)
        bound = [f"{asname} = {_program_module(module)}", *kept]
    elif isinstance(node, ast.Import) and any(_is_module(alias.name, module, package) for alias in node.names):
        bound = [
            _bound_module(alias, module) if _is_module(alias.name, module, package) else f"import {_alias(alias)}"
            for alias in node.names
        ]
    else:
        return None
    return ("; ".join(bound) or "pass") + "  " + imports_program(module)


def _is_module(name: str | None, module: str, package: str | None) -> bool:
    """Whether a module name is the program's: ``cart`` (also ``from .cart import``), or ``shop.cart`` with ``shop``
    its folder."""
    if name is None:
        return False
    head, _, last = name.rpartition(".")
    return last == module and (not head or head.rsplit(".", 1)[-1] == package)


def _in_package(node: ast.ImportFrom, package: str | None) -> bool:
    """Whether ``from X import ...`` imports from the program's folder: relatively (``from . import``), or from a
    package named as it is."""
    return (node.level > 0 and node.module is None) or (
        node.module is not None and node.module.rsplit(".", 1)[-1] == package
    )


def _bound_module(alias: ast.alias, module: str) -> str:
    """``import shop.cart`` binds ``shop``, with ``shop.cart`` the program (:func:`_program_module`); ``import
    shop.cart as c``, ``c``."""
    value = _program_module(module)
    if alias.asname:
        return f"{alias.asname} = {value}"
    parts = alias.name.split(".")
    for part in reversed(parts[1:]):
        value = f"{_NAMESPACE}({part}={value})"
    return f"{parts[0]} = {value}"


def _alias(alias: ast.alias) -> str:
    return alias.name + (f" as {alias.asname}" if alias.asname else "")


def _js_imports(tests: str, module: str, language: str, declared: set[str]) -> list[_Found]:
    root = parser_for(language).parse(tests.encode()).root_node
    if root.has_error:
        return []
    found = []
    for statement in root.named_children:
        text = _js_replacement(statement, module, declared)
        if text is not None:
            found.append((statement.start_byte, statement.end_byte, f"{text} {IMPORTS_PROGRAM_JS}".lstrip()))
    return found


def _js_replacement(statement: tree_sitter.Node, module: str, declared: set[str]) -> str | None:
    """What stands for an ``import ... from "./module"``, or a declaration bound to ``require("./module")``."""
    if statement.type == "import_statement":
        source = statement.child_by_field_name("source")
        return _js_import(statement, declared) if _names_module(source, module) else None
    declarators = [c for c in statement.named_children if c.type == "variable_declarator"]
    if statement.type not in ("lexical_declaration", "variable_declaration") or len(declarators) != 1:
        return None
    name, value = declarators[0].child_by_field_name("name"), declarators[0].child_by_field_name("value")
    arguments = value.child_by_field_name("arguments") if value is not None else None
    if (
        value is None
        or _text(value.child_by_field_name("function")) != "require"
        or arguments is None
        or len(arguments.named_children) != 1
        or not _names_module(arguments.named_children[0], module)
        or name is None
    ):
        return None
    if name.type == "identifier":  # const leap = require("./leap")
        # The program's own name (`module.exports = Money` of `class Money`) stands as it is: bound again, the
        # tests could not run ("Identifier 'Money' has already been declared").
        return "" if _text(name) in declared else f"const {_text(name)} = module.exports;"
    if name.type != "object_pattern":
        return None
    bound = []
    for part in name.named_children:  # const { isLeap, year: y } = require("./leap")
        if part.type == "pair_pattern":
            bound.append(
                f"const {_text(part.child_by_field_name('value'))} = {_text(part.child_by_field_name('key'))};"
            )
        elif part.type != "shorthand_property_identifier_pattern":
            return None
    return " ".join(bound)


def _js_import(statement: tree_sitter.Node, declared: set[str]) -> str:
    bound = []
    clauses = [c for c in statement.named_children if c.type == "import_clause"]
    for part in clauses[0].named_children if clauses else []:
        if part.type == "identifier" and _text(part) not in declared:  # import leap from "./leap"
            # An ES module's default export (``export default ...``, compiled to CommonJS), or a CommonJS module.
            bound.append(f"const {_text(part)} = module.exports.__esModule ? module.exports.default : module.exports;")
        elif part.type == "namespace_import":  # import * as leap from "./leap"
            bound.append(f"const {_text(part.named_children[0])} = module.exports;")
        elif part.type == "named_imports":  # import { isLeap, year as y } from "./leap"
            for specifier in part.named_children:
                alias = specifier.child_by_field_name("alias")
                if alias is not None:
                    bound.append(f"const {_text(alias)} = {_text(specifier.child_by_field_name('name'))};")
    return " ".join(bound)


def _js_declared(program: str, language: str) -> set[str]:
    """The names the program's top-level declarations bind, exported ones too (``export default function median``)."""
    declared = set()
    for statement in parser_for(language).parse(program.encode()).root_node.named_children:
        node = statement.child_by_field_name("declaration") if statement.type == "export_statement" else statement
        if node is None:
            continue
        if node.type in ("lexical_declaration", "variable_declaration"):
            names = [d.child_by_field_name("name") for d in node.named_children if d.type == "variable_declarator"]
        else:
            names = [node.child_by_field_name("name")] if node.type.endswith("declaration") else []
        declared |= {
            _text(name) for name in names if name is not None and name.type in ("identifier", "type_identifier")
        }
    return declared


def _names_module(node: tree_sitter.Node | None, module: str) -> bool:
    """Whether ``node`` is a string naming the program's file by a relative path: ``"./leap"``, or
    ``"../src/leap.js"`` from a tests folder, with or without its suffix."""
    if node is None or node.type != "string":
        return False
    path = _text(node)[1:-1]
    return re.fullmatch(rf"\.\.?/(?:[^/]+/)*{re.escape(module)}(\.[cm]?[jt]s)?", path) is not None


def _text(node: tree_sitter.Node | None) -> str:
    return "" if node is None or node.text is None else node.text.decode()
