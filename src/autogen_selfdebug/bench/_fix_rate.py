"""The benchmark runner: every arm on every selected task, then the report.

Two benchmarks share it: ``fix-rate`` (write a HumanEval function from its prompt) and ``fix``
(repair a broken program, through the same ``fix_prompt`` as the command line). ``fix`` has two
sets of bugs: ``--bugs injected``, a HumanEval canonical solution with one bug from the mutation
operators (the same ones the patch search inverts), and ``--bugs model``, the model's own wrong
single-shot programs (``_model_bugs``). Jobs run task by task, all arms of a task before the next, so an interrupted
run leaves the arms compared on the same tasks. Each finished job is appended to the results
file at once. HumanEval/0-79 is the split for tuning; 80-163 is held out and reported apart.
"""

from __future__ import annotations

import argparse
import asyncio
import platform
import time
from collections.abc import Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import Literal

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

from .. import ModelSelectionError, ResolvedModel, parse_model_spec, resolve_model
from ..models import retry_base_url
from ._alternatives import Endpoint, interpreter, missing_message
from ._arms import ARMS, PROGRAM_ARMS, RETRY_MODEL_ARMS, SERVER_ARMS, ArmName, ArmSettings, Job, Models, run_arm
from ._counting import CallCache, CountingChatCompletionClient
from ._humaneval import SPLITS, Problem, grade, load_split, select_problems
from ._jobs import fix_job, fix_rate_job
from ._report import markdown_report, pass_rate_chart, split_of, summarise, targets_report
from ._results import RunSettings, TaskRecord, append_record, load_records

__all__ = ["BenchmarkKind", "build_parser", "fix_job", "fix_rate_job", "run_fix_rate", "run_job"]

BenchmarkKind = Literal["fix-rate", "fix"]

_BUG_SETS = {
    "injected": "injected bugs (same operators the search inverts)",
    "injected-2": "two injected bugs on two lines (same operators the search inverts)",
    "model": "the model's own wrong programs",
}


