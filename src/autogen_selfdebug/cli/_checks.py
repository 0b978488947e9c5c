"""Checks written at the bottom of a file to fix, split off as tests the model cannot edit.

A file often ends with its own checks (``assert f(2) == 4`` in Python, ``console.assert``,
``assert.strictEqual`` or node:test's ``test(...)`` in JavaScript), often inside a main block
(``if __name__ == "__main__":``, ``if (require.main === module)``). Left in the program, the model may
edit or drop them, and a failing one shows only an ``AssertionError``. Split off, they run as fixed
tests after each attempt: each one is reported with its expected and actual values, and a fix must
pass all of them. Only the contiguous block of checks at the very end counts, with the statements
between them that set up the next check (``acct.withdraw(30)`` between two asserts); the fixed file
gets that block back, byte for byte.
"""

from __future__ import annotations

import ast
import re
import textwrap
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

import tree_sitter

from .._test_report import (
    expects_raise,
    fixture_functions,
    is_test_runner,
    main_function,
    test_classes,
    test_functions,
    unrun_test_functions,
    unset_autouse_fixtures,
)
from .._test_report_js import (
    NodeTestUse,
    expects_throw,
    is_main_module_test,
    node_test_use,
    requires_test_module,
)
from .._test_report_js import main_function as js_main_function
from .._verification import without_copied_tests
from ..edits import is_assert_statement, judge_lines, named_nodes, parser_for
from ._doctests import DoctestChecks, doctest_checks, is_doctest_runner, skipped_note

__all__ = ["TrailingChecks", "split_trailing_checks", "unrun_tests_note"]


@dataclass(frozen=True)
class TrailingChecks:
    """A file split in two: the program, and the checks at its bottom.

    Attributes:
        program: The file up to the first check, without the blank lines before it.
        checks: The file from the first check's line to the end, exactly as written.
        count: How many checks (asserts) the block holds; ``print`` lines among them are not counted.
        steps: How many statements between the checks are not checks or prints (``acct.withdraw(30)``,
            ``x = f(2)``): they set up the checks after them, so they go with the checks.
        first_line: The first check's line in the file (1-based).
        last_line: The last check's last line in the file.
        gap: The blank lines between the program and the checks, put back by :meth:`rejoin`.
        tests: The checks as tests to run after the program: :attr:`checks`, or for a Python
            ``if __name__ == "__main__":`` block, its body, dedented, or the program's doctest
            examples as asserts when that block runs ``doctest.testmod()``. Blank lines come first,
            so that each check's line number (in the reports) is its line in the file.
        main_block: The line that opens the main block whose body the checks are, as written (Python's
            ``if __name__ == "__main__":``, Node's ``if (require.main === module)``), or ``""``.
        functions: With a main block, how many checking functions defined just above it (``def test_odd():``,
            which it calls) go with it.
        doctests_skipped: With doctest examples as the tests, how many could not be made checks;
            ``None`` otherwise.
        language: The file's language.
    """

    program: str
    checks: str
    count: int
    first_line: int
    last_line: int
    gap: str
    tests: str
    steps: int = 0
    main_block: str = ""
    functions: int = 0
    doctests_skipped: int | None = None
    language: str = "python"

    def rejoin(self, fixed_program: str) -> str:
        """The fixed program with the checks put back after it, as they were written (once, if the model copied
        them, or their first statements, into its answer)."""
        return without_copied_tests(fixed_program, self.checks, self.language).rstrip("\n") + self.gap + self.checks

    def describe(self, name: str) -> str:
        """One line for people: what was split off, and from where."""
        lines = (
            f"line {self.first_line}"
            if self.first_line == self.last_line
            else f"lines {self.first_line}–{self.last_line}"
        )
        checks = "check" if self.count == 1 else "checks"
        if self.doctests_skipped is not None:
            examples = "example" if self.count == 1 else "examples"
            text = (
                f"The {self.count} doctest {examples} of {name}, run by `doctest.testmod()` at the bottom ({lines}), "
                "are tests the model cannot edit."
            )
            return text + skipped_note(self.doctests_skipped)
        where = f"in the `{self.main_block}` block " if self.main_block else ""
        if self.functions:
            defined, them = (
                ("the function", "it") if self.functions == 1 else (f"the {self.functions} functions", "them")
            )
            where = f"in {defined} and the `{self.main_block}` block that calls {them} "
        statements = "the statement" if self.steps == 1 else f"the {self.steps} statements"
        # A main block's steps may also come before its checks (``inv = Inventory()``): "among" them, there.
        between = f", with {statements} {'among' if self.main_block else 'between'} them," if self.steps else ""
        return (
            f"Split off {self.count} {checks} {where}at the bottom of {name} ({lines}){between} as tests the model "
            "cannot edit."
        )


