"""Judging a test file by the bugs it catches: run it on the code, then on the code's mutants.

In the test-writing job the code is fixed and the model writes the tests. A test file passes only
when it passes on the given code and fails on at least ``min_score`` of the code's mutants (the
one-change bugs of ``_mutation``, the same operators as ``bench fix``). A suite that cannot fail,
such as ``assert True`` or asserts copied from what the code returns, catches few mutants.

The code is the reference, so a check (an assert, or a ``pytest.raises`` block) that fails on it
has a wrong expected value: it is dropped, the model is told, and the rest of the file is judged.
Small models get many expected values wrong; one of them would otherwise sink every right one.

Everything runs in the sandbox in one execution, so it works wherever Python and pytest do: a
small harness writes the code and the tests to a fresh folder, runs pytest on them (dropping the
checks that fail, one round at a time), then on each mutant in its own pytest process (a mutant
that loops is cut off and counts as caught), and prints one JSON line that
:class:`MutationChecker` reads back.
"""

from __future__ import annotations

import ast
import json
import re
import sys
from collections.abc import Sequence

from autogen_core import CancellationToken
from autogen_core.code_executor import CodeBlock, CodeResult

from ._errors import SandboxError
from ._mutation_report import MutationReport
from ._verification import CheckResult, CheckStatus, ExecuteFn, run_safely
from .edits import OPERATORS, Mutant, mutants

__all__ = [
    "DEFAULT_MAX_MUTANTS",
    "DEFAULT_MIN_MUTATION_SCORE",
    "MutationChecker",
    "MutationReport",
    "complete_part",
    "module_name_problem",
    "mutation_feedback",
    "normalise_test_file",
    "review_test_file",
    "select_mutants",
]

DEFAULT_MIN_MUTATION_SCORE = 0.5
"""The share of mutants a test file must catch to pass."""

DEFAULT_MAX_MUTANTS = 30
"""Mutants run per attempt: each costs one pytest process (about 0.3 s)."""

_MARKER = "@@selfdebug-mutation@@"
_DROPPED = "# selfdebug: dropped"

# Runs in the sandbox. It only needs the standard library and pytest.
_HARNESS = r"""
import importlib.util, json, os, re, shutil, subprocess, sys, tempfile, time
from concurrent.futures import ThreadPoolExecutor

if importlib.util.find_spec("pytest") is None:
    print("\n{marker}", json.dumps({{"missing": sys.executable}}))
    sys.exit(0)

CODE, TESTS, MUTANTS, MODULE = {code!r}, {tests!r}, json.loads({mutants!r}), {module!r}
CHECKS = json.loads({checks!r})  # [first, last] lines of each assert (or pytest.raises block) in a test
ROOT = tempfile.mkdtemp(prefix="selfdebug-mutants-")
ARGS = ["-q", "--no-header", "--tb=short", "-p", "no:cacheprovider", "-o", "addopts=", "-W", "ignore"]
FILE = "test_" + MODULE + ".py"
DROPPED = {dropped!r}

def run(name, code, tests, timeout, first_failure=False):
    folder = os.path.join(ROOT, name)
    os.makedirs(folder)
    for file, text in ((MODULE + ".py", code), (FILE, tests)):
        with open(os.path.join(folder, file), "w", encoding="utf-8") as f:
            f.write(text)
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", PYTHONPATH=folder)
    argv = [sys.executable, "-m", "pytest", *ARGS, *(["-x"] if first_failure else []), FILE]
    try:
        done = subprocess.run(argv, cwd=folder, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True, timeout=timeout)
        return done.returncode, done.stdout
    except subprocess.TimeoutExpired:
        return -1, "(timed out after %g s)" % timeout

def failures(output):
    # Each failed test's last line in the test file, and its "E" lines, from pytest's short tracebacks.
    found = []
    for section in re.split(r"(?m)^_{{3,}} .* _{{3,}}$", output)[1:]:
        lines = re.findall(r"(?m)^" + re.escape(FILE) + r":(\d+):", section)
        found.append((int(lines[-1]) if lines else None, re.findall(r"(?m)^E .*$", section)))
    return found

started = time.monotonic()
tests, dropped, first = TESTS, [], None
# Asserts that fail on the code, which is correct, are wrong: drop them one by one and run again.
for round_ in range(40):
    code, output = run("original%d" % round_, CODE, tests, {timeout})
    first = first or output
    failed = failures(output) if code == 1 else []
    # The innermost check holding each failure's line; a failure outside any check cannot be dropped.
    spans = [min([s for s in CHECKS if line and s[0] <= line <= s[1]] or [None], key=lambda s: s and s[1] - s[0])
             for line, _ in failed]
    if not failed or None in spans:
        break
    lines = tests.split("\n")
    for (a, b), errors in dict(zip(map(tuple, spans), (e for _, e in failed))).items():
        dropped.append([" ".join(l.strip() for l in lines[a - 1:b]), "\n".join(errors)[:300]])
        indent = lines[a - 1][: len(lines[a - 1]) - len(lines[a - 1].lstrip())]
        lines[a - 1:b] = [indent + "pass  " + DROPPED] + [indent + DROPPED] * (b - a)  # keeps the line numbers
    tests = "\n".join(lines)
print((output if code == 0 else first).rstrip())
elapsed, results = time.monotonic() - started, []
if code == 0 and MUTANTS:
    # A mutant that loops forever is caught by its timeout: ten times the code's own run, and at
    # least 10 s, so that a busy machine does not count a slow run as a caught mutant.
    limit = min({timeout}, max(10.0, 10 * elapsed / (round_ + 1)))
    with ThreadPoolExecutor(max(1, min(4, os.cpu_count() or 1))) as pool:
        runs = pool.map(lambda m: run("mutant%d" % m[0], m[1], tests, limit, True), enumerate(MUTANTS))
        results = [c for c, _ in runs]
shutil.rmtree(ROOT, ignore_errors=True)
report = {{"original": code, "mutants": results, "dropped": dropped if code == 0 else [], "tests": tests}}
print("\n{marker}", json.dumps(report))
"""


