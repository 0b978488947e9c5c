"""How a written test file fared on the code and on its mutants: the test-writing job's verdict."""

from __future__ import annotations

from dataclasses import dataclass

from .edits import Mutant

__all__ = ["MutationReport"]

_SHOWN_SURVIVORS = 8


@dataclass(frozen=True)
class MutationReport:
    """How a test file fared: on the code, and on each mutant.

    ``caught`` has one entry per mutant (``True``: the tests failed on it), or is ``None`` when the
    mutants were not run because the tests did not pass on the code. ``problems`` are what reading
    the file found (it asserts nothing, it redefines the code under test). ``dropped`` holds the
    checks that failed on the code, which is correct, so were removed (their source and pytest's
    ``E`` lines); ``tests`` is the file as it was finally run.
    """

    mutants: tuple[Mutant, ...]
    caught: tuple[bool, ...] | None
    min_score: float
    problems: tuple[str, ...] = ()
    pytest_exit_code: int = 0
    dropped: tuple[tuple[str, str], ...] = ()
    tests: str = ""

    @property
    def killed(self) -> int:
        return sum(self.caught or ())

    @property
    def total(self) -> int:
        return len(self.mutants)

    @property
    def score(self) -> float | None:
        """The share of mutants caught; ``None`` when none were run (no mutants, or the tests failed)."""
        if self.caught is None or not self.mutants:
            return None
        return self.killed / self.total

    @property
    def survivors(self) -> list[Mutant]:
        return [m for m, c in zip(self.mutants, self.caught or (), strict=False) if not c]

    @property
    def strong_enough(self) -> bool:
        """Passing on the code, catching enough mutants, and asserting something."""
        if self.caught is None or self.problems:
            return False
        return self.score is None or self.score >= self.min_score

    def summary(self) -> str:
        """One line: "caught 7 of 10 mutants (70%; 50% needed)"."""
        if self.caught is None:
            return "the mutants were not run: the tests did not pass on the code"
        if not self.mutants:
            return "the code has no mutants to run"
        return f"caught {self.killed} of {self.total} mutants ({self.score:.0%}; {self.min_score:.0%} needed)"

    def dropped_text(self) -> str:
        """The checks dropped because they failed on the code, a line each (bounded), or ""."""
        if not self.dropped:
            return ""
        shown = self.dropped[:6]
        lines = [f"- `{text}`: {errors.strip() or 'failed'}".replace("\n", " ") for text, errors in shown]
        if len(self.dropped) > len(shown):
            lines.append(f"- and {len(self.dropped) - len(shown)} more")
        return f"{len(self.dropped)} checks failed on the code and were dropped:\n" + "\n".join(lines)

    def survivors_text(self) -> str:
        """The mutants the tests missed, a line each (bounded): "- `a < b` changed to ...: your tests still pass"."""
        survivors = self.survivors
        lines = [f"- {m.description}: your tests still pass" for m in survivors[:_SHOWN_SURVIVORS]]
        if len(survivors) > _SHOWN_SURVIVORS:
            lines.append(f"- and {len(survivors) - _SHOWN_SURVIVORS} more")
        return "\n".join(lines)