def split_trailing_checks(source: str, language: str) -> TrailingChecks | None:
    """Split the checks at the bottom of ``source`` off its program.

    Python: trailing top-level ``assert`` statements (also in ``for`` loops of asserts), test classes and
    pytest-style test functions (one check per parametrized case), with ``print(...)`` calls among
    or after them and the assignments and calls between them, or a last ``if __name__ == "__main__":``
    block that holds nothing else (but such statements between its checks), with the checking functions
    it calls just above it; or, when that block only runs ``doctest.testmod()``, the program's doctest
    examples. In both languages, calls of a checking helper (``check(...)``, ``test_odd()``) are checks, and so
    is the call of a main function whose body is checks (``main()``, ``asyncio.run(main())``).
    JavaScript and TypeScript: trailing top-level calls of ``assert(...)``, ``assert.xxx(...)`` or
    ``console.assert(...)`` (also in ``for`` loops of them), or node:test tests and suites (one check
    per test), with ``console.log(...)`` calls (and node:test hooks and skipped tests) among or after
    them, the declarations and calls between them, and the ``require`` calls or imports of node:test and
    ``assert`` just above them; or a last ``if (require.main === module) { ... }`` block (an ES module's
    ``if (process.argv[1] === fileURLToPath(import.meta.url))``) that holds nothing
    else, as Python's main block; or a last call of an async main function (the checks in it may ``await``).

    A file that does not parse (a syntax error for the model to fix) is split the same way after its error: the
    checks are those at the bottom of the longest tail of the file that parses.

    Returns:
        The split, or ``None`` when the file does not end with checks, is nothing but checks, or is in another
        language.
    """
    if source.count("\r") != source.count("\r\n"):
        return None  # lone carriage returns: the parsers' lines and ours would not agree
    if language not in _LANGUAGES:
        return None
    doctests: DoctestChecks | None = None
    tree = _parsed(source, language)
    if isinstance(tree, int):
        found = _block_after_an_error(source, language, tree)
    elif isinstance(tree, ast.Module) and (found_doctests := _doctest_block(tree)) is not None:
        found, doctests = found_doctests
    else:
        found = _block_in(tree, source, language)
    if found is None:
        return None
    first, last, count, tests_from, steps, header, functions = found
    starts = _line_starts(source)
    head, checks = source[: starts[first - 1]], source[starts[first - 1] :]
    program = head.rstrip()
    if not program:
        return None
    if doctests is not None:
        tests = doctests.tests
    elif not header:
        tests = "\n" * (first - 1) + checks
    else:
        body = source[starts[tests_from - 1] : starts[last] if last < len(starts) else len(source)]
        # Python's body must be dedented to run at top level; JavaScript's runs indented (and dedenting
        # would change a multi-line template string).
        written = _dedented(body) if language == "python" else body
        if written is None:
            return None
        # The functions the main block calls stay top-level code; its ``if`` line becomes blank lines.
        above = source[starts[first - 1] : starts[header - 1]]
        tests = "\n" * (first - 1) + above + "\n" * (tests_from - header) + written
    return TrailingChecks(
        program + "\n",
        checks,
        count,
        first,
        last,
        head[len(program) :],
        tests,
        steps,
        main_block=source.splitlines()[header - 1].strip().removesuffix("{").rstrip() if header else "",
        functions=functions,
        doctests_skipped=doctests.skipped if doctests is not None else None,
        language=language,
    )


def unrun_tests_note(tests: str, language: str) -> str | None:
    """Lines for people when Python ``tests`` hold test functions pytest would run and ``fix`` cannot (they ask
    for pytest's own fixtures, or carry another decorator), or autouse fixtures it cannot set up; else ``None``."""
    module = _python_tests(tests, language)
    if module is None:
        return None
    lines = []
    if unrun := unrun_test_functions(module):
        them = "it" if len(unrun) == 1 else "them"
        lines.append(f"Not run here, though pytest would run {them}: {'; '.join(unrun)}.")
    if unset := unset_autouse_fixtures(module):
        those = "this autouse fixture" if len(unset) == 1 else "these autouse fixtures"
        listed = "; ".join(f"{name} ({why})" for name, why in unset.items())
        lines.append(f"The tests run without {those}, which pytest would set up for each: {listed}.")
    return "\n".join(lines) or None