def module_name_problem(module: str) -> str | None:
    """Why tests could not import the code as ``module``, or ``None`` when they can."""
    if not module.isidentifier():
        return f"{module!r} is not a module name tests can import (use letters, digits and _)."
    if module in sys.stdlib_module_names or module in ("pytest", "_pytest", "pluggy", "conftest"):
        return f"{module!r} would shadow the standard library or pytest; choose another module name."
    return None


def normalise_test_file(tests: str, code: str, module: str) -> str:
    """Two mechanical repairs small models need: drop the file's own copies of the code's functions
    and classes (the tests must exercise the given code), and import what the tests use from
    ``module`` when the file does not import it. A file that does not parse is left alone."""
    try:
        tree = ast.parse(tests)
        defined = {n.name for n in ast.parse(code).body if isinstance(n, _DEFINITIONS)}
    except SyntaxError:
        return tests
    lines = tests.splitlines(keepends=True)
    copies = [n for n in tree.body if isinstance(n, _DEFINITIONS) and n.name in defined]
    for node in reversed(copies):
        start = min([node.lineno, *(d.lineno for d in node.decorator_list)])
        del lines[start - 1 : node.end_lineno]
    text = "".join(lines)
    imported = any(
        (isinstance(n, ast.ImportFrom) and n.module == module)
        or (isinstance(n, ast.Import) and any(a.name == module for a in n.names))
        for n in ast.walk(tree)
    )
    used = sorted(name for name in defined if re.search(rf"\b{re.escape(name)}\b", text))
    if not imported and used:
        text = f"from {module} import {', '.join(used)}\n{text}"
    return text


def complete_part(cut_off: str) -> str | None:
    """The longest run of whole lines from the start of a test file cut off mid-reply that parses
    and still holds a test function, or ``None``. Small models often write asserts until the token
    limit; the complete ones are worth running."""
    lines = cut_off.splitlines()[:-1]  # the last line may be cut mid-token
    while lines:
        text = "\n".join(lines) + "\n"
        try:
            tree = ast.parse(text)
        except SyntaxError:
            lines.pop()
            continue
        tests = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name.startswith("test")]
        return text if tests else None
    return None