def build_parser(kind: BenchmarkKind = "fix-rate") -> argparse.ArgumentParser:
    what = {
        "fix-rate": "Fix-rate benchmark on HumanEval: write each function from its prompt.",
        "fix": "Bug-fix benchmark: repair broken HumanEval programs, with an injected bug or the model's own.",
    }[kind]
    parser = argparse.ArgumentParser(
        prog=f"autogen-selfdebug bench {kind}",
        description=f"{what} Arms: single shot, AutoGen's CodeExecutorAgent and RoundRobinGroupChat, ours with each "
        "retry strategy, the cascade, and with an openai: model smolagents' CodeAgent and AG2's bug-fixer pair "
        "(set up by scripts/setup-alternatives.sh). Other benchmarks: 'bench fix-rate', 'bench fix', "
        "'bench write-tests', 'bench overhead [--quick]', 'bench search', 'bench concurrency'.",
    )
    parser.add_argument("--model", default="local", help="Model spec: local, local-1.5b, gguf:PATH, openai:MODEL.")
    parser.add_argument(
        "--retry-model", default=None, metavar="SPEC", help="The cascade's retry model (needed by cascade arms)."
    )
    parser.add_argument(
        "--split", choices=tuple(SPLITS), default="all", help="tune: HumanEval/0-79; heldout: 80-163 (default all)."
    )
    parser.add_argument("--base-url", default=None, help="OpenAI-compatible server for openai:MODEL.")
    parser.add_argument("--attempts", type=int, default=4, help="Attempts k for the retrying arms (default 4).")
    parser.add_argument("--limit", type=int, default=None, help="Run only the first N selected tasks.")
    parser.add_argument("--tasks", default="", help="Comma-separated task ids (HumanEval/3 or 3).")
    parser.add_argument(
        "--arms", default=None, help=f"Comma-separated arms of {','.join(ARMS)} (default: all that the models allow)."
    )
    parser.add_argument("--concurrency", type=int, default=1, help="Jobs at once (for remote models).")
    parser.add_argument("--max-tokens", type=int, default=1024, help="Tokens per model call, for every arm.")
    parser.add_argument("--temperature", type=float, default=0.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timeout", type=int, default=10, help="Seconds per code execution and per grading run.")
    parser.add_argument(
        "--reflect", action="store_true", help="Let our agent reflect after success (off: it costs a call)."
    )
    parser.add_argument(
        "--heed-decisions",
        choices=("auto", "yes", "no"),
        default="auto",
        help="Whether our agent stops when its retry decision says stop. auto (the command line's rule): only "
        "for openai: models, as small local models say stop too eagerly; 'no' compares a small model behind "
        "a server with the same model in process.",
    )
    if kind == "fix":
        parser.add_argument(
            "--bugs",
            choices=tuple(_BUG_SETS),
            default="injected",
            help="injected: canonical solutions with one mutation each (the operators the search inverts); "
            "injected-2: the same bug plus a second on another line; "
            "model: the model's own wrong single-shot programs (default injected).",
        )
        parser.add_argument(
            "--bugs-file",
            type=Path,
            default=Path("bench-results") / "model-bugs.jsonl",
            help="--bugs model: the cache of the model's answers, reused by a rerun (default %(default)s).",
        )
    parser.add_argument("--out", type=Path, default=None, help="Output directory (default bench-results/KIND).")
    parser.add_argument("--fresh", action="store_true", help="Ignore results of an earlier run with the same settings.")
    parser.add_argument("--no-progress", action="store_true", help="No progress bar.")
    parser.add_argument(
        "--report-only", action="store_true", help="Run nothing: rebuild the table and chart from the results file."
    )
    return parser


async def run_job(
    arm: ArmName,
    job: Job,
    problem: Problem,
    models: Models,
    settings: RunSettings,
    *,
    timeout: int,
    stop_on_decision: bool = True,
    caches: tuple[CallCache, CallCache] | None = None,
) -> TaskRecord:
    """One arm on one job, graded on the problem's hidden tests, with its model calls and tokens counted.

    ``caches`` (one per model) share identical calls between the arms of a task; the seconds a hit
    saves are added to the arm's wall time, so it is reported as if the arm had made the call. The
    arms that call the server themselves report their own calls, tokens and run time
    (``ArmOutcome.usage``); the start of the subprocess they run in is not counted.
    """
    main = CountingChatCompletionClient(models.main, cache=caches[0] if caches else None)
    retry = (
        CountingChatCompletionClient(models.retry, cache=caches[1] if caches else None)
        if models.retry is not None
        else None
    )
    arm_settings = ArmSettings(
        attempts=settings.attempts, exec_timeout=timeout, reflect=settings.reflect, stop_on_decision=stop_on_decision
    )
    started = time.perf_counter()
    outcome = await run_arm(arm, job, Models(main, retry, models.endpoint), arm_settings)
    counters = [c for c in (main, retry) if c is not None]
    wall = time.perf_counter() - started + sum(c.saved_seconds for c in counters)
    calls: int = sum(c.calls for c in counters)
    prompt: int | None = sum(c.prompt_tokens for c in counters)
    completion: int | None = sum(c.completion_tokens for c in counters)
    model_seconds: float | None = round(sum(c.model_seconds for c in counters), 3)
    decisions: int | None = sum(c.decision_tokens for c in counters)
    own = outcome.usage
    if own is not None:
        calls, prompt, completion = own.model_calls, own.prompt_tokens, own.completion_tokens
        wall = own.seconds if own.seconds is not None else wall
        # Their libraries do not time their calls apart from the rest, nor tell their kinds apart.
        model_seconds = decisions = None
    graded = await grade(problem, outcome.code, timeout=timeout)
    return TaskRecord(
        settings=settings,
        task_id=job.task_id,
        arm=arm,
        passed=graded.passed and outcome.error is None,
        verdict=outcome.verdict,
        attempts=outcome.attempts,
        model_calls=calls,
        prompt_tokens=prompt,
        completion_tokens=completion,
        wall_seconds=round(wall, 3),
        timed_out=graded.timed_out,
        error=outcome.error,
        code=outcome.code,
        final_move=outcome.final_move,
        model_attempts=outcome.model_attempts,
        model_seconds=model_seconds,
        decision_tokens=decisions,
    )


async def run_fix_rate(argv: Sequence[str], kind: BenchmarkKind = "fix-rate") -> int:
    args = build_parser(kind).parse_args(list(argv))
    console = Console()
    bug_set: str | None = args.bugs if kind == "fix" else None
    usable = [a for a in ARMS if kind == "fix" or a not in PROGRAM_ARMS]
    default_arms = [a for a in usable if args.retry_model or a not in RETRY_MODEL_ARMS]
    arms = [a.strip() for a in args.arms.split(",") if a.strip()] if args.arms else default_arms
    unknown = [a for a in arms if a not in ARMS]
    if unknown or not arms:
        console.print(f"[red]Unknown arm(s) {unknown}; choose from {', '.join(ARMS)}.[/red]")
        return 2
    no_program = [a for a in arms if a not in usable]
    if no_program:
        console.print(f"[red]The arm(s) {', '.join(no_program)} need a program to start from: bench fix only.[/red]")
        return 2
    needs_retry = [a for a in arms if a in RETRY_MODEL_ARMS]
    if needs_retry and not args.retry_model:
        console.print(f"[red]The arm(s) {', '.join(needs_retry)} need --retry-model SPEC.[/red]")
        return 2
    arms, refusal = _server_arms(arms, args.model, asked=bool(args.arms), console=console)
    if refusal:
        console.print(refusal, style="red", markup=False, highlight=False, soft_wrap=True)
        return 2
    if args.attempts < 1 or args.concurrency < 1:
        console.print("[red]--attempts and --concurrency must be at least 1.[/red]")
        return 2
    try:
        split = load_split(args.split)
        problems = select_problems(split, tasks=args.tasks.split(","), limit=args.limit)
    except ImportError:
        console.print(
            "The benchmark needs the bench extra: pip install 'autogen-selfdebug[bench]'", style="red", markup=False
        )
        return 2
    except ValueError as error:
        console.print(f"[red]{error} (in the {args.split} split)[/red]")
        return 2
    try:
        specs = [(args.model, args.base_url)]
        if args.retry_model:
            specs.append((args.retry_model, retry_base_url(args.retry_model, args.base_url)))
        resolved = [
            resolve_model(
                spec, base_url=base_url, max_tokens=args.max_tokens, temperature=args.temperature, seed=args.seed
            )
            for spec, base_url in specs
        ]
    except ModelSelectionError as error:
        console.print(f"[red]{error}[/red]")
        return 2
    main, retry = resolved[0], (resolved[1] if len(resolved) > 1 else None)
    settings = RunSettings(
        model=str(main.spec),
        retry_model=str(retry.spec) if retry else None,
        attempts=args.attempts,
        max_tokens=args.max_tokens,
        temperature=args.temperature,
        seed=args.seed,
        reflect=args.reflect,
        # Injected-bug runs keep no tag, so results recorded before the other sets still resume.
        bugs=None if bug_set == "injected" else bug_set,
        heed_decisions=None if args.heed_decisions == "auto" else args.heed_decisions == "yes",
    )
    # The command line's rule: small local models say "stop" too eagerly, so only hosted models are heeded.
    heed = settings.heed_decisions
    stop_on_decision = main.spec.kind == "openai" if heed is None else heed
    default_out = Path("bench-results") / {"model": "fix-model-bugs", "injected-2": "fix-injected-2"}.get(
        bug_set or "", kind
    )
    out: Path = args.out or default_out
    results_path = out / "results.jsonl"
    models = Models(main.client, retry.client if retry else None, Endpoint.of(main.client))
    console.print(f"Model: {main.description}" + (f"; retry model: {retry.description}" if retry else ""))
    try:
        work, caught = await _work(kind, bug_set, problems, main, args, console)
        if args.fresh and results_path.exists():
            results_path.rename(out / f"results.{datetime.now(timezone.utc):%Y%m%dT%H%M%S}.jsonl")
        selected = {job.task_id for job, _ in work}
        done = {r.key for r in load_records(results_path, settings) if r.task_id in selected}
        jobs = (
            [] if args.report_only else [(j, p, arm) for j, p in work for arm in arms if (j.task_id, arm) not in done]
        )
        console.print(
            f"{len(work)} tasks x {len(arms)} arms, k={args.attempts}; {len(done)} done earlier, {len(jobs)} to run."
        )
        await _run_jobs(jobs, models, settings, args, console, results_path, stop_on_decision)
    finally:
        for model in resolved:
            await model.client.close()

    records = [r for r in load_records(results_path, settings) if r.task_id in selected]
    what = f"{kind}, {_BUG_SETS[bug_set]}" if bug_set else kind
    sections = []
    for name in ("tune", "heldout"):
        part = [r for r in records if split_of(r.task_id) == name]
        if not part:
            continue
        title = "HumanEval/0-79 (tuning split)" if name == "tune" else "HumanEval/80-163 (held-out split)"
        sections.append(
            _section(f"## {title}", part, arms, args.attempts, kind, out / f"pass_rate_{name}.png", f"{what}, {title}")
        )
        seen = [r for r in part if caught is not None and r.task_id in caught]
        if caught is not None and len({r.task_id for r in seen}) < len({r.task_id for r in part}):
            sections.append(
                _section(
                    f"### {title}: only the bugs the visible tests catch",
                    seen,
                    arms,
                    args.attempts,
                    kind,
                    out / f"pass_rate_{name}_visible.png",
                    f"{what}, visible tests fail, {title}",
                )
            )
    header = (
        f"# {'Bug-fix' if kind == 'fix' else 'Fix-rate'} benchmark"
        + (f": {_BUG_SETS[bug_set]}" if bug_set else "")
        + f"\n\n- Model: {main.description}"
        + (f"; retry model: {retry.description}" if retry else "")
        + f"\n- Tasks: {len(work)}; attempts k: {args.attempts}; max_tokens {args.max_tokens}; temperature "
        f"{args.temperature}; seed {args.seed}; our reflection {'on' if args.reflect else 'off'}; our retry "
        f"decisions {'heeded' if stop_on_decision else 'not heeded (a stop still lets it try again)'}\n"
        f"- Machine: {platform.platform()}, Python {platform.python_version()}\n"
        f"- Date: {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC\n\n"
    )
    report = header + "\n".join(sections)
    (out / "results.md").write_text(report, encoding="utf-8")
    console.print(report, markup=False, highlight=False, soft_wrap=True)
    console.print(f"Results: {results_path}  Table: {out / 'results.md'}  Charts: {out}/pass_rate_*.png")
    return 0


def _server_arms(
    arms: Sequence[ArmName], model: str, *, asked: bool, console: Console
) -> tuple[list[ArmName], str | None]:
    """The arms that can run, and a refusal for arms asked for that cannot.

    smolagents and AG2 call an OpenAI-compatible server themselves, from their own virtualenvs. Without
    an ``openai:`` model, or without their virtualenv, they are left out of the default arms with one
    line saying why, and refused when asked for by name.
    """
    try:
        served = parse_model_spec(model).kind == "openai"
    except ModelSelectionError:
        served = False  # resolve_model says what is wrong with the spec
    why: dict[str, str] = {}
    for arm in SERVER_ARMS:
        if arm not in arms:
            continue
        if not served:
            why[arm] = (
                f"it calls an OpenAI-compatible server itself and --model {model} is not one "
                "(use --model openai:NAME --base-url URL, e.g. a LocalServer's)"
            )
        elif interpreter(arm) is None:
            why[arm] = missing_message(arm)
    if asked and why:
        return list(arms), "\n".join(f"Cannot run the {name} arm: {reason}" for name, reason in why.items())
    for name, reason in why.items():
        console.print(f"Skipping the {name} arm: {reason}", markup=False, highlight=False, soft_wrap=True)
    return [a for a in arms if a not in why], None


async def _work(
    kind: BenchmarkKind,
    bug_set: str | None,
    problems: Sequence[Problem],
    main: ResolvedModel,
    args: argparse.Namespace,
    console: Console,
) -> tuple[list[tuple[Job, Problem]], set[str] | None]:
    """The jobs, and for model-made bugs the tasks whose bug the visible tests catch (``None`` otherwise)."""
    if kind == "fix-rate":
        return [(fix_rate_job(p), p) for p in problems], None
    if bug_set in ("injected", "injected-2"):
        from ._bugfix import build_bugfix_problems

        count = 2 if bug_set == "injected-2" else 1
        console.print(
            f"Injecting {'two bugs' if count == 2 else 'one bug'} into each of {len(problems)} canonical solutions ..."
        )
        injected = await build_bugfix_problems(problems, bugs=count, timeout=args.timeout)
        console.print(
            f"{len(injected)} tasks have a broken program that fails both their visible and their hidden tests."
        )
        return [(fix_job(b.problem, b.broken), b.problem) for b in injected], None
    from ._model_bugs import BugSource, build_model_bugs

    source = BugSource(model=str(main.spec), max_tokens=args.max_tokens, temperature=args.temperature, seed=args.seed)
    console.print(f"The model's single-shot answers to {len(problems)} tasks (cached in {args.bugs_file}) ...")

    def said(task_id: str, status: str) -> None:
        if args.no_progress:
            console.print(f"{task_id}: {status}")

    bugs = await build_model_bugs(
        problems, main.client, source=source, cache=args.bugs_file, timeout=args.timeout, progress=said
    )
    caught = {b.task_id for b in bugs if b.fails_visible}
    console.print(f"{len(bugs)} answers parse and fail the hidden tests; the visible tests catch {len(caught)}.")
    return [(fix_job(b.problem, b.broken), b.problem) for b in bugs], caught


def _section(
    heading: str, records: Sequence[TaskRecord], arms: Sequence[str], attempts: int, kind: str, chart: Path, title: str
) -> str:
    summaries = summarise(records, arms)
    table = markdown_report(summaries, attempts=attempts)
    pass_rate_chart(summaries, attempts=attempts, path=chart, title=f"{title}, {summaries[0].tasks} tasks")
    return f"{heading}\n\n{table}\n{targets_report(summaries, kind=kind)}"


async def _run_jobs(
    jobs: list[tuple[Job, Problem, ArmName]],
    models: Models,
    settings: RunSettings,
    args: argparse.Namespace,
    console: Console,
    results_path: Path,
    stop_on_decision: bool,
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

    caches: dict[str, tuple[CallCache, CallCache]] = {}

    async def one(job: Job, problem: Problem, arm: ArmName, bar: TaskID) -> None:
        async with semaphore:
            progress.update(bar, description=f"{job.task_id} {arm}")
            shared = caches.setdefault(job.task_id, (CallCache(), CallCache()))
            record = await run_job(
                arm,
                job,
                problem,
                models,
                settings,
                timeout=args.timeout,
                stop_on_decision=stop_on_decision,
                caches=shared,
            )
            append_record(results_path, record)
            progress.advance(bar)
            if args.no_progress:
                mark = "pass" if record.passed else "fail"
                console.print(f"{job.task_id} {arm}: {mark} ({record.attempts} attempts, {record.wall_seconds:.1f}s)")

    with progress:
        bar = progress.add_task("benchmark", total=len(jobs))
        await asyncio.gather(*(one(j, p, arm, bar) for j, p, arm in jobs))