def nothing_runs_note(tests: str, language: str) -> str | None:
    """For Python ``tests`` whose test functions pytest would run and ``fix`` cannot, and that hold no other check
    (no test it can run, no top-level assert or call): why nothing could check a fix, or ``None``. Without it,
    such tests "passed" as given, whatever the program did."""
    if (found := _unrun(tests, language)) is None:
        return None
    module, unrun = found
    if test_functions(module) or test_classes(module):
        return None
    definitions = (ast.Import, ast.ImportFrom, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Pass)
    for node in module.body:
        docstring = isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
        if not isinstance(node, (*definitions, ast.Assign, ast.AnnAssign)) and not docstring:
            return None
    return (
        f"None of the tests can run here, so nothing could tell a fix from the program as given: {'; '.join(unrun)}. "
        "Give tests that set up what they ask for themselves (their own @pytest.fixture functions, or in a "
        "conftest.py beside them)."
    )


def _unrun(tests: str, language: str) -> tuple[ast.Module, list[str]] | None:
    """Python ``tests`` parsed, with the test functions pytest would run and ``fix`` cannot; ``None`` if none."""
    module = _python_tests(tests, language)
    if module is None or not (unrun := unrun_test_functions(module)):
        return None
    return module, unrun


def _python_tests(tests: str, language: str) -> ast.Module | None:
    """Python ``tests`` parsed; ``None`` for another language, or tests that do not parse."""
    if language != "python":
        return None
    try:
        return ast.parse(tests)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


_LANGUAGES = ("python", "javascript", "typescript")


def _parsed(source: str, language: str) -> ast.Module | tree_sitter.Node | int:
    """The file's syntax tree (Python's module, or tree-sitter's root node); when it does not parse, a line no tail
    that parses can start before: Python's syntax error's line (an unclosed bracket's is where it opens), or the
    first line of the first top-level statement tree-sitter found an error in (a missing ``}`` is placed at the end
    of the file)."""
    if language == "python":
        try:
            return ast.parse(source)
        except SyntaxError as error:
            return max(1, error.lineno or 1)
        except (ValueError, RecursionError, MemoryError):
            return source.count("\n") + 1  # not a syntax error a later line could be clear of
    root = parser_for(language).parse(source.encode("utf-8")).root_node
    if not root.has_error:
        return root
    broken = next((node for node in root.children if node.has_error), root)
    return broken.start_point.row + 1


def _block_in(tree: ast.Module | tree_sitter.Node, source: str, language: str) -> _Block | None:
    judges = judge_lines(source, source, language)
    return _python_block(tree, judges) if isinstance(tree, ast.Module) else _tree_sitter_block(tree, source, judges)


# Parses of a broken file's tails tried before giving up (each is linear in the tail's length).
_TAILS_TRIED = 200
# A statement standing in for the lines above a tail, so that the tail keeps its line numbers and is not taken
# for a file of nothing but checks. It is no check, print or step, so no block starts above it.
_STAND_IN = {"python": "pass\n", "javascript": ";\n", "typescript": ";\n"}


def _block_after_an_error(source: str, language: str, after: int) -> _Block | None:
    """The checks at the bottom of a file that does not parse (the model is still to fix its syntax error): the
    block of the longest tail that parses, from a line after ``after`` starting with no indent, or ``None``.

    The error stays in the program above the tail; checks after the error are still tests the model cannot edit.
    """
    starts = _line_starts(source)
    candidates = [
        line for line in range(after + 1, len(starts) + 1) if source[starts[line - 1] : starts[line - 1] + 1].strip()
    ]
    for line in candidates[:_TAILS_TRIED]:
        tail = _STAND_IN[language] + "\n" * (line - 2) + source[starts[line - 1] :]
        tree = _parsed(tail, language)
        if not isinstance(tree, int):
            return _block_in(tree, tail, language)
    return None


def _doctest_block(module: ast.Module) -> tuple[_Block, DoctestChecks] | None:
    """A last main block that only runs ``doctest.testmod()``, and the program's doctest examples as its
    checks."""
    main = _last_main_block(module.body)
    if main is None or not all(is_doctest_runner(s) for s in main.body):
        return None
    if not any(isinstance(s, ast.Expr) for s in main.body):
        return None  # imports doctest, runs nothing
    found = doctest_checks(ast.Module(body=module.body[:-1], type_ignores=[]))
    if found is None:
        return None
    return _Block(main.lineno, main.end_lineno or main.lineno, found.count, main.lineno), found


def _line_starts(source: str) -> list[int]:
    """The offset where each line begins. Lines end at ``\\n`` only, as they do for ``ast`` and tree-sitter."""
    return [0] + [i + 1 for i, char in enumerate(source) if char == "\n"]


class _Block(NamedTuple):
    """A found block of checks (lines are 1-based)."""

    first: int
    """Its first line."""
    last: int
    """Its last check's last line."""
    checks: int
    """How many checks it holds."""
    tests_from: int
    """Where its checks begin: the first line, or a main block's body."""
    steps: int = 0
    """How many statements between the checks set up the next one."""
    header: int = 0
    """A main block's ``if`` line, or 0; the block may start above it, at the checking functions it calls."""
    functions: int = 0
    """How many such functions."""