def check_spans(tests: str) -> list[tuple[int, int]]:
    """The first and last line of each check in the test functions: an ``assert``, or a ``with``
    block around ``pytest.raises``. These are what can be dropped when they fail on the code."""
    try:
        tree = ast.parse(tests)
    except SyntaxError:
        return []
    spans: list[tuple[int, int]] = []
    for function in ast.walk(tree):
        if not (isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef) and function.name.startswith("test")):
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.With) and not any(
                isinstance(item.context_expr, ast.Call) and _call_name(item.context_expr) in ("raises", "warns")
                for item in node.items
            ):
                continue
            if isinstance(node, ast.Assert | ast.With):
                spans.append((node.lineno, node.end_lineno or node.lineno))
    return sorted(set(spans))


def _call_name(call: ast.Call) -> str:
    return call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", "")


def select_mutants(found: Sequence[Mutant], limit: int) -> list[Mutant]:
    """At most ``limit`` mutants, taken in turn from each operator so every kind of bug is probed."""
    by_operator = {op: [m for m in found if m.operator == op] for op in OPERATORS}
    chosen: list[Mutant] = []
    depth = 0
    while len(chosen) < min(limit, len(found)):
        chosen += [ms[depth] for ms in by_operator.values() if depth < len(ms)][: limit - len(chosen)]
        depth += 1
    return chosen


_DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
_CHECK_CALLS = frozenset({"raises", "warns", "approx", "fail", "deprecated_call"})


def review_test_file(tests: str, code: str) -> list[str]:
    """What reading the test file shows is wrong with it, as notes for the model (empty: nothing)."""
    try:
        tree = ast.parse(tests)
    except SyntaxError:
        return []  # pytest reports it, with the line
    checks = 0
    for node in ast.walk(tree):
        if isinstance(node, ast.Assert):
            checks += 1
        elif isinstance(node, ast.Call):
            name = _call_name(node)
            checks += name in _CHECK_CALLS or name.startswith("assert")
    problems = []
    if checks == 0:
        problems.append(
            "Your tests assert nothing, so they cannot fail. Each test must assert on the exact value "
            "the code should return (or use pytest.raises for an error)."
        )
    try:
        defined = {n.name for n in ast.parse(code).body if isinstance(n, ast.FunctionDef | ast.ClassDef)}
    except SyntaxError:
        defined = set()
    copied = sorted(defined & {n.name for n in tree.body if isinstance(n, ast.FunctionDef | ast.ClassDef)})
    if copied:
        problems.append(
            f"Your test file defines {', '.join(copied)} itself, so it tests its own copy, not the given code. "
            "Import them from the module instead and do not redefine them."
        )
    return problems


