"""The bug-fix benchmark's problems: a correct HumanEval program with one planted bug to find and fix.

A problem is HumanEval's canonical program (the prompt followed by the canonical solution) with one
mutant (:mod:`autogen_selfdebug.edits`) applied inside the entry-point function. It is kept only
if the canonical program passes both the visible tests (the docstring examples) and the hidden
``check`` tests, and the broken one fails both, so the visible tests show that there is a bug and
the hidden ones say whether it was fixed. With ``bugs=2`` a second mutant goes on another line of the
function; it must break the hidden tests on its own too, so that neither bug alone is the whole story.
A fix is graded like any HumanEval answer: ``grade(bugfix.problem, code)``, since the fixed program
defines the entry point (helpers and imports included).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from autogen_core import CancellationToken
from autogen_core.code_executor import CodeBlock

from ..edits import OPERATORS, Mutant, MutationOperator, mutants
from ..sandboxes import TIMEOUT_EXIT_CODE, LocalSandbox
from ._humaneval import Problem, assemble_program

__all__ = ["BugFixProblem", "build_bugfix_problems", "canonical_program", "exit_code"]

_CONCURRENCY = 2
"""Tasks checked at once: each runs one subprocess at a time."""

# Candidate runs only: a mutant that allocates without bound must not take the machine's memory
# before its timeout. Not part of any program an agent sees.
_MEMORY_GUARD = (
    "try:\n"
    "    import resource\n"
    "    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))\n"
    "except (ImportError, ValueError, OSError):\n"
    "    pass\n"
)


@dataclass(frozen=True)
class BugFixProblem:
    """One HumanEval task as a broken program to fix.

    ``problem.test`` holds the hidden tests and ``problem.canonical_solution`` the answer: no arm
    may see either. An arm gets :attr:`broken` and :attr:`visible_tests`.

    Example:
        >>> from autogen_selfdebug.edits import mutants
        >>> p = Problem("Toy/1", "def inc(x):\\n", "inc", test="", canonical_solution="    return x + 1\\n")
        >>> bug = BugFixProblem(p, mutants(canonical_program(p), function="inc")[0])
        >>> bug.broken.splitlines()[-1]
        '    return x - 1'
    """

    problem: Problem
    mutant: Mutant
    second: Mutant | None = None
    """With two bugs: the second, as a mutant of the canonical program; :attr:`broken` has both."""

    @property
    def task_id(self) -> str:
        """The HumanEval task, e.g. ``HumanEval/12``."""
        return self.problem.task_id

    @property
    def broken(self) -> str:
        """The broken program text given to the agent."""
        return self.mutant.source if self.second is None else _both(self.mutant, self.second)

    @property
    def visible_tests(self) -> str:
        """The docstring examples as asserts; the broken program fails them."""
        return self.problem.visible_tests


def canonical_program(problem: Problem) -> str:
    """HumanEval's correct program for a task: the prompt followed by the canonical solution."""
    return problem.prompt + problem.canonical_solution


async def build_bugfix_problems(
    problems: Sequence[Problem],
    *,
    bugs: int = 1,
    timeout: int = 10,
    progress: Callable[[int, int], None] | None = None,
) -> list[BugFixProblem]:
    """One bug per task (or two, on two lines), deterministically; tasks with no qualifying bug are left out.

    A task's mutants are tried in an order that rotates the operators by the task number (task
    ``n`` starts with ``OPERATORS[n % 5]``), so the set mixes all five kinds; the first mutant that
    fails both the visible and the hidden tests is kept. A task is skipped if its canonical program
    fails either, or it has no visible tests. A mutant that times out is passed over: a hang makes a
    slow problem whose output says nothing about the bug.

    Args:
        problems: HumanEval problems with their canonical solutions (from ``load_problems()``).
        bugs: 1, or 2 for a second bug on another line, from the next operators in the rotation, that
            fails the hidden tests on its own; the broken program must still fail both sets of tests.
        timeout: Seconds one run may take.
        progress: Called with (tasks done, tasks in all) after each task.

    Returns:
        The bug-fix problems, in the order of ``problems``.
    """
    if bugs not in (1, 2):
        raise ValueError(f"bugs must be 1 or 2, not {bugs}.")
    semaphore = asyncio.Semaphore(_CONCURRENCY)
    done = 0

    async def build(problem: Problem) -> BugFixProblem | None:
        nonlocal done
        async with semaphore:
            found = await _plant_bug(problem, bugs=bugs, timeout=timeout)
        done += 1
        if progress is not None:
            progress(done, len(problems))
        return found

    found = await asyncio.gather(*(build(p) for p in problems))
    return [f for f in found if f is not None]


async def _plant_bug(problem: Problem, *, bugs: int, timeout: int) -> BugFixProblem | None:
    tests = problem.visible_tests
    if not problem.canonical_solution.strip() or not tests.strip():
        return None
    program = canonical_program(problem)
    if await exit_code(f"{program}\n\n{tests}\n", timeout) != 0:
        return None
    if await exit_code(assemble_program(problem, program), timeout) != 0:
        return None

    async def breaks(source: str, *, visible: bool = True) -> bool:
        # The visible tests run first: they are quicker and reject most surviving mutants.
        if visible and not _failed(await exit_code(f"{source}\n\n{tests}\n", timeout)):
            return False
        return _failed(await exit_code(assemble_program(problem, source), timeout))

    first = None
    for mutant in mutants(program, operators=_rotated(problem.task_id), function=problem.entry_point):
        if await breaks(mutant.source):
            first = mutant
            break
    if first is None or bugs == 1:
        return None if first is None else BugFixProblem(problem=problem, mutant=first)
    # Two bugs: the one-bug set's bug, then a second on another line (line numbers must not shift).
    lines = len(program.splitlines())
    if len(first.source.splitlines()) != lines:
        return None
    for second in mutants(program, operators=_rotated(problem.task_id, 1), function=problem.entry_point):
        if second.line == first.line or len(second.source.splitlines()) != lines:
            continue
        pair = BugFixProblem(problem=problem, mutant=first, second=second)
        if await breaks(second.source, visible=False) and await breaks(pair.broken):
            return pair
    return None


def _both(first: Mutant, second: Mutant) -> str:
    """The first mutant's program with the second's line (a mutant of the same program, on another line)."""
    lines = first.source.splitlines(keepends=True)
    lines[second.line - 1] = second.source.splitlines(keepends=True)[second.line - 1]
    return "".join(lines)


def _rotated(task_id: str, more: int = 0) -> tuple[MutationOperator, ...]:
    number = task_id.rsplit("/", 1)[-1]
    shift = (int(number) + more) % len(OPERATORS) if number.isdigit() else more
    return OPERATORS[shift:] + OPERATORS[:shift]


def _failed(code: int) -> bool:
    return code not in (0, TIMEOUT_EXIT_CODE)


async def exit_code(program: str, timeout: int) -> int:
    """Run a program in a fresh local sandbox, as ``grade`` does, and return its exit code."""
    async with LocalSandbox(timeout=timeout) as sandbox:
        blocks = [CodeBlock(code=_MEMORY_GUARD + program, language="python")]
        result = await sandbox.execute_code_blocks(blocks, CancellationToken())
    return result.exit_code