def _python_block(module: ast.Module, judges: set[int]) -> _Block | None:
    body = module.body
    # Test classes count one check per test method; test functions one per case.
    cases = {id(cls): sum(name.startswith("test") for name in lines) for cls, lines in test_classes(module)}
    cases |= {id(function): count or 1 for function, count in test_functions(module)}
    last = _last_main_block(body)
    main, runs = main_function(body, last)
    helpers = _python_helpers(module, main)
    # A loop of checks counts its checks.
    statements = [*body, *(last.body if last is not None else []), *(main.body if main is not None else [])]
    cases |= {id(node): count for node in statements if (count := _python_loop_checks(node, helpers))}
    if main is not None:
        checks = [statement for statement in main.body if not _is_docstring(statement)]
        kinds = [_python_kind(statement, cases, helpers) for statement in checks]
        found = _main_block(kinds, [cases.get(id(statement), 1) for statement in checks], [])
        if found is not None:
            # A main function of checks is a checking helper, and each line that runs it holds all its checks.
            helpers.add(main.name)
            cases |= {id(run): found[0] for run in runs}
    # pytest fixtures the tests' functions ask for go with them, and so do tests the harness does not run (skipped,
    # or asking for pytest's own fixtures): they are still tests.
    named = {node.id for node in ast.walk(module) if isinstance(node, ast.Name)}
    pytest_code = {id(fixture) for fixture in fixture_functions(module).values()}
    pytest_code |= {id(s) for s in body if isinstance(s, ast.FunctionDef) and _pytest_would_run(s, named)}
    kinds = [_python_kind(s, cases, helpers) or ("setup" if id(s) in pytest_code else None) for s in body]
    # Test data and judges just above the checks (``cases = [...]``, ``def close(a, b):``) go with them.
    tests = _python_test_code(body, kinds, judges)
    kinds = ["setup" if id(statement) in tests else kind for statement, kind in zip(body, kinds, strict=True)]
    if last is not None:
        inner = [_python_kind(statement, cases, helpers) for statement in last.body]
        found = _main_block(inner, [cases.get(id(s), 1) for s in last.body], kinds[:-1], guarded=True)
        if found is not None:
            count, steps, above = found
            first = _first_line(body[-1 - above])
            body_from = _first_line(last.body[0])
            functions = sum(isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef) for s in body[-1 - above : -1])
            return _Block(first, last.end_lineno or last.lineno, count, body_from, steps, last.lineno, functions)
    weights = [cases.get(id(statement), 1) for statement in body]
    return _block([(_first_line(s), s.end_lineno or s.lineno, s.col_offset == 0) for s in body], kinds, weights)


def _main_block(
    kinds: Sequence[str | None], weights: Sequence[int], above: Sequence[str | None], *, guarded: bool = False
) -> tuple[int, int, int] | None:
    """A main block of checks, from the kinds and weights of its body's statements and the kinds of the top-level
    statements above it: (checks, steps, how many statements above it go with it), or ``None``. ``guarded``: the
    body of an ``if __name__ == "__main__":`` block (or Node's), whose checks may come after what they check."""
    checks = [i for i, kind in enumerate(kinds) if kind == "check"]
    steps = [i for i, kind in enumerate(kinds) if kind == "step"]
    # As at the top level, a step goes with the checks only between two of them: a main function that starts with
    # ``x = f()`` is the program's own work, and stays in the program. A guarded block runs only when the file is
    # run, so one that sets up (``inv = Inventory()``) and then checks is checks; one that works after its last
    # check is the program's.
    if None in kinds or not checks:
        return None
    first = -1 if guarded else checks[0]
    if not all(first < i < checks[-1] for i in steps):
        return None
    # The checking functions defined just above it (``def test_odd(): assert ...``) go with it.
    taken = 0
    while taken < len(above) and above[-1 - taken] == "setup":
        taken += 1
    return sum(weights[i] for i in checks), len(steps), taken


def _first_line(statement: ast.stmt) -> int:
    """Where a statement starts: a decorated function's or class's first decorator."""
    decorators: list[ast.expr] = getattr(statement, "decorator_list", [])
    return min([statement.lineno, *(d.lineno for d in decorators)])


def _last_main_block(body: list[ast.stmt]) -> ast.If | None:
    """The last statement, when it is a main block on lines of its own after some program."""
    last = body[-1] if len(body) >= 2 else None
    if not isinstance(last, ast.If) or not _is_main_block(last) or body[-2].end_lineno == last.lineno:
        return None
    return last


