"""The fix-rate benchmark: every arm on every selected HumanEval task, then the report.

Jobs run task by task, all arms of a task before the next, so an interrupted run leaves the
arms compared on the same tasks. Each finished job is appended to the results file at once.
"""

from __future__ import annotations

import argparse
import asyncio
import platform
import time
from collections.abc import Sequence
from datetime import datetime, timezone
from pathlib import Path

from autogen_core.models import ChatCompletionClient
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from .. import ModelSelectionError
from ._arms import ARMS, ArmName, ArmSettings, run_arm
from ._counting import CountingChatCompletionClient
from ._humaneval import Problem, grade, load_problems, select_problems
from ._report import markdown_report, pass_rate_chart, summarise
from ._results import RunSettings, TaskRecord, append_record, load_records

try:  # the public name, once model selection is exported
    from autogen_selfdebug import resolve_model  # type: ignore[attr-defined,unused-ignore]
except ImportError:  # pragma: no cover - depends on the package version
    from autogen_selfdebug._models import resolve_model

__all__ = ["build_parser", "run_fix_rate", "run_job"]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="autogen-selfdebug bench",
        description="Fix-rate benchmark on HumanEval: single shot vs AutoGen's CodeExecutorAgent vs ours. "
        "Use 'bench overhead [--quick]' for the loop-overhead benchmark.",
    )
    parser.add_argument("--model", default="local", help="Model spec: local, local-1.5b, gguf:PATH, openai:MODEL.")
    parser.add_argument("--base-url", default=None, help="OpenAI-compatible server for openai:MODEL.")
    parser.add_argument("--attempts", type=int, default=4, help="Attempts k for the retrying arms (default 4).")
    parser.add_argument("--limit", type=int, default=None, help="Run only the first N selected tasks.")
    parser.add_argument("--tasks", default="", help="Comma-separated task ids (HumanEval/3 or 3).")
    parser.add_argument("--arms", default=",".join(ARMS), help=f"Comma-separated arms (default {','.join(ARMS)}).")
    parser.add_argument("--concurrency", type=int, default=1, help="Jobs at once (for remote models).")
    parser.add_argument("--max-tokens", type=int, default=1024, help="Tokens per model call, for every arm.")
    parser.add_argument("--temperature", type=float, default=0.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timeout", type=int, default=10, help="Seconds per code execution and per grading run.")
    parser.add_argument(
        "--reflect", action="store_true", help="Let our agent reflect after success (off: it costs a call)."
    )
    parser.add_argument("--out", type=Path, default=Path("bench-results"), help="Output directory.")
    parser.add_argument("--fresh", action="store_true", help="Ignore results of an earlier run with the same settings.")
    parser.add_argument("--no-progress", action="store_true", help="No progress bar.")
    parser.add_argument(
        "--report-only", action="store_true", help="Run nothing: rebuild the table and chart from the results file."
    )
    return parser


async def run_job(
    arm: ArmName, problem: Problem, client: ChatCompletionClient, settings: RunSettings, *, timeout: int
) -> TaskRecord:
    """One arm on one task, graded on the hidden tests, with its model calls and tokens counted."""
    counting = CountingChatCompletionClient(client)
    started = time.perf_counter()
    outcome = await run_arm(
        arm, problem, counting, ArmSettings(attempts=settings.attempts, exec_timeout=timeout, reflect=settings.reflect)
    )
    wall = time.perf_counter() - started
    graded = await grade(problem, outcome.code, timeout=timeout)
    return TaskRecord(
        settings=settings,
        task_id=problem.task_id,
        arm=arm,
        passed=graded.passed and outcome.error is None,
        verdict=outcome.verdict,
        attempts=outcome.attempts,
        model_calls=counting.calls,
        prompt_tokens=counting.prompt_tokens,
        completion_tokens=counting.completion_tokens,
        wall_seconds=round(wall, 3),
        timed_out=graded.timed_out,
        error=outcome.error,
        code=outcome.code,
    )


async def run_fix_rate(argv: Sequence[str]) -> int:
    args = build_parser().parse_args(list(argv))
    console = Console()
    arms = [a.strip() for a in args.arms.split(",") if a.strip()]
    unknown = [a for a in arms if a not in ARMS]
    if unknown or not arms:
        console.print(f"[red]Unknown arm(s) {unknown}; choose from {', '.join(ARMS)}.[/red]")
        return 2
    if args.attempts < 1 or args.concurrency < 1:
        console.print("[red]--attempts and --concurrency must be at least 1.[/red]")
        return 2
    try:
        problems = select_problems(load_problems(), tasks=args.tasks.split(","), limit=args.limit)
    except ImportError:
        console.print("[red]The benchmark needs the bench extra: pip install 'autogen-selfdebug[bench]'[/red]")
        return 2
    except ValueError as error:
        console.print(f"[red]{error}[/red]")
        return 2
    try:
        resolved = resolve_model(
            args.model,
            base_url=args.base_url,
            max_tokens=args.max_tokens,
            temperature=args.temperature,
            seed=args.seed,
        )
    except ModelSelectionError as error:
        console.print(f"[red]{error}[/red]")
        return 2
    settings = RunSettings(
        model=str(resolved.spec),
        attempts=args.attempts,
        max_tokens=args.max_tokens,
        temperature=args.temperature,
        seed=args.seed,
        reflect=args.reflect,
    )
    out: Path = args.out
    results_path = out / "results.jsonl"
    if args.fresh and results_path.exists():
        results_path.rename(out / f"results.{datetime.now(timezone.utc):%Y%m%dT%H%M%S}.jsonl")
    selected = {p.task_id for p in problems}
    done = {r.key for r in load_records(results_path, settings) if r.task_id in selected}
    jobs = [] if args.report_only else [(p, arm) for p in problems for arm in arms if (p.task_id, arm) not in done]
    console.print(f"Model: {resolved.description}")
    console.print(
        f"{len(problems)} tasks x {len(arms)} arms, k={args.attempts}; {len(done)} done earlier, {len(jobs)} to run."
    )
    await _run_jobs(jobs, resolved.client, settings, args, console, results_path)
    await resolved.client.close()

    records = [r for r in load_records(results_path, settings) if r.task_id in selected]
    summaries = summarise(records, arms)
    table = markdown_report(summaries, attempts=args.attempts)
    header = (
        f"# Fix-rate benchmark\n\n- Model: {resolved.description}\n- Tasks: {summaries[0].tasks} of HumanEval "
        f"({len(problems)} selected)\n- Attempts k: {args.attempts}; max_tokens {args.max_tokens}; temperature "
        f"{args.temperature}; seed {args.seed}; our reflection {'on' if args.reflect else 'off'}\n"
        f"- Machine: {platform.platform()}, Python {platform.python_version()}\n"
        f"- Date: {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC\n\n"
    )
    (out / "results.md").write_text(header + table, encoding="utf-8")
    chart = pass_rate_chart(
        summaries,
        attempts=args.attempts,
        path=out / "pass_rate.png",
        title=f"HumanEval ({summaries[0].tasks} tasks), {resolved.description}",
    )
    console.print(table, markup=False, highlight=False, soft_wrap=True)
    console.print(f"Results: {results_path}  Table: {out / 'results.md'}  Chart: {chart}")
    return 0


async def _run_jobs(
    jobs: list[tuple[Problem, ArmName]],
    client: ChatCompletionClient,
    settings: RunSettings,
    args: argparse.Namespace,
    console: Console,
    results_path: Path,
) -> None:
    semaphore = asyncio.Semaphore(args.concurrency)
    progress = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        disable=args.no_progress,
    )

    async def one(problem: Problem, arm: ArmName, bar: TaskID) -> None:
        async with semaphore:
            progress.update(bar, description=f"{problem.task_id} {arm}")
            record = await run_job(arm, problem, client, settings, timeout=args.timeout)
            append_record(results_path, record)
            progress.advance(bar)
            if args.no_progress:
                mark = "pass" if record.passed else "fail"
                console.print(
                    f"{problem.task_id} {arm}: {mark} ({record.attempts} attempts, {record.wall_seconds:.1f}s)"
                )

    with progress:
        bar = progress.add_task("benchmark", total=len(jobs))
        await asyncio.gather(*(one(p, arm, bar) for p, arm in jobs))
