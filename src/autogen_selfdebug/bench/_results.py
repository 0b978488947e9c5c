"""The results file: one JSON line per (task, arm), appended as each finishes, so a run resumes.

Each line carries the run's settings; a resumed run skips only the (task, arm) pairs already
done with the same settings, and the report reads only those lines.
"""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

__all__ = ["RunSettings", "TaskRecord", "append_record", "load_records", "read_records"]

M = TypeVar("M", bound=BaseModel)


class RunSettings(BaseModel):
    """What must match for two results to belong to the same run."""

    model: str
    retry_model: str | None = None
    attempts: int
    max_tokens: int
    temperature: float
    seed: int | None
    reflect: bool = False
    min_score: float | None = None
    """``bench write-tests``: the share of mutants the tests must catch."""
    max_mutants: int | None = None
    bugs: str | None = None
    """``bench fix --bugs model``: the model's own wrong programs (``None``: injected bugs, or no bugs)."""
    heed_decisions: bool | None = None
    """``--heed-decisions yes|no``; ``None``: the command line's rule (only ``openai:`` models are heeded)."""


class TaskRecord(BaseModel):
    """One arm on one task: the hidden-test verdict and what it cost."""

    settings: RunSettings
    task_id: str
    arm: str
    passed: bool
    verdict: str
    attempts: int
    model_calls: int
    # None: the server sent no usage to an arm that counts its own tokens (smolagents, ag2).
    prompt_tokens: int | None
    completion_tokens: int | None
    wall_seconds: float
    timed_out: bool = False
    error: str | None = None
    code: str = ""
    # Who wrote the final code (an attempt's move: given and search mean no model), attempts a model
    # wrote, and seconds spent in model calls; None in records written before they were kept.
    final_move: str | None = None
    model_attempts: int | None = None
    model_seconds: float | None = None
    # Tokens of the structured calls (the retry decisions), part of the totals above.
    decision_tokens: int | None = None
    # bench write-tests: how the final test file fared on the code and its mutants.
    tests_pass_on_code: bool | None = None
    mutants_caught: int | None = None
    mutants_total: int | None = None
    asserts_nothing: bool | None = None

    @property
    def key(self) -> tuple[str, str]:
        return (self.task_id, self.arm)


def read_records(path: Path, kind: type[M]) -> list[M]:
    """Every line of ``path`` that is a ``kind``; a torn last line (an interrupted write) is skipped."""
    if not path.exists():
        return []
    records = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        try:
            records.append(kind.model_validate_json(line))
        except ValidationError:
            continue  # a line cut short by an interrupted write
    return records


def load_records(path: Path, settings: RunSettings) -> list[TaskRecord]:
    """Records of this run already in ``path``, the last of each (task, arm); other runs' lines are skipped."""
    records = {r.key: r for r in read_records(path, TaskRecord) if r.settings == settings}
    return list(records.values())


def append_record(path: Path, record: BaseModel) -> None:
    """Append one line and flush it, so an interrupt loses at most the task in flight."""
    path.parent.mkdir(parents=True, exist_ok=True)
    torn = path.exists() and path.stat().st_size > 0 and not path.read_bytes().endswith(b"\n")
    with path.open("a", encoding="utf-8") as f:
        f.write(("\n" if torn else "") + record.model_dump_json() + "\n")
        f.flush()