def _is_main_block(statement: ast.stmt) -> bool:
    """``if __name__ == "__main__":`` (either way round), with no ``else``."""
    if not isinstance(statement, ast.If) or statement.orelse:
        return False
    test = statement.test
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq)):
        return False
    sides = {ast.dump(test.left), ast.dump(test.comparators[0])}
    return sides == {ast.dump(ast.Name("__name__", ast.Load())), ast.dump(ast.Constant("__main__"))}


def _dedented(body: str) -> str | None:
    """A main block's body as top-level code, or ``None`` when it will not dedent (a multi-line string)."""
    body = textwrap.dedent(body)
    try:
        ast.parse(body)
    except SyntaxError:
        return None
    return body


# A function named so, holding an assert or a raise, is a checking helper: its calls are checks. A test
# function that the file calls itself (``test_odd()``, ``testAdd();``) is one too.
_HELPER_NAME = re.compile(r"_?(check|assert|expect|verify|ensure|test)", re.IGNORECASE)


def _is_docstring(statement: ast.stmt) -> bool:
    return isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)


def _python_helpers(module: ast.Module, main: ast.FunctionDef | ast.AsyncFunctionDef | None = None) -> set[str]:
    """The top-level checking helpers (``def check(got, want): assert got == want``), called by the file's
    top-level code (or a main function of checks, ``main``) and never from a function (a ``check_password``
    the program uses is program, and a test function no one calls is pytest's to run)."""
    functions = [
        node for node in module.body if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node is not main
    ]

    def called(statements: list[ast.stmt]) -> set[str]:
        calls = (n for s in statements for n in ast.walk(s) if isinstance(n, ast.Call))
        return {call.func.id for call in calls if isinstance(call.func, ast.Name)}

    inside = called(list(functions))
    definitions = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef
    outside = called([s for s in module.body if not isinstance(s, definitions) or s is main])
    return {
        node.name
        for node in functions
        if isinstance(node, ast.FunctionDef)
        and _HELPER_NAME.match(node.name)
        and node.name in outside - inside
        and any(isinstance(inner, ast.Assert | ast.Raise) for inner in ast.walk(node))
    }


def _python_test_code(body: list[ast.stmt], kinds: Sequence[str | None], judges: set[int]) -> set[int]:
    """The test code among the program's top-level statements after its first, that the rest of the program (the
    statements of kind ``None``) never names: a literal assigned once to a name (``cases = [(32, 0), (212,
    100)]``: test data), and a function the checks judge the program with (``def close(a, b): return ...``:
    its first line is in ``judges``, from :func:`~autogen_selfdebug.edits.judge_lines`). Left in the program, the
    model could edit the expected values, or how the checks judge."""
    program = [statement for statement, kind in zip(body, kinds, strict=True) if kind is None]
    stored = Counter(
        node.id
        for statement in body
        for node in ast.walk(statement)
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store)
    )
    found = set()
    for statement in body[body.index(program[0]) + 1 :] if program else []:
        name = _literal_name(statement)
        if name is not None and stored[name] != 1:
            continue
        if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef) and statement.lineno in judges:
            name = statement.name
        others = (other for other in program if other is not statement)
        if name is not None and not any(isinstance(n, ast.Name) and n.id == name for o in others for n in ast.walk(o)):
            found.add(id(statement))
    return found


def _literal_name(statement: ast.stmt) -> str | None:
    """The name a literal is assigned to (``cases = [(32, 0)]``), or ``None``."""
    if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
        target, value = statement.targets[0], statement.value
    elif isinstance(statement, ast.AnnAssign) and statement.value is not None:
        target, value = statement.target, statement.value
    else:
        return None
    try:
        ast.literal_eval(value)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None
    return target.id if isinstance(target, ast.Name) else None


def _python_kind(statement: ast.stmt, cases: dict[int, int], helpers: set[str]) -> str | None:
    """``check``: an assert, a call of a checking helper, a loop of them, a test class with test methods, a
    test function (with its parametrize marks), or a check that a call raises (``try: ... assert False`` /
    ``except E:``, ``with pytest.raises(E):``); ``setup``: a checking helper's definition; ``print``: a
    ``print(...)``, or a call of ``unittest.main()`` or ``pytest.main()``, alone or as the whole of a main
    block (the tests' harness runs the test classes itself); ``step``: another assignment or expression
    statement, a ``try`` (``try: f() except E: raised = True``), or a loop or ``with`` of such steps, which goes
    with the checks when one comes after it; else ``None``."""
    if isinstance(statement, ast.Assert) or cases.get(id(statement)) or _calls_helper(statement, helpers):
        return "check"
    if expects_raise(statement) is not None:
        return "check"
    if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef) and statement.name in helpers:
        return "setup"
    if isinstance(statement, ast.If) and _is_main_block(statement):
        return "print" if all(is_test_runner(s) for s in statement.body) else None
    if _is_print(statement) or is_test_runner(statement):
        return "print"
    if isinstance(statement, ast.For | ast.While | ast.With) and not getattr(statement, "orelse", None):
        # A loop or `with` of steps only (`for name in "abc": q.push(name)`) sets up, as its statements would.
        inner = {_python_kind(s, cases, helpers) for s in statement.body}
        return "step" if inner <= {"step", "print"} else None
    return "step" if isinstance(statement, ast.Assign | ast.AugAssign | ast.AnnAssign | ast.Expr | ast.Try) else None


