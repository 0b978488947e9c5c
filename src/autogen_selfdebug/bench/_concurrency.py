"""The concurrency benchmark: our agent's throughput and latency against a server with N parallel slots.

For each level N, llama.cpp's ``llama-server`` starts with N slots (:class:`LocalServer`, a fresh
server per level, so every level starts cold), and the same fix-rate jobs run with at most N at
once, each through the fix-rate benchmark's :func:`run_job`. With ``--model openai:NAME --base-url
URL`` the user's own server is used instead: N is then only the client's concurrency, and the
server's slots are unknown. Every finished job is appended to ``results.jsonl`` with its level, and
a rerun skips the (level, task) pairs already done with the same settings.

The report splits each task's time into the model's (seconds inside model calls, queueing in the
server included) and the agent's own (the rest: sandbox, tests, loop), so that when throughput
stops growing with N it shows which of the two grew. A job is the agent's run then its grading on
the hidden tests (a short subprocess): the level's wall time covers both, a task's latency only the
agent's run. Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import platform
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from pathlib import Path

from pydantic import BaseModel
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn

from .. import LocalServer, ModelSelectionError, parse_model_spec, resolve_model
from ._arms import ARMS, PROGRAM_ARMS, RETRY_MODEL_ARMS, SERVER_ARMS, ArmName, Job, Models
from ._fix_rate import run_job
from ._humaneval import SPLITS, Problem, load_split, select_problems
from ._jobs import fix_rate_job
from ._results import RunSettings, TaskRecord, append_record, read_records

__all__ = [
    "CONCURRENCY_ARMS",
    "LevelRecord",
    "LevelSummary",
    "flatten_line",
    "levels_table",
    "load_level_records",
    "nearest_rank",
    "run_concurrency",
    "summarise_levels",
    "throughput_chart",
]

CONCURRENCY_ARMS: tuple[ArmName, ...] = tuple(
    a for a in ARMS if a not in RETRY_MODEL_ARMS and a not in SERVER_ARMS and a not in PROGRAM_ARMS
)
"""The arms a level can run: one model, our clients (so model time is measured), and a fix-rate job."""


class LevelRecord(BaseModel):
    """One finished job at one level: its task record and when it ran."""

    level: int
    slots: int | None
    """The server's parallel slots; ``None`` for the user's own server, whose slots are unknown."""
    piece: str
    """When this run of the level began: a level resumed after an interrupt ran in several pieces."""
    started: float
    """Seconds from the piece's start to the job's start (its turn under the level's limit)."""
    ended: float
    record: TaskRecord

    @property
    def key(self) -> tuple[int, str, str]:
        return (self.level, self.record.task_id, self.record.arm)


def load_level_records(path: Path, settings: RunSettings) -> list[LevelRecord]:
    """The records of this run in ``path``; as :func:`load_records`, other runs and a torn line are skipped."""
    records = {r.key: r for r in read_records(path, LevelRecord) if r.record.settings == settings}
    return list(records.values())


def nearest_rank(values: Sequence[float], percent: float) -> float:
    """The nearest-rank percentile: the smallest value that at least ``percent``% of the values do not exceed.

    Example:
        >>> nearest_rank([4.0, 1.0, 3.0, 2.0], 50)
        2.0
    """
    if not values:
        raise ValueError("no values")
    ordered = sorted(values)
    return ordered[max(math.ceil(percent / 100 * len(ordered)), 1) - 1]


@dataclass(frozen=True)
class LevelSummary:
    """One level's figures. Token and model-time totals are ``None`` if some record lacks them."""

    level: int
    slots: int | None
    tasks: int
    solved: int
    errors: int
    pieces: int
    wall_seconds: float
    """The level's wall time: first job start to last job end, summed over its pieces."""
    task_seconds: float
    """The tasks' latencies, summed."""
    p50_seconds: float
    p95_seconds: float
    prompt_tokens: int | None
    completion_tokens: int | None
    model_seconds: float | None
    own_p50_seconds: float | None

    @property
    def tasks_per_minute(self) -> float | None:
        return 60 * self.tasks / self.wall_seconds if self.wall_seconds > 0 else None

    @property
    def completion_tokens_per_second(self) -> float | None:
        if self.completion_tokens is None or self.wall_seconds <= 0:
            return None
        return self.completion_tokens / self.wall_seconds

    @property
    def tokens_per_second(self) -> float | None:
        if self.prompt_tokens is None or self.completion_tokens is None or self.wall_seconds <= 0:
            return None
        return (self.prompt_tokens + self.completion_tokens) / self.wall_seconds

    @property
    def model_share(self) -> float | None:
        """The share of the tasks' time spent waiting on the model."""
        if self.model_seconds is None or self.task_seconds <= 0:
            return None
        return self.model_seconds / self.task_seconds

    @property
    def model_seconds_per_task(self) -> float | None:
        return self.model_seconds / self.tasks if self.model_seconds is not None and self.tasks else None

    @property
    def own_seconds_per_task(self) -> float | None:
        """The agent's own seconds per task: latency minus model time, on average."""
        if self.model_seconds is None or not self.tasks:
            return None
        return (self.task_seconds - self.model_seconds) / self.tasks


def summarise_levels(records: Sequence[LevelRecord], levels: Sequence[int]) -> list[LevelSummary]:
    """One summary per level of ``levels`` that has records, in that order."""
    summaries = []
    for level in levels:
        mine = [r for r in records if r.level == level]
        if not mine:
            continue
        tasks = [r.record for r in mine]
        latencies = [t.wall_seconds for t in tasks]
        pieces = {r.piece for r in mine}
        wall = sum(
            max(r.ended for r in mine if r.piece == p) - min(r.started for r in mine if r.piece == p) for p in pieces
        )
        model = [t.model_seconds for t in tasks]
        own = [t.wall_seconds - m for t, m in zip(tasks, model, strict=True) if m is not None]
        known = len(own) == len(tasks)
        summaries.append(
            LevelSummary(
                level=level,
                slots=mine[0].slots,
                tasks=len(tasks),
                solved=sum(t.passed for t in tasks),
                errors=sum(t.error is not None for t in tasks),
                pieces=len(pieces),
                wall_seconds=wall,
                task_seconds=sum(latencies),
                p50_seconds=nearest_rank(latencies, 50),
                p95_seconds=nearest_rank(latencies, 95),
                prompt_tokens=_count([t.prompt_tokens for t in tasks]),
                completion_tokens=_count([t.completion_tokens for t in tasks]),
                model_seconds=sum(m or 0.0 for m in model) if known else None,
                own_p50_seconds=nearest_rank(own, 50) if known else None,
            )
        )
    return summaries


def _count(values: Sequence[int | None]) -> int | None:
    return None if any(v is None for v in values) else sum(v or 0 for v in values)


def _num(value: float | None, digits: int) -> str:
    return "–" if value is None else f"{value:,.{digits}f}"


def levels_table(summaries: Sequence[LevelSummary]) -> str:
    """The markdown table, one row per level, then what its columns mean."""
    lines = [
        "| N | Slots | Tasks | Solved | Errors | Wall s | Tasks / min | p50 s | p95 s | Completion tok / s "
        "| Tokens / s | Model s / task | Own s / task | Own s p50 | Model share |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for s in summaries:
        share = None if s.model_share is None else 100 * s.model_share
        lines.append(
            f"| {s.level} | {'?' if s.slots is None else s.slots} | {s.tasks} | {s.solved} | {s.errors} "
            f"| {s.wall_seconds:,.1f} | {_num(s.tasks_per_minute, 2)} | {s.p50_seconds:,.1f} | {s.p95_seconds:,.1f} "
            f"| {_num(s.completion_tokens_per_second, 1)} | {_num(s.tokens_per_second, 1)} "
            f"| {_num(s.model_seconds_per_task, 1)} | {_num(s.own_seconds_per_task, 1)} "
            f"| {_num(s.own_p50_seconds, 1)} | {_num(share, 0)}{'' if share is None else '%'} |"
        )
    notes = [
        "",
        "N: jobs at once. Wall s: the level's first job start to its last job end (grading included). "
        "p50/p95: task latency, nearest rank. Tokens / s: over the level's wall time. Model s: seconds inside "
        "model calls, waiting in the server's queue included; own s: the rest of the task (sandbox, tests, "
        "loop). Model share: model seconds over task seconds, summed over the level's tasks.",
    ]
    resumed = [f"N={s.level} ({s.pieces} pieces)" for s in summaries if s.pieces > 1]
    if resumed:
        notes.append(
            f"Resumed levels, whose wall time is the sum of their pieces': {', '.join(resumed)}; each piece "
            "ends with fewer than N jobs running, so their throughput reads a little low."
        )
    return "\n".join(lines + notes) + "\n"


def _figures(summary: LevelSummary) -> dict[str, float | int | None]:
    """The summary's fields and derived figures, for ``levels.jsonl``."""
    derived = (
        "tasks_per_minute",
        "completion_tokens_per_second",
        "tokens_per_second",
        "model_share",
        "model_seconds_per_task",
        "own_seconds_per_task",
    )
    return {**asdict(summary), **{name: getattr(summary, name) for name in derived}}


def _ratio(before: float, after: float) -> str:
    return f"{after / before:.2f}×" if before > 0 else "–"


def flatten_line(summaries: Sequence[LevelSummary]) -> str:
    """From the first level to the last: how throughput, model seconds and the agent's own seconds per task moved."""
    timed = [s for s in summaries if s.tasks and s.tasks_per_minute is not None]
    if len(timed) < 2:
        return "One level only: nothing to compare."
    first, last = timed[0], timed[-1]
    rate_a, rate_b = first.tasks_per_minute or 0.0, last.tasks_per_minute or 0.0
    line = (
        f"From N={first.level} to N={last.level}, tasks per minute went {rate_a:.2f} → {rate_b:.2f} "
        f"({_ratio(rate_a, rate_b)})"
    )
    model_a, model_b = first.model_seconds_per_task, last.model_seconds_per_task
    own_a, own_b = first.own_seconds_per_task, last.own_seconds_per_task
    if model_a is None or model_b is None or own_a is None or own_b is None:
        return line + "; the model's share of the time is unknown (some records lack it)."
    line += (
        f"; per task, model seconds {model_a:.2f} → {model_b:.2f} ({_ratio(model_a, model_b)}) and the agent's "
        f"own seconds {own_a:.2f} → {own_b:.2f} ({_ratio(own_a, own_b)})"
    )
    if model_a <= 0 or own_a <= 0:
        return line + "."
    grew_model, grew_own = model_b / model_a, own_b / own_a
    if math.isclose(grew_model, grew_own, rel_tol=0.005):
        return line + ": both grew alike."
    return line + (": the model's time grew more." if grew_model > grew_own else ": the agent's own time grew more.")


def throughput_chart(summaries: Sequence[LevelSummary], *, path: Path, title: str) -> Path:
    """A PNG: tasks per minute against N, and seconds per task (p50, model, own) against N."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    xs = [s.level for s in summaries]
    fig, (rate, seconds) = plt.subplots(1, 2, figsize=(9.6, 4.0), dpi=120)
    rate.plot(xs, [s.tasks_per_minute or 0.0 for s in summaries], marker="o")
    rate.set_ylabel("tasks per minute")
    seconds.plot(xs, [s.p50_seconds for s in summaries], marker="o", label="p50 latency")
    for name, values in (
        ("model s / task", [s.model_seconds_per_task for s in summaries]),
        ("own s / task", [s.own_seconds_per_task for s in summaries]),
    ):
        if all(v is not None for v in values):
            seconds.plot(xs, values, marker=".", linestyle="--", label=name)
    seconds.set_ylabel("seconds per task")
    seconds.legend(loc="best")
    for ax in (rate, seconds):
        ax.set_xlabel("jobs at once (N)")
        ax.set_xticks(xs)
        ax.set_ylim(bottom=0)
        ax.grid(True, alpha=0.3)
    fig.suptitle(title, fontsize=9)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    plt.close(fig)
    return path


def _levels(text: str) -> list[int]:
    try:
        levels = sorted({int(part) for part in text.split(",") if part.strip()})
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a comma-separated list of numbers: {text!r}") from None
    if not levels or levels[0] < 1:
        raise argparse.ArgumentTypeError(f"levels must be at least 1: {text!r}")
    return levels


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="autogen-selfdebug bench concurrency",
        description="Throughput and latency of one arm (ours by default) on fix-rate tasks, with N jobs at once "
        "against llama.cpp's llama-server with N parallel slots, a fresh server per level. With --model "
        "openai:NAME --base-url URL, your own server instead (N is then the client's concurrency only).",
    )
    parser.add_argument(
        "--model",
        default="local",
        help="local, local-1.5b or gguf:PATH (served by llama-server), or openai:NAME with --base-url.",
    )
    parser.add_argument("--base-url", default=None, help="Your own OpenAI-compatible server, for --model openai:NAME.")
    parser.add_argument(
        "--levels", type=_levels, default=[1, 2, 4, 8], help="Comma-separated jobs at once (default 1,2,4,8)."
    )
    parser.add_argument("--split", choices=tuple(SPLITS), default="tune", help="HumanEval split (default tune).")
    parser.add_argument("--limit", type=int, default=8, help="Tasks per level (default 8).")
    parser.add_argument("--tasks", default="", help="Comma-separated task ids (HumanEval/3 or 3).")
    parser.add_argument(
        "--arm", choices=CONCURRENCY_ARMS, default="ours", help="The one arm every level runs (default ours)."
    )
    parser.add_argument("--kind", choices=("fix-rate",), default="fix-rate", help="The jobs: fix-rate only.")
    parser.add_argument("--attempts", type=int, default=4, help="Attempts k (default 4).")
    parser.add_argument("--max-tokens", type=int, default=512, help="Tokens per model call (default 512).")
    parser.add_argument("--temperature", type=float, default=0.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timeout", type=int, default=10, help="Seconds per code execution and per grading run.")
    parser.add_argument(
        "--out", type=Path, default=Path("bench-results") / "concurrency", help="Output directory (%(default)s)."
    )
    parser.add_argument("--no-progress", action="store_true", help="One line per job instead of a progress bar.")
    parser.add_argument(
        "--report-only", action="store_true", help="Run nothing: rebuild the table and chart from the results file."
    )
    return parser


@dataclass(frozen=True)
class _Served:
    """Where a level's model is: a spec and server address for ``resolve_model``, and the slots (if known)."""

    spec: str
    base_url: str
    slots: int | None


@asynccontextmanager
async def _serve(model: str, base_url: str | None, level: int, console: Console) -> AsyncIterator[_Served]:
    """The user's server as is, or a fresh llama-server with ``level`` slots, stopped on every exit path."""
    if base_url is not None:
        console.print(f"N={level}: at most {level} jobs at once against {base_url} (its slots are unknown)")
        yield _Served(model, base_url, None)
        return
    server = LocalServer(model, engine="llama-server", parallel=level)
    console.print(f"Starting llama-server with {level} slots for {model} ...")
    try:
        # Blocking, but nothing else runs yet; a Ctrl-C lands at the next await and the finally stops it.
        started = time.perf_counter()
        server.start()
        console.print(f"llama-server is up at {server.base_url} ({time.perf_counter() - started:.1f} s)")
        yield _Served(f"openai:{server.alias}", server.base_url, level)
    finally:
        server.stop()


async def _run_level(
    level: int,
    pending: Sequence[tuple[Job, Problem]],
    served: _Served,
    settings: RunSettings,
    args: argparse.Namespace,
    console: Console,
    results: Path,
) -> None:
    """The level's pending jobs, at most ``level`` at once; each is saved as it finishes."""
    resolved = resolve_model(
        served.spec, base_url=served.base_url, max_tokens=args.max_tokens, temperature=args.temperature, seed=args.seed
    )
    models = Models(resolved.client)
    # The fix-rate benchmark's rule: small local models say "stop" too eagerly, so only hosted models are heeded.
    stop_on_decision = parse_model_spec(args.model).kind == "openai"
    arm: ArmName = args.arm
    semaphore = asyncio.Semaphore(level)
    piece = datetime.now(timezone.utc).isoformat(timespec="microseconds")
    progress = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        disable=args.no_progress,
    )
    clock = time.perf_counter()

    async def one(job: Job, problem: Problem, bar: TaskID) -> None:
        async with semaphore:
            started = time.perf_counter() - clock
            record = await run_job(
                arm, job, problem, models, settings, timeout=args.timeout, stop_on_decision=stop_on_decision
            )
            ended = time.perf_counter() - clock
        append_record(
            results,
            LevelRecord(
                level=level,
                slots=served.slots,
                piece=piece,
                started=round(started, 3),
                ended=round(ended, 3),
                record=record,
            ),
        )
        progress.advance(bar)
        if args.no_progress:
            mark = "pass" if record.passed else "fail"
            model = "" if record.model_seconds is None else f", model {record.model_seconds:.1f}s"
            console.print(
                f"N={level} {job.task_id}: {mark} ({record.attempts} attempts, {record.wall_seconds:.1f}s{model})"
            )

    try:
        with progress:
            bar = progress.add_task(f"N={level}", total=len(pending))
            await asyncio.gather(*(one(j, p, bar) for j, p in pending))
    finally:
        await resolved.client.close()


def _error(console: Console, text: str) -> None:
    console.print(text, style="red")


async def run_concurrency(argv: Sequence[str]) -> int:
    """``bench concurrency``: every level in turn, then the table and the chart. Returns the exit code."""
    args = build_parser().parse_args(list(argv))
    # Plain text, unwrapped: paths, URLs and "[bench]" must print as they are.
    console = Console(markup=False, highlight=False, soft_wrap=True)
    if args.attempts < 1 or args.limit < 1:
        _error(console, "--attempts and --limit must be at least 1.")
        return 2
    try:
        spec = parse_model_spec(args.model)
    except ModelSelectionError as error:
        _error(console, str(error))
        return 2
    if spec.kind == "openai" and args.base_url is None:
        _error(
            console,
            f"--model {args.model} needs --base-url (your server); or give a local model (local, local-1.5b, "
            "gguf:PATH) and each level starts llama-server.",
        )
        return 2
    if spec.kind != "openai" and args.base_url is not None:
        _error(console, "--base-url is for --model openai:NAME (your own server).")
        return 2
    try:
        problems = select_problems(load_split(args.split), tasks=args.tasks.split(","), limit=args.limit)
    except ImportError:
        _error(console, "The benchmark needs the bench extra: pip install 'autogen-selfdebug[bench]'")
        return 2
    except ValueError as error:
        _error(console, f"{error} (in the {args.split} split)")
        return 2
    levels: list[int] = args.levels
    settings = RunSettings(
        model=str(spec),
        attempts=args.attempts,
        max_tokens=args.max_tokens,
        temperature=args.temperature,
        seed=args.seed,
    )
    out: Path = args.out
    results = out / "results.jsonl"
    work = [(fix_rate_job(p), p) for p in problems]
    selected = {job.task_id for job, _ in work}
    done = {r.key for r in load_level_records(results, settings)}
    pending = {
        level: [(j, p) for j, p in work if (level, j.task_id, args.arm) not in done]
        for level in ([] if args.report_only else levels)
    }
    earlier = sum((level, j.task_id, args.arm) in done for level in levels for j, _ in work)
    console.print(
        f"{len(work)} tasks x {len(levels)} levels ({','.join(map(str, levels))}), arm {args.arm}, "
        f"k={args.attempts}; {earlier} done earlier, {sum(len(jobs) for jobs in pending.values())} to run."
    )
    for level, jobs in pending.items():
        if not jobs:
            continue
        try:
            async with _serve(str(spec), args.base_url, level, console) as served:
                await _run_level(level, jobs, served, settings, args, console, results)
        except ModelSelectionError as error:
            _error(console, str(error))
            console.print("Finished levels are saved; --report-only shows them.")
            return 2

    records = [
        r for r in load_level_records(results, settings) if r.record.task_id in selected and r.record.arm == args.arm
    ]
    summaries = summarise_levels(records, levels)
    if not summaries:
        console.print(f"No results yet in {results} for these settings.")
        return 0
    server = (
        f"your server at {args.base_url}; its slots are unknown, so N is the client's concurrency only"
        if args.base_url
        else "llama.cpp's llama-server (LocalServer), a fresh one per level with N parallel slots"
    )
    header = (
        "# Concurrency benchmark\n\n"
        f"- Model: {spec}, served by {server}\n"
        f"- Arm: {args.arm}; {args.kind} tasks: {len(work)} ({args.split} split); attempts k: {args.attempts}; "
        f"max_tokens {args.max_tokens}; temperature {args.temperature}; seed {args.seed}\n"
        f"- Machine: {platform.platform()}, Python {platform.python_version()}\n"
        f"- Date: {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC\n\n"
    )
    report = f"{header}{levels_table(summaries)}\n{flatten_line(summaries)}\n"
    (out / "results.md").write_text(report, encoding="utf-8")
    (out / "levels.jsonl").write_text("".join(json.dumps(_figures(s)) + "\n" for s in summaries), encoding="utf-8")
    chart = throughput_chart(
        summaries, path=out / "throughput.png", title=f"{spec}, {args.arm}, {len(work)} {args.kind} tasks per level"
    )
    console.print(report)
    console.print(f"Results: {results}  Table: {out / 'results.md'}  Chart: {chart}")
    return 0
