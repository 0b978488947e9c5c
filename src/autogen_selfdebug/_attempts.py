"""The record of one attempt, and the outcome of a run.

These records are what ``save_state`` keeps besides the model context, what the failure summary
is written from, and what the CLI and the benchmark read back from a run's final message.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, get_args

from autogen_core.code_executor import CodeBlock
from pydantic import BaseModel, Field

from ._code_blocks import format_code_blocks

__all__ = ["Attempt", "AttemptKind", "Outcome", "RunSummary"]

Outcome = Literal["success", "failure", "no_code", "unconfirmed"]
"""How a run ended: the code passed, the agent gave up, the model declined to write code, or the tests
pass only with a patch the repair search made to the model's own program, which the agent does not claim
as a fix (``RetryStrategy(confirm_model_patches=...)``)."""

AttemptKind = Literal["executed", "no_code", "truncated", "unsupported_language", "declined"]
"""What the model's reply was: code that ran, or one of the unusable replies."""


class Attempt(BaseModel):
    """One generation and (when the reply held usable code) its execution."""

    round: int = Field(description="Which call to the agent this attempt belongs to (0-based).")
    index: int = Field(description="The attempt number within its round (0-based), as in retry_attempt.")
    kind: AttemptKind
    code: str = Field(default="", description="The extracted code blocks, as markdown fences.")
    languages: list[str] = Field(default_factory=list)
    passed: bool = False
    exit_code: int | None = None
    output: str = Field(
        default="", description="The execution feedback the model saw (bounded), or the note on an unusable reply."
    )
    retry: bool | None = Field(default=None, description="The retry decision after this attempt, if one was made.")
    reason: str | None = None
    move: str = Field(
        default="first",
        description="Where it came from: first, repair or restart (the model), given or search (no model call), "
        "or rewrite (the search, among the model's rewrites of lines).",
    )
    model: str = Field(default="", description="The model that wrote it.")
    temperature: float | None = Field(default=None, description="Its sampling temperature, if the agent set one.")
    tests_passed: int | None = Field(default=None, description="Test asserts that passed, when they were counted.")
    tests_total: int | None = Field(default=None, description="Test asserts counted.")
    mutants_caught: int | None = Field(default=None, description="Mutants the written tests caught (test writing).")
    mutants_total: int | None = Field(default=None, description="Mutants run on the written tests (test writing).")
    edit: str | None = Field(default=None, description="The patch, when the repair search wrote this attempt.")

    @classmethod
    def from_blocks(cls, blocks: Sequence[CodeBlock], **fields: object) -> Attempt:
        return cls.model_validate(
            {"code": format_code_blocks(blocks), "languages": sorted({b.language for b in blocks}), **fields}
        )


class RunSummary(BaseModel):
    """What the final message's ``metadata`` carries, in typed form.

    AgentChat metadata values are strings, so :meth:`to_metadata` and :meth:`from_metadata`
    convert both ways.
    """

    outcome: Outcome
    attempts: int
    code: str = ""
    tests_passed: int | None = None
    tests_total: int | None = None
    mutants_caught: int | None = None
    mutants_total: int | None = None

    @property
    def passed(self) -> bool:
        """Whether the run ended on code that passed the tests, claimed as the fix (``success``) or not
        (``unconfirmed``)."""
        return self.outcome in ("success", "unconfirmed")

    @property
    def mutation_score(self) -> float | None:
        """The share of mutants the written tests caught (test writing), if any were run."""
        if not self.mutants_total:
            return None
        return (self.mutants_caught or 0) / self.mutants_total

    @classmethod
    def of_round(cls, outcome: Outcome, attempts: Sequence[Attempt]) -> RunSummary:
        """The summary of a round: its last executed attempt's code and test counts; ``failure`` with
        nothing executed becomes ``no_code``."""
        executed = [a for a in attempts if a.kind == "executed"]
        if not executed:
            return cls(outcome="no_code" if outcome == "failure" else outcome, attempts=len(attempts))
        last = executed[-1]
        return cls(
            outcome=outcome,
            attempts=len(attempts),
            code=last.code,
            tests_passed=last.tests_passed,
            tests_total=last.tests_total,
            mutants_caught=last.mutants_caught,
            mutants_total=last.mutants_total,
        )

    def to_metadata(self) -> dict[str, str]:
        data = {"outcome": self.outcome, "attempts": str(self.attempts), "code": self.code}
        if self.tests_total is not None:
            data["tests_passed"], data["tests_total"] = str(self.tests_passed or 0), str(self.tests_total)
        if self.mutants_total is not None:
            data["mutants_caught"], data["mutants_total"] = str(self.mutants_caught or 0), str(self.mutants_total)
            score = self.mutation_score
            data["mutation_score"] = f"{score:.4f}" if score is not None else ""
        return data

    @classmethod
    def from_metadata(cls, metadata: dict[str, str]) -> RunSummary | None:
        """Read a summary back from a message's metadata; ``None`` if it is not one of ours."""
        if metadata.get("outcome") not in get_args(Outcome):
            return None
        return cls.model_validate(
            {
                "outcome": metadata["outcome"],
                "attempts": metadata.get("attempts", "0"),
                "code": metadata.get("code", ""),
                "tests_passed": metadata.get("tests_passed"),
                "tests_total": metadata.get("tests_total"),
                "mutants_caught": metadata.get("mutants_caught"),
                "mutants_total": metadata.get("mutants_total"),
            }
        )