# pytest's own fixtures most often asked for.
_PYTEST_FIXTURES = frozenset(
    {"tmp_path", "tmpdir", "capsys", "capfd", "caplog", "monkeypatch", "request", "recwarn", "tmp_path_factory"}
)


def _pytest_would_run(function: ast.FunctionDef, named: set[str]) -> bool:
    """A ``def test...`` that is a test for pytest: never named (``named``: the names the file uses), and it
    asserts, carries a pytest decorator, or asks for one of pytest's own fixtures (a ``test_connection(host)``
    the program calls, or one that only returns, is not)."""
    if not function.name.startswith("test") or function.name in named:
        return False
    marked = any(ast.unparse(d).startswith("pytest.") for d in function.decorator_list)
    asks = {a.arg for a in [*function.args.posonlyargs, *function.args.args]} & _PYTEST_FIXTURES
    return marked or bool(asks) or any(isinstance(node, ast.Assert) for node in ast.walk(function))


def _is_print(statement: ast.stmt) -> bool:
    call = statement.value if isinstance(statement, ast.Expr) else None
    return isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "print"


def _calls_helper(statement: ast.stmt, helpers: set[str]) -> bool:
    call = statement.value if isinstance(statement, ast.Expr) else None
    return isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in helpers


def _python_loop_checks(node: ast.AST, helpers: set[str]) -> int:
    """How many checks a ``for`` loop of checks holds (a body of asserts, helper calls, checks that a call
    raises, prints and such loops only); else 0."""
    if not isinstance(node, ast.For) or node.orelse:
        return 0
    counts = [
        1
        if isinstance(s, ast.Assert) or _calls_helper(s, helpers) or expects_raise(s) is not None
        else 0
        if _is_print(s)
        else _python_loop_checks(s, helpers) or -1
        for s in node.body
    ]
    return 0 if -1 in counts else sum(counts)


def _tree_sitter_block(root: tree_sitter.Node, source: str, judges: set[int]) -> _Block | None:
    # Comments are not statements: those among or after the checks come along with the block's lines.
    statements = [node for node in root.named_children if node.type != "comment"]
    node_test = node_test_use(root)
    helpers = _js_helpers(statements)
    # A statement starts its line when only spaces come before it (column 0 in bytes or in characters).
    lines = source.encode("utf-8").split(b"\n")
    spans = [
        (
            node.start_point.row + 1,
            node.end_point.row + 1,
            not lines[node.start_point.row][: node.start_point.column].strip(),
        )
        for node in statements
    ]

    main = js_main_function(statements)
    main_checks = _js_body_checks(main.body, helpers) if main is not None else 0
    if main is not None and not main.awaits:
        # A main function that is not async is more often the program's own: it is checks only when its body is.
        body = [node for node in main.body.named_children if node.type != "comment"]
        kinds = [_js_kind(node, node_test, helpers) for node in body]
        main_checks = main_checks if _main_block(kinds, [1] * len(kinds), []) is not None else 0

    def weight(node: tree_sitter.Node) -> int:
        if main is not None and node.id == main.call.id:
            return main_checks
        return (node_test.checks(node) if node_test else 0) or _js_loop_checks(node, helpers) or 1

    kinds = [_js_kind(node, node_test, helpers) for node in statements]
    # Test data and judges just above the checks (``const cases = [...]``, ``function close(a, b)``) go with them.
    tests = _js_test_code(statements, kinds, judges)
    kinds = ["setup" if node.id in tests else kind for node, kind in zip(statements, kinds, strict=True)]
    if main is not None and main_checks:
        # The main function's checks: its call is the check, its declaration goes with it.
        kinds[-1] = "check"
        if main.declaration is not None:
            kinds[[node.id for node in statements].index(main.declaration.id)] = "setup"
    last = _js_main_body(statements[-1]) if statements and spans[-1][2] else None
    if last is not None:
        inner = [_js_kind(node, node_test, helpers) for node in last]
        weights = [weight(node) for node in last]
        # An async main function run in the block (``(async () => { ... })().catch(...)``): its call is the check.
        run = js_main_function(last)
        if run is not None and run.awaits and (checks := _js_body_checks(run.body, helpers)):
            inner[-1], weights[-1] = "check", checks
        found = _main_block(inner, weights, kinds[:-1], guarded=True)
        if found is not None:
            count, steps, above = found
            first, header = spans[-1 - above][0], spans[-1][0]
            # What goes with the block from above it: the checking functions, and the ``require`` of assert.
            functions = sum(node.type == "function_declaration" for node in statements[-1 - above : -1])
            return _Block(
                first, last[-1].end_point.row + 1, count, last[0].start_point.row + 1, steps, header, functions
            )
    return _block(spans, kinds, [weight(node) for node in statements])


