"""Turning task records into per-arm figures, a markdown table and a chart."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ._results import TaskRecord

__all__ = ["ArmSummary", "markdown_report", "pass_rate_chart", "split_of", "summarise", "targets_report"]


def split_of(task_id: str) -> str:
    """``tune`` for HumanEval/0-79, the split prompts and policies are tuned on; ``heldout`` for 80-163."""
    return "tune" if int(task_id.rsplit("/", 1)[-1]) < 80 else "heldout"


@dataclass
class ArmSummary:
    """One arm's figures over the tasks it has finished."""

    arm: str
    tasks: int
    solved: int
    model_calls: int
    prompt_tokens: int | None
    """``None`` when some task's server sent no usage (the arms that count their own tokens)."""
    completion_tokens: int | None
    wall_seconds: float
    errors: int
    timeouts: int
    claimed: int = 0
    claimed_and_passed: int = 0
    unconfirmed: int = 0
    """Tasks the arm ended on passing code it did not claim (a search patch of the model's own program)."""
    unconfirmed_right: int = 0
    search_fixes: int = 0
    """Tasks solved by code no model wrote: a patch the search found, or the program as given."""
    search_kept: int = 0
    """Tasks whose final code no model wrote and that the arm called a success (or left unconfirmed), right or
    not."""
    model_attempts: int | None = None
    """Attempts a model wrote; ``None`` when some records predate the count."""
    model_seconds: float | None = None
    decision_tokens: int | None = None
    """Tokens of the retry decisions (structured calls); ``None`` for arms that count their own calls."""
    attempts_histogram: Counter[int] = field(default_factory=Counter[int])
    solved_by_attempts: Counter[int] = field(default_factory=Counter[int])

    @property
    def pass_rate(self) -> float:
        return self.solved / self.tasks if self.tasks else 0.0

    @property
    def tokens(self) -> int | None:
        """Prompt and completion tokens, or ``None`` if either is unknown."""
        if self.prompt_tokens is None or self.completion_tokens is None:
            return None
        return self.prompt_tokens + self.completion_tokens

    def per_task(self, total: float | None) -> float | None:
        if total is None:
            return None
        return total / self.tasks if self.tasks else 0.0

    def per_solved(self, total: float | None) -> float | None:
        return total / self.solved if self.solved and total is not None else None

    @property
    def verdict_precision(self) -> float | None:
        """How often the arm's own "success" survived the hidden tests."""
        return self.claimed_and_passed / self.claimed if self.claimed else None

    def per_model_attempt(self, total: float | None) -> float | None:
        return total / self.model_attempts if total is not None and self.model_attempts else None

    def pass_rate_within(self, attempts: int) -> float:
        """Share of tasks whose final code passed the hidden tests after at most ``attempts`` attempts."""
        solved = sum(n for used, n in self.solved_by_attempts.items() if used <= attempts)
        return solved / self.tasks if self.tasks else 0.0


def summarise(records: Sequence[TaskRecord], arms: Sequence[str]) -> list[ArmSummary]:
    """Per-arm totals, in the order of ``arms``; only tasks every listed arm finished are counted,
    so a resumed or interrupted run compares the arms on the same tasks."""
    done: dict[str, set[str]] = {arm: set() for arm in arms}
    for r in records:
        if r.arm in done:
            done[r.arm].add(r.task_id)
    common = set.intersection(*done.values()) if done else set()
    summaries = []
    for arm in arms:
        mine = [r for r in records if r.arm == arm and r.task_id in common]
        summary = ArmSummary(
            arm=arm,
            tasks=len(mine),
            solved=sum(r.passed for r in mine),
            model_calls=sum(r.model_calls for r in mine),
            prompt_tokens=_count([r.prompt_tokens for r in mine]),
            completion_tokens=_count([r.completion_tokens for r in mine]),
            wall_seconds=sum(r.wall_seconds for r in mine),
            errors=sum(r.error is not None for r in mine),
            timeouts=sum(r.timed_out for r in mine),
            claimed=sum(r.verdict == "success" for r in mine),
            claimed_and_passed=sum(r.verdict == "success" and r.passed for r in mine),
            unconfirmed=sum(r.verdict == "unconfirmed" for r in mine),
            unconfirmed_right=sum(r.verdict == "unconfirmed" and r.passed for r in mine),
            search_fixes=sum(r.passed and r.final_move in _NO_MODEL for r in mine),
            search_kept=sum(r.verdict in ("success", "unconfirmed") and r.final_move in _NO_MODEL for r in mine),
            model_attempts=None
            if any(r.model_attempts is None for r in mine)
            else sum(r.model_attempts or 0 for r in mine),
            model_seconds=_total([r.model_seconds for r in mine]),
            decision_tokens=_count([r.decision_tokens for r in mine]),
        )
        summary.attempts_histogram.update(r.attempts for r in mine)
        summary.solved_by_attempts.update(r.attempts for r in mine if r.passed)
        summaries.append(summary)
    return summaries


