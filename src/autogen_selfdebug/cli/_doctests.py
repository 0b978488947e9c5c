"""Doctest examples as checks: a file whose main block runs ``doctest.testmod()`` is tested by its examples.

``doctest.testmod()`` prints its failures and exits with code 0, so such a file "runs without
errors" however wrong it is. Its examples are its checks: each becomes an assert, run as a fixed
test after the program, with the expected and actual values reported like any other. Examples are
read with the standard library's own parser (``doctest.DocTestParser``) from the docstrings that
``ast`` finds, so nothing is run to find them.

An example with a value becomes ``assert expr == value`` when the value is a literal that reads
back as written, else ``assert repr(expr) == 'what doctest expects'``; ``print(x)`` compares
``str(x)``; an expression with no output must give ``None``, as doctest requires; a statement with
no output (``x = f(2)``) runs as it is; an example that expects an exception checks the exception's
class. Examples that carry doctest directives (``# doctest: +ELLIPSIS``), or are statements with
output, are left out and counted.
"""

from __future__ import annotations

import ast
import doctest
from dataclasses import dataclass

__all__ = ["DoctestChecks", "docstring_tests", "doctest_checks", "is_doctest_runner", "skipped_note"]


@dataclass(frozen=True)
class DoctestChecks:
    """The examples of a program as tests.

    Attributes:
        tests: The asserts (and set-up statements), each on its example's line of the file when the
            ones before it leave room.
        count: How many asserts the tests hold.
        skipped: How many examples could not be made into checks.
    """

    tests: str
    count: int
    skipped: int

    def describe(self, name: str) -> str:
        """One line for people, when the examples are a file's only tests."""
        examples = "example" if self.count == 1 else "examples"
        text = (
            f"{name} has no checks at the bottom and no --tests were given: the {self.count} {examples} in its "
            "docstrings are the tests, which the model cannot edit."
        )
        return text + skipped_note(self.skipped)


def skipped_note(skipped: int) -> str:
    """A sentence on the examples that could not be made checks, or ``""``."""
    if not skipped:
        return ""
    return f" {skipped} more could not be made checks (they use doctest directives, or print from a statement)."


def is_doctest_runner(statement: ast.stmt) -> bool:
    """``import doctest``, ``from doctest import ...``, or a call of ``doctest.testmod(...)``/``testmod(...)``."""
    if isinstance(statement, ast.Import):
        return [alias.name for alias in statement.names] == ["doctest"]
    if isinstance(statement, ast.ImportFrom):
        return statement.module == "doctest"
    call = statement.value if isinstance(statement, ast.Expr) else None
    func = call.func if isinstance(call, ast.Call) else None
    if isinstance(func, ast.Attribute):
        return func.attr == "testmod" and isinstance(func.value, ast.Name) and func.value.id == "doctest"
    return isinstance(func, ast.Name) and func.id == "testmod"


def doctest_checks(module: ast.Module) -> DoctestChecks | None:
    """The docstring examples of ``module`` (its own, its classes', its functions' and methods', in the
    order they are written) as tests; ``None`` when they hold no check."""
    lines: list[str] = []
    count = skipped = 0
    parser = doctest.DocTestParser()
    for docstring, first_line in _docstrings(module):
        try:
            examples = parser.get_examples(docstring)
        except ValueError:  # an example doctest itself cannot read (bad indentation)
            skipped += docstring.count(">>>")
            continue
        for example in examples:
            check = _check(example)
            if check is None:
                skipped += 1
                continue
            # Each check on its example's line in the file, when the checks before it leave room.
            lines += [""] * (first_line + example.lineno - 1 - len(lines))
            lines += check.splitlines()
            count += any(line.startswith("assert ") for line in check.splitlines())
    if count == 0:
        return None
    return DoctestChecks(tests="\n".join(lines) + "\n", count=count, skipped=skipped)


def docstring_tests(source: str) -> DoctestChecks | None:
    """The examples in the docstrings of a Python program, as its tests; ``None`` when it does not parse or they
    hold no check."""
    try:
        module = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    return doctest_checks(module)


def _docstrings(module: ast.Module) -> list[tuple[str, int]]:
    """Each docstring with examples, as written (doctest reads the indentation itself), and the line it
    starts on, in the order of the file."""
    found = []
    nodes: list[ast.Module | ast.stmt] = [module]
    while nodes:
        node = nodes.pop(0)
        if not isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        docstring = ast.get_docstring(node, clean=False)
        if docstring and ">>>" in docstring:
            found.append((docstring, node.body[0].lineno))
        nodes[:0] = node.body
    return found


def _check(example: doctest.Example) -> str | None:
    """One example as Python that checks what doctest would, or ``None`` when it cannot be made one."""
    if example.options:
        return None
    try:
        body = ast.parse(example.source).body
    except SyntaxError:
        return None
    if example.exc_msg is not None:
        return _raises(body, example.exc_msg)
    want = example.want.rstrip("\n")
    if len(body) != 1 or not isinstance(body[0], ast.Expr):
        # A statement (``x = f(2)``, a loop): doctest shows nothing of it unless it prints.
        return None if want else ast.unparse(ast.Module(body=body, type_ignores=[]))
    expr = body[0].value
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id == "print":
        if not want:
            return ast.unparse(expr)
        printed = _printed(expr)
        return None if printed is None else f"assert str({ast.unparse(printed)}) == {want!r}"
    if not want:
        return f"assert {_operand(expr)} is None"
    if _reads_back(want):
        return f"assert {_operand(expr)} == {want}"
    return f"assert repr({ast.unparse(expr)}) == {want!r}"


def _raises(body: list[ast.stmt], exc_msg: str) -> str | None:
    """An example that expects an exception: three lines, to fit the three its docstring takes (the
    example, "Traceback ...", the exception). The exception's class is checked, not its message."""
    expected = exc_msg.split(":", 1)[0].strip().rsplit(".", 1)[-1]
    if len(body) != 1 or "\n" in (code := ast.unparse(body[0])) or not expected.isidentifier():
        return None
    return (
        f"try: {code}; _raised = None\n"
        "except Exception as _error: _raised = type(_error).__name__\n"
        f"assert _raised == {expected!r}, {f'{code} should raise {expected}'!r}"
    )


def _printed(call: ast.Call) -> ast.expr | None:
    """The argument of ``print(x)`` (doctest compares what it prints); ``None`` for other prints."""
    plain = len(call.args) == 1 and not call.keywords and not isinstance(call.args[0], ast.Starred)
    return call.args[0] if plain else None


def _reads_back(want: str) -> bool:
    """Whether the expected output is a literal whose repr is exactly that output (so ``==`` means what
    doctest's text comparison means, save for equal values of other types)."""
    try:
        value = ast.literal_eval(want)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return False
    return repr(value) == want


def _operand(expr: ast.expr) -> str:
    text = ast.unparse(expr)
    return text if isinstance(expr, ast.Call | ast.Name | ast.Attribute | ast.Subscript | ast.Constant) else f"({text})"