def _js_main_body(statement: tree_sitter.Node) -> list[tree_sitter.Node] | None:
    """The statements of ``if (require.main === module) { ... }`` (or an ES module's test: :func:`is_main_module_test`)
    with no ``else``, when they start on a line after the ``if`` and end on a line before the closing brace; else
    ``None``."""
    condition = statement.child_by_field_name("condition")
    block = statement.child_by_field_name("consequence")
    if statement.type != "if_statement" or statement.child_by_field_name("alternative") is not None:
        return None
    if condition is None or block is None or block.type != "statement_block":
        return None
    tests = [node for node in condition.named_children if node.type != "comment"]
    if len(tests) != 1 or not is_main_module_test(tests[0]):
        return None
    body = [node for node in block.named_children if node.type != "comment"]
    if not body or body[0].start_point.row <= statement.start_point.row:
        return None
    return body if body[-1].end_point.row < block.end_point.row else None


def _js_helpers(statements: list[tree_sitter.Node]) -> set[bytes]:
    """The top-level checking helpers (``function check(got, want) { assert.equal(got, want); }``), called by
    the file's top-level code and never from a function."""
    functions = [node for node in statements if node.type == "function_declaration"]

    def called(nodes: list[tree_sitter.Node]) -> set[bytes | None]:
        calls = (inner for node in nodes for inner in named_nodes(node) if inner.type == "call_expression")
        return {callee.text for call in calls if (callee := call.child_by_field_name("function")) is not None}

    inside = called(functions)
    outside = called([node for node in statements if node.type not in ("function_declaration", "class_declaration")])
    found = set()
    for function in functions:
        name = function.child_by_field_name("name")
        if name is None or name.text is None or name.text not in outside - inside:
            continue
        checks = (i.type == "throw_statement" or is_assert_statement(i) for i in named_nodes(function))
        if _HELPER_NAME.match(name.text.decode("utf-8", "replace")) and any(checks):
            found.add(name.text)
    return found


def _js_test_code(statements: list[tree_sitter.Node], kinds: Sequence[str | None], judges: set[int]) -> set[int]:
    """As :func:`_python_test_code`: a ``const`` of one name as a literal (``const cases = [[2000, true]];``), and a
    function the checks judge the program with, that the rest of the program never names."""
    program = [node for node, kind in zip(statements, kinds, strict=True) if kind is None]
    found = set()
    for node in statements[statements.index(program[0]) + 1 :] if program else []:
        declarators = node.named_children if node.type == "lexical_declaration" else []
        name = node.child_by_field_name("name") if node.type == "function_declaration" else None
        if name is not None and node.start_point.row + 1 not in judges:
            name = None
        if node.children and node.children[0].type == "const" and len(declarators) == 1:
            declared, value = (declarators[0].child_by_field_name(field) for field in ("name", "value"))
            literal = value is not None and all(inner.type in _JS_LITERALS for inner in named_nodes(value))
            if literal or node.start_point.row + 1 in judges:
                name = declared
        if name is None or name.type != "identifier":
            continue
        others = (other for other in program if other.id != node.id)
        if not any(n.type in _JS_NAMES and n.text == name.text for other in others for n in named_nodes(other)):
            found.add(node.id)
    return found


_JS_NAMES = frozenset({"identifier", "shorthand_property_identifier"})
_JS_LITERALS = frozenset(
    {
        *("array", "object", "pair", "property_identifier", "number", "string", "string_fragment", "escape_sequence"),
        *("template_string", "true", "false", "null", "undefined", "unary_expression", "comment"),
    }
)


