"""The bug-fix benchmark's second set: the model's own wrong programs, bugs that no one designed.

The injected bugs come from the same mutation operators the patch search inverts, so the search
looks better on them than it is. Here a task's bug is the model's greedy single-shot answer to the
fix-rate task (the ``single_shot`` arm's prompt, at the run's temperature and seed) when it parses
but fails the hidden tests. The test asserts the prompt asks it to append are cut off first: the
arms get the visible tests separately, and a program whose function is right but whose own
asserts are wrong is not a bug in the function.

Every task's answer is cached in a JSONL file, keyed by the model and its sampling settings, so a
rerun fixes the same set without calling the model again.
"""

from __future__ import annotations

import ast
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from autogen_core.models import ChatCompletionClient
from pydantic import BaseModel, ValidationError

from ._arms import single_shot_code
from ._bugfix import exit_code
from ._counting import CountingChatCompletionClient
from ._humaneval import Problem, grade
from ._jobs import fix_rate_job

__all__ = ["BugSource", "ModelBug", "ModelBugRecord", "build_model_bugs", "without_test_code"]

BugStatus = Literal["bug", "passed", "asserts_only", "no_code", "unparsable"]
"""``asserts_only``: the answer failed the hidden tests only through the asserts it appended."""


class BugSource(BaseModel):
    """What must match for a cached answer to be reused: the model and how it was sampled."""

    model: str
    max_tokens: int
    temperature: float
    seed: int | None


class ModelBugRecord(BaseModel):
    """One task's single-shot answer, as cached: the program the model wrote and what it is."""

    source: BugSource
    task_id: str
    status: BugStatus
    code: str = ""
    """The model's program as it wrote it."""
    broken: str = ""
    """The program the arms get: ``code`` without its top-level test code."""
    fails_visible: bool | None = None
    """Whether ``broken`` fails the visible tests (so the tests show there is a bug)."""
    prompt_tokens: int = 0
    completion_tokens: int = 0
    seconds: float = 0.0


@dataclass(frozen=True)
class ModelBug:
    """One HumanEval task as the model's own wrong program to fix. Graded like any answer to ``problem``."""

    problem: Problem
    broken: str
    fails_visible: bool

    @property
    def task_id(self) -> str:
        return self.problem.task_id


def without_test_code(code: str) -> str:
    """The program without its top-level asserts and ``if __name__ == "__main__":`` block.

    Lines are cut by the parser's spans, so the rest keeps its comments and layout.

    Example:
        >>> print(without_test_code("def f(x):\\n    return x\\n\\nassert f(1) == 2\\n"), end="")
        def f(x):
            return x
    """
    tree = ast.parse(code)
    cut: set[int] = set()
    for node in tree.body:
        if isinstance(node, ast.Assert) or _is_main_block(node):
            cut.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    kept = [line for n, line in enumerate(code.splitlines(), start=1) if n not in cut]
    return re.sub(r"\n{3,}", "\n\n\n", "\n".join(kept)).strip("\n") + "\n"


def _is_main_block(node: ast.stmt) -> bool:
    return isinstance(node, ast.If) and "__name__" in ast.unparse(node.test) and "__main__" in ast.unparse(node.test)


async def build_model_bugs(
    problems: Sequence[Problem],
    client: ChatCompletionClient,
    *,
    source: BugSource,
    cache: Path,
    timeout: int = 10,
    progress: Callable[[str, str], None] | None = None,
) -> list[ModelBug]:
    """The model's wrong single-shot programs for the tasks that have visible tests, in task order.

    Answers already in ``cache`` for the same ``source`` are reused; new ones are appended as they
    are made, so an interrupted build resumes.

    Args:
        problems: HumanEval problems (with their hidden tests, for grading).
        client: The model; it should sample as ``source`` says.
        source: The model's name and sampling settings, the cache key.
        cache: The JSONL file of answers.
        timeout: Seconds per run.
        progress: Called with (task id, status) after each task.

    Raises:
        Exception: whatever the model client raises: a failed call is not an answer.
    """
    cached = _load(cache, source)
    bugs = []
    for problem in problems:
        if not problem.visible_tests:
            continue  # nothing would show the arms that there is a bug
        record = cached.get(problem.task_id)
        if record is None:
            record = await _answer(problem, client, source, timeout=timeout)
            _append(cache, record)
        if progress is not None:
            progress(problem.task_id, record.status)
        if record.status == "bug":
            bugs.append(ModelBug(problem=problem, broken=record.broken, fails_visible=bool(record.fails_visible)))
    return bugs


async def _answer(problem: Problem, client: ChatCompletionClient, source: BugSource, *, timeout: int) -> ModelBugRecord:
    counting = CountingChatCompletionClient(client)
    started = time.perf_counter()
    code = await single_shot_code(fix_rate_job(problem), counting)
    made = ModelBugRecord(
        source=source,
        task_id=problem.task_id,
        status="no_code",
        code=code,
        prompt_tokens=counting.prompt_tokens,
        completion_tokens=counting.completion_tokens,
        seconds=round(time.perf_counter() - started, 3),
    )
    if not code.strip():
        return made
    try:
        broken = without_test_code(code)
    except SyntaxError:
        return made.model_copy(update={"status": "unparsable"})
    if (await grade(problem, code, timeout=timeout)).passed:
        return made.model_copy(update={"status": "passed", "broken": broken})
    if not broken.strip():
        return made
    if (await grade(problem, broken, timeout=timeout)).passed:
        return made.model_copy(update={"status": "asserts_only", "broken": broken})
    fails = await exit_code(f"{broken}\n\n{problem.visible_tests}\n", timeout) != 0
    return made.model_copy(update={"status": "bug", "broken": broken, "fails_visible": fails})


def _load(path: Path, source: BugSource) -> dict[str, ModelBugRecord]:
    if not path.exists():
        return {}
    records: dict[str, ModelBugRecord] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        try:
            record = ModelBugRecord.model_validate_json(line)
        except ValidationError:
            continue  # a line cut short by an interrupted write
        if record.source == source:
            records[record.task_id] = record
    return records


def _append(path: Path, record: ModelBugRecord) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    torn = path.exists() and path.stat().st_size > 0 and not path.read_bytes().endswith(b"\n")
    with path.open("a", encoding="utf-8") as f:
        f.write(("\n" if torn else "") + record.model_dump_json() + "\n")
