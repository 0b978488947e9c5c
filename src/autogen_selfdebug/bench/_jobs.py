"""The two kinds of job every arm is given: write a HumanEval function, or fix a broken program."""

from __future__ import annotations

from .. import fix_prompt
from ._arms import Job
from ._humaneval import Problem, task_text, tests_section

__all__ = ["fix_job", "fix_rate_job"]


def fix_rate_job(problem: Problem) -> Job:
    """Write the function from its prompt; the docstring's examples are the visible tests."""
    return Job(
        task_id=problem.task_id,
        task=task_text(problem, with_tests=False),
        task_with_tests=task_text(problem, with_tests=True),
        tests=problem.visible_tests or None,
    )


def fix_job(problem: Problem, broken: str) -> Job:
    """Fix the broken program, phrased as the command line phrases it. Our arms also get the program
    itself as ``initial_code``, so their first attempt runs it with no model call."""
    task = fix_prompt(broken, "python", has_tests=True)
    return Job(
        task_id=problem.task_id,
        task=task,
        task_with_tests=task + tests_section(problem.visible_tests),
        tests=problem.visible_tests or None,
        broken=broken,
    )