def _js_kind(statement: tree_sitter.Node, node_test: NodeTestUse | None, helpers: set[bytes]) -> str | None:
    """``check``: an assert call, a call of a checking helper, a loop of them, a node:test test or suite, or a
    ``try`` that checks that calls throw; ``setup``: an import of node:test or ``assert``, or a checking helper's
    definition; ``print``: a ``console.log(...)``, or a node:test hook or skipped test; ``step``: another variable
    declaration or expression statement, a ``try``, or a loop of such steps, which goes with the checks when one
    comes after it."""
    if is_assert_statement(statement) or _js_calls_helper(statement, helpers) or _js_loop_checks(statement, helpers):
        return "check"
    if expects_throw(statement) is not None:
        return "check"
    name = statement.child_by_field_name("name") if statement.type == "function_declaration" else None
    if requires_test_module(statement) or (name is not None and name.text in helpers):
        return "setup"
    role = node_test.role(statement) if node_test is not None else None
    if role is not None:
        return "print" if role == "other" else "check"
    if _is_console_log(statement):
        return "print"
    if statement.type in _JS_LOOPS and (body := statement.child_by_field_name("body")) is not None:
        # A loop of steps only (`for (const n of "abc") q.push(n);`) sets up, as its statements would.
        inner = body.named_children if body.type == "statement_block" else [body]
        kinds = {_js_kind(s, node_test, helpers) for s in inner if s.type != "comment"}
        return "step" if kinds <= {"step", "print"} else None
    return "step" if statement.type in _JS_STEPS else None


_JS_STEPS = frozenset({"expression_statement", "lexical_declaration", "variable_declaration", "try_statement"})
_JS_LOOPS = frozenset({"for_statement", "for_in_statement", "while_statement"})


def _is_console_log(statement: tree_sitter.Node) -> bool:
    return _js_callee(statement) == b"console.log"


def _js_calls_helper(statement: tree_sitter.Node, helpers: set[bytes]) -> bool:
    return _js_callee(statement) in helpers


def _js_callee(statement: tree_sitter.Node) -> bytes | None:
    """What an expression statement calls (``console.log``), or ``None``."""
    call = (
        statement.named_children[0] if statement.type == "expression_statement" and statement.named_children else None
    )
    callee = call.child_by_field_name("function") if call is not None and call.type == "call_expression" else None
    return callee.text if callee is not None else None


def _js_body_checks(body: tree_sitter.Node, helpers: set[bytes]) -> int:
    """How many checks a function body holds at its top level: asserts, helper calls and loops of them."""
    checks = (
        _js_loop_checks(node, helpers) or int(is_assert_statement(node) or _js_calls_helper(node, helpers))
        for node in body.named_children
    )
    return sum(checks)


def _js_loop_checks(node: tree_sitter.Node, helpers: set[bytes]) -> int:
    """How many checks a ``for`` loop of checks holds (a body of asserts, helper calls, ``console.log`` calls and
    such loops only); else 0."""
    body = node.child_by_field_name("body") if node.type in ("for_statement", "for_in_statement") else None
    if body is None:
        return 0
    statements = [s for s in body.named_children if s.type != "comment"] if body.type == "statement_block" else [body]
    counts = [
        1
        if is_assert_statement(s) or _js_calls_helper(s, helpers)
        else 0
        if _is_console_log(s)
        else _js_loop_checks(s, helpers) or -1
        for s in statements
    ]
    return 0 if -1 in counts else sum(counts)


def _block(
    spans: Sequence[tuple[int, int, bool]], kinds: Sequence[str | None], weights: Sequence[int] | None = None
) -> _Block | None:
    """The trailing run of checks, prints, setup (imports the checks need) and steps with a check after them,
    starting at its first check or setup: (first line, last line, checks, first line, steps).

    ``spans`` gives each top-level statement's first and last line, and whether it starts its line;
    ``weights`` how many checks each statement holds (one each by default).
    """
    start, checked = len(kinds), False
    # A step after the last check is the program's own work (``main()``), not a check's set-up.
    while start > 0 and kinds[start - 1] is not None and (checked or kinds[start - 1] != "step"):
        start -= 1
        checked = checked or kinds[start] == "check"
    # The block starts at a check (or the imports the checks need) on a line of its own; prints before
    # it stay in the program.
    while start < len(kinds) and (kinds[start] not in ("check", "setup") or not spans[start][2]):
        start += 1
    checks = [i for i in range(start, len(kinds)) if kinds[i] == "check"]
    if not checks:
        return None
    # A statement sharing the first check's line (``x = 1; assert x``) stays whole in the program.
    if start > 0 and spans[start - 1][1] >= spans[start][0]:
        return None
    count = sum(weights[i] for i in checks) if weights is not None else len(checks)
    steps = kinds[start : checks[-1]].count("step")
    return _Block(spans[start][0], spans[checks[-1]][1], count, spans[start][0], steps)