class MutationChecker:
    """Checks a test file against fixed code and its mutants, in the agent's sandbox.

    Args:
        code: The Python code under test; it is never changed.
        module: The module name the tests import the code from (``from calc import f``).
        min_score: The share of mutants the tests must catch.
        max_mutants: The most mutants run per attempt (spread over the operators).
        timeout: Seconds for the pytest run on the code; a mutant gets at most this too.
    """

    def __init__(
        self,
        code: str,
        *,
        module: str,
        min_score: float = DEFAULT_MIN_MUTATION_SCORE,
        max_mutants: int = DEFAULT_MAX_MUTANTS,
        timeout: float = 30.0,
    ) -> None:
        self._code = code
        self._module = module
        self._min_score = min_score
        self._timeout = timeout
        self._mutants = tuple(select_mutants(mutants(code), max_mutants))

    @property
    def mutants(self) -> tuple[Mutant, ...]:
        return self._mutants

    def harness(self, tests: str) -> str:
        """The program that runs ``tests`` on the code and on every mutant, in the sandbox."""
        return _HARNESS.format(
            code=self._code,
            tests=tests,
            checks=json.dumps(check_spans(tests)),
            dropped=_DROPPED,
            mutants=json.dumps([m.source for m in self._mutants]),
            module=self._module,
            timeout=self._timeout,
            marker=_MARKER,
        )

    async def check(
        self, blocks: Sequence[CodeBlock], cancellation_token: CancellationToken, *, execute: ExecuteFn
    ) -> CheckResult:
        """Run the test file (the Python blocks, joined) on the code and its mutants."""
        tests = "\n\n".join(b.code.rstrip() for b in blocks if b.language == "python") + "\n"
        script = CodeBlock(code=self.harness(tests), language="python")
        result, raised = await run_safely(execute, [script], cancellation_token)
        if raised:
            return CheckResult(status="executor_error", program=result)
        before, marker, after = result.output.rpartition(_MARKER)
        if not marker:
            return CheckResult(status="program_failed", program=result)
        ran = json.loads(after)
        if "missing" in ran:
            raise SandboxError(
                f"pytest is not installed for the sandbox's Python ({ran['missing']}), so tests cannot run there. "
                "Install pytest in it (the Docker image from scripts/build-sandbox-image.sh has it)."
            )
        original: int = ran["original"]
        pytest_run = CodeResult(exit_code=original, output=before.rstrip() + "\n")
        run_tests = _without_dropped(ran["tests"])
        report = MutationReport(
            mutants=self._mutants,
            caught=tuple(code != 0 for code in ran["mutants"]) if original == 0 else None,
            min_score=self._min_score,
            problems=tuple(review_test_file(run_tests, self._code)),
            pytest_exit_code=original,
            dropped=tuple((text, errors) for text, errors in ran["dropped"]),
            tests=run_tests,
        )
        # What the attempt finally holds: the file without the checks that failed on the code.
        checked = [CodeBlock(code=run_tests, language="python")] if report.dropped else None
        if report.caught is None:
            return CheckResult(status="tests_failed", program=pytest_run, mutation=report)
        status: CheckStatus = "passed" if report.strong_enough else "weak_tests"
        return CheckResult(status=status, program=pytest_run, mutation=report, checked=checked)


def _without_dropped(tests: str) -> str:
    """The test file with the dropped checks' placeholders removed, or replaced by ``pass`` where a
    block would be left empty."""
    if _DROPPED not in tests:
        return tests
    kept = "".join(line for line in tests.splitlines(keepends=True) if _DROPPED not in line)
    try:
        ast.parse(kept)
    except SyntaxError:
        # Some block held only dropped checks: keep one ``pass`` for each of them instead.
        return re.sub(
            rf"^(\s*)pass  {re.escape(_DROPPED)}$\n?|^\s*{re.escape(_DROPPED)}$\n?", _as_pass, tests, flags=re.M
        )
    return kept


def _as_pass(match: re.Match[str]) -> str:
    return f"{match.group(1)}pass\n" if match.group(1) is not None else ""


def mutation_feedback(check: CheckResult, report: MutationReport, *, output: str) -> str:
    """What the model sees after its tests ran: the verdict, the bounded pytest ``output`` when it
    matters, the mutants its tests missed, and what reading the file found."""
    parts: list[str]
    if report.caught is None:
        if report.pytest_exit_code == 5:
            verdict = "pytest found no tests. Write test functions named test_* at the top level of the file."
        else:
            verdict = (
                "Your tests failed on the given code. The code is correct here: a failing test has a wrong "
                "expected value or a wrong call. Fix the tests so they pass on the code as it is."
            )
        parts = [verdict, f"pytest output (exit code {report.pytest_exit_code}):\n{output}"]
    elif check.passed:
        parts = [f"Your tests pass on the code and {report.summary()}."]
    else:
        parts = [f"Your tests pass on the code, but {report.summary()}."]
        if report.survivors:
            parts.append(
                "These changed versions of the code (bugs) still pass your tests:\n"
                + report.survivors_text()
                + "\nAdd tests with exact expected values that would fail on them: check boundaries, "
                "edge cases and each branch of the code."
            )
    if report.dropped:
        parts.insert(
            1,
            "The given code is correct, so checks that fail on it have wrong expected values. "
            + report.dropped_text().replace(":\n", " (the rest was run):\n", 1),
        )
    parts += report.problems
    if not check.passed:
        parts.append("Reply with the complete improved test file in a single ```python code block.")
    return "\n\n".join(parts)