_NO_MODEL = ("given", "search")


def _count(values: Sequence[int | None]) -> int | None:
    """The sum, or ``None`` if any value is unknown."""
    return None if any(v is None for v in values) else sum(v or 0 for v in values)


def _total(values: Sequence[float | None]) -> float | None:
    """The sum, or ``None`` if any value is missing (records written before the figure was kept)."""
    known = [v for v in values if v is not None]
    return sum(known) if len(known) == len(values) else None


def _num(value: float | None, digits: int = 0) -> str:
    if value is None:
        return "–"
    return f"{value:,.{digits}f}"


def markdown_report(summaries: Sequence[ArmSummary], *, attempts: int) -> str:
    """The results table, then the histogram of attempts used.

    *Search fixes / kept*: tasks solved by code no model wrote (a searched patch, or the program as
    given), of those where the arm ended with such code and called it a success or left it unconfirmed;
    a patch that passes the visible tests but not the hidden ones is kept and not a fix.
    *Unconfirmed (right)*: tasks ours ended on a search patch of the model's own program, which it does
    not claim (so verdict precision leaves them out), and how many of those the hidden tests pass. A
    model attempt's prompt tokens and seconds include the retry decision that followed it; *Decision tok /
    task* is the decisions' share of the tokens.
    """
    lines = [
        "| Arm | Solved | Pass rate | Model calls / task | Prompt tok / task | Completion tok / task "
        "| Tokens / solved task | Wall s / task | Wall s / solved task | Verdict precision | Unconfirmed (right) "
        "| Search fixes / kept | Prompt tok / model attempt | Model s / model attempt | Decision tok / task "
        "| Errors |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for s in summaries:
        tokens = s.tokens
        lines.append(
            f"| {s.arm} | {s.solved}/{s.tasks} | {s.pass_rate:.1%} | {_num(s.per_task(s.model_calls), 2)} "
            f"| {_num(s.per_task(s.prompt_tokens))} | {_num(s.per_task(s.completion_tokens))} "
            f"| {_num(s.per_solved(tokens))} | {_num(s.per_task(s.wall_seconds), 1)} "
            f"| {_num(s.per_solved(s.wall_seconds), 1)} | {s.claimed_and_passed}/{s.claimed} "
            f"| {s.unconfirmed} ({s.unconfirmed_right}) | {s.search_fixes}/{s.search_kept} "
            f"| {_num(s.per_model_attempt(s.prompt_tokens))} | {_num(s.per_model_attempt(s.model_seconds), 1)} "
            f"| {_num(s.per_task(s.decision_tokens))} | {s.errors} |"
        )
    # A given program's run is an attempt of its own, so a bug-fix arm may use k + 1.
    top = max([attempts, *(n for s in summaries for n in s.attempts_histogram)])
    header = " | ".join(str(n) for n in range(1, top + 1))
    lines += [
        "",
        "Attempts used per task (tasks solved in brackets):",
        "",
        f"| Arm | {header} |",
        "|---|" + "---|" * top,
    ]
    for s in summaries:
        cells = " | ".join(
            f"{s.attempts_histogram.get(n, 0)} ({s.solved_by_attempts.get(n, 0)})" for n in range(1, top + 1)
        )
        lines.append(f"| {s.arm} | {cells} |")
    return "\n".join(lines) + "\n"


def _verdict(met: bool) -> str:
    return "**met**" if met else "**missed**"


def targets_report(summaries: Sequence[ArmSummary], *, kind: str) -> str:
    """The issue's targets against this run, one line each, for the arms the run has."""
    by_arm = {s.arm: s for s in summaries}
    base = by_arm.get("single_shot")
    if base is None or not base.tasks:
        return ""
    lines = []

    def points(arm: str, target: float) -> None:
        if arm in by_arm:
            gain = round(100 * (by_arm[arm].pass_rate - base.pass_rate), 6)  # 0.6 - 0.5 is not 0.1
            lines.append(
                f"- {arm} vs single_shot: {gain:+.0f} points (target ≥ {target:+.0f}): {_verdict(gain >= target)}"
            )

    def precision(arm: str, right: int, claims: int) -> None:
        s = by_arm.get(arm)
        if s is None or not s.claimed:
            return
        met = s.claimed_and_passed * claims >= right * s.claimed  # no worse than right/claims, in integers
        unclaimed = f"; not counted: {s.unconfirmed} unconfirmed, {s.unconfirmed_right} right" if s.unconfirmed else ""
        lines.append(
            f"- {arm} verdict precision: {s.claimed_and_passed}/{s.claimed} (target ≥ {right}/{claims}, the "
            f"2026-11-22 run's{unclaimed}): {_verdict(met)}"
        )

    if kind == "fix":
        if "ours" in by_arm:
            ours = by_arm["ours"].pass_rate
            shown = f"{ours / base.pass_rate:.2f}×" if base.pass_rate else "– (single shot fixed none)"
            met = ours >= 2 * base.pass_rate and ours > 0
            lines.append(f"- ours fix rate vs single_shot: {shown} (target ≥ 2×): {_verdict(met)}")
        if "ours" in by_arm and "ours_no_search" in by_arm:
            ours_solved, plain = by_arm["ours"].solved, by_arm["ours_no_search"].solved
            lines.append(
                f"- ours vs ours_no_search: {ours_solved} against {plain} solved (target: above): "
                f"{_verdict(ours_solved > plain)}"
            )
        precision("ours", 12, 13)
        precision("cascade", 14, 15)
        return "Targets:\n\n" + "\n".join(lines) + "\n" if lines else ""
    points("ours", 10)
    points("cascade", 15)
    if "cascade" in by_arm and "single_shot_retry_model" in by_arm:
        cascade, big = by_arm["cascade"], by_arm["single_shot_retry_model"]
        lines.append(
            f"- cascade vs single_shot_retry_model: {cascade.solved} against {big.solved} solved "
            f"(target: above): {_verdict(cascade.solved > big.solved)}"
        )
    precision("ours", 12, 13)
    precision("cascade", 14, 15)
    base_tokens = base.per_solved(base.tokens)
    if "ours" in by_arm and base_tokens:
        ours_tokens = by_arm["ours"].per_solved(by_arm["ours"].tokens)
        if ours_tokens is not None:
            ratio = ours_tokens / base_tokens
            lines.append(
                f"- ours tokens per solved task: {ratio:.2f}× single_shot's (target ≤ 2.5×): {_verdict(ratio <= 2.5)}"
            )
    rates = {
        arm: by_arm[arm].solved / (by_arm[arm].wall_seconds / 60)
        for arm in ("cascade", "ours_retry_model")
        if arm in by_arm and by_arm[arm].wall_seconds > 0
    }
    if len(rates) == 2:
        best = max(rates, key=lambda arm: rates[arm])
        lines.append(
            f"- solved per minute: cascade {rates['cascade']:.2f}, ours_retry_model {rates['ours_retry_model']:.2f} "
            f"(the CLI's default should be the higher: {best})"
        )
    return "Targets:\n\n" + "\n".join(lines) + "\n" if lines else ""


def pass_rate_chart(summaries: Sequence[ArmSummary], *, attempts: int, path: Path, title: str) -> Path:
    """A PNG of pass rate against the attempts allowed, one line per arm."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    top = max([attempts, *(n for s in summaries for n in s.attempts_histogram)])
    xs = list(range(1, top + 1))
    fig, ax = plt.subplots(figsize=(6.4, 4.2), dpi=120)
    for s in summaries:
        ys = [100 * s.pass_rate_within(x) for x in xs]
        if s.arm == "single_shot":
            ax.axhline(ys[0], linestyle="--", color="grey", label=f"{s.arm} (1 attempt)")
            ax.plot([1], [ys[0]], marker="o", color="grey")
        else:
            ax.plot(xs, ys, marker="o", label=s.arm)
    ax.set_xlabel("attempts allowed (k)")
    ax.set_ylabel("hidden-test pass rate (%)")
    ax.set_xticks(xs)
    ax.set_ylim(0, 105)
    ax.grid(True, alpha=0.3)
    ax.set_title(title, fontsize=9)
    ax.legend(loc="lower right")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    plt.close(fig)
    return path
