"""``bench write-tests``: how well the agent writes tests, measured by the bugs they catch.

For each HumanEval task the code under test is the canonical solution (prompt plus solution,
known correct). Each arm writes a pytest file for it with :class:`SelfDebuggingTestWriterAgent`:

* ``single_shot``: one attempt, no feedback;
* ``ours``: up to k attempts, each after the mutants the last one missed;
* ``cascade``: ours with the retry model making the later attempts (needs ``--retry-model``).

The score of an arm on a task is the mutation score of its final test file, on the same mutants
for every arm: the share of mutants caught, 0 when the file fails on the correct code. The report
also counts the tasks left with no test file at all (every reply cut off or without code) and the
final files that assert nothing. Tune on HumanEval/0-79; 80-163 is held out.
"""

from __future__ import annotations

import argparse
import platform
import time
from collections.abc import Sequence
from datetime import datetime, timezone
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from .. import ModelSelectionError, RunSummary, SelfDebuggingTestWriterAgent, resolve_model, review_test_file
from ..cli._write_tests import tests_source, write_tests_prompt
from ..models import retry_base_url
from ..sandboxes import LocalSandbox
from ._bugfix import canonical_program
from ._counting import CallCache, CountingChatCompletionClient
from ._humaneval import SPLITS, Problem, load_split, select_problems
from ._report import split_of
from ._results import RunSettings, TaskRecord, append_record, load_records

__all__ = ["WRITE_TESTS_ARMS", "run_write_tests", "write_tests_report"]

WRITE_TESTS_ARMS = ("single_shot", "ours", "cascade")
_MODULE = "solution"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="autogen-selfdebug bench write-tests",
        description="Test-writing benchmark on HumanEval canonical solutions: the mutation score of the "
        "tests each arm writes, and the share of test files that assert nothing.",
    )
    parser.add_argument("--model", default="local", help="Model spec: local, local-1.5b, gguf:PATH, openai:MODEL.")
    parser.add_argument("--retry-model", default=None, metavar="SPEC", help="The cascade arm's retry model.")
    parser.add_argument("--base-url", default=None, help="OpenAI-compatible server for openai:MODEL.")
    parser.add_argument("--split", choices=tuple(SPLITS), default="all", help="tune: 0-79; heldout: 80-163.")
    parser.add_argument("--limit", type=int, default=None, help="Run only the first N selected tasks.")
    parser.add_argument("--tasks", default="", help="Comma-separated task ids (HumanEval/3 or 3).")
    parser.add_argument("--arms", default=None, help=f"Comma-separated arms of {','.join(WRITE_TESTS_ARMS)}.")
    parser.add_argument("--attempts", type=int, default=4, help="Attempts k for the retrying arms (default 4).")
    parser.add_argument("--min-score", type=float, default=0.5, help="Share of mutants a file must catch (0.5).")
    parser.add_argument("--max-mutants", type=int, default=20, help="Mutants per task (default 20).")
    parser.add_argument("--max-tokens", type=int, default=1024, help="Tokens per model call, for every arm.")
    parser.add_argument("--timeout", type=int, default=60, help="Seconds per sandbox run (pytest on all mutants).")
    parser.add_argument("--out", type=Path, default=Path("bench-results") / "write-tests", help="Output directory.")
    parser.add_argument("--report-only", action="store_true", help="Run nothing: rebuild the report.")
    return parser


async def _one(
    arm: str, problem: Problem, main: CountingChatCompletionClient, retry: CountingChatCompletionClient | None,
    settings: RunSettings, timeout: int,
) -> TaskRecord:  # fmt: skip
    code = canonical_program(problem)
    started = time.perf_counter()
    async with LocalSandbox(timeout=timeout) as sandbox:
        agent = SelfDebuggingTestWriterAgent(
            "tester",
            sandbox,
            code=code,
            module=_MODULE,
            min_mutation_score=settings.min_score or 0.5,
            max_mutants=settings.max_mutants or 20,
            model_client=main,
            retry_model_client=retry if arm == "cascade" else None,
            max_retries_on_error=0 if arm == "single_shot" else settings.attempts - 1,
            stop_on_decision=settings.model.startswith("openai:"),
        )
        result = await agent.run(task=write_tests_prompt(code, _MODULE))
    summary = RunSummary.from_metadata(result.messages[-1].metadata) or RunSummary(outcome="failure", attempts=0)
    tests = tests_source(summary) or ""
    last = next((a for a in reversed(agent.attempts) if a.kind == "executed"), None)
    counters = [c for c in (main, retry) if c is not None]
    wall = time.perf_counter() - started + sum(c.saved_seconds for c in counters)
    return TaskRecord(
        settings=settings,
        task_id=problem.task_id,
        arm=arm,
        passed=summary.outcome == "success",
        verdict=summary.outcome,
        attempts=summary.attempts,
        model_calls=sum(c.calls for c in counters),
        prompt_tokens=sum(c.prompt_tokens for c in counters),
        completion_tokens=sum(c.completion_tokens for c in counters),
        wall_seconds=round(wall, 3),
        code=tests,
        tests_pass_on_code=last is not None and last.mutants_total is not None,
        mutants_caught=last.mutants_caught if last is not None and last.mutants_total is not None else 0,
        mutants_total=len(agent.mutants),
        asserts_nothing=bool(tests) and any("assert nothing" in p for p in review_test_file(tests, code)),
    )


def write_tests_report(records: Sequence[TaskRecord], arms: Sequence[str], *, min_score: float) -> str:
    """A markdown table per split, over the tasks every arm finished."""
    sections = []
    for split, title in (("tune", "HumanEval/0-79 (tuning split)"), ("heldout", "HumanEval/80-163 (held-out split)")):
        part = [r for r in records if split_of(r.task_id) == split]
        tasks = sorted({r.task_id for r in part if all((r.task_id, a) in {x.key for x in part} for a in arms)})
        if not tasks:
            continue
        rows = [
            "| arm | tasks | no test file | pass on the code | mean mutation score | score >= "
            f"{min_score:.0%} | assert nothing | mean attempts | tokens/task | s/task |",
            "|---|---|---|---|---|---|---|---|---|---|",
        ]
        for arm in arms:
            mine = [r for r in part if r.arm == arm and r.task_id in tasks]
            n = len(mine)
            scores = [(r.mutants_caught or 0) / r.mutants_total if r.mutants_total else 0.0 for r in mine]
            rows.append(
                f"| {arm} | {n} | {sum(not r.code for r in mine)} | {sum(bool(r.tests_pass_on_code) for r in mine)} | "
                f"{sum(scores) / n:.1%} | "
                f"{sum(r.passed for r in mine)} | {sum(bool(r.asserts_nothing) for r in mine)} | "
                f"{sum(r.attempts for r in mine) / n:.2f} | "
                f"{sum((r.prompt_tokens or 0) + (r.completion_tokens or 0) for r in mine) / n:,.0f} | "
                f"{sum(r.wall_seconds for r in mine) / n:.1f} |"
            )
        sections.append(f"## {title}\n\n" + "\n".join(rows) + "\n")
    return "\n".join(sections)


async def run_write_tests(argv: Sequence[str]) -> int:
    args = _parser().parse_args(list(argv))
    console = Console()
    arms = (
        [a.strip() for a in args.arms.split(",")]
        if args.arms
        else [a for a in WRITE_TESTS_ARMS if args.retry_model or a != "cascade"]
    )
    if any(a not in WRITE_TESTS_ARMS for a in arms) or ("cascade" in arms and not args.retry_model):
        console.print(f"[red]Arms are {', '.join(WRITE_TESTS_ARMS)}; cascade needs --retry-model SPEC.[/red]")
        return 2
    if args.attempts < 1 or args.max_mutants < 1 or not 0 <= args.min_score <= 1:
        console.print("[red]--attempts and --max-mutants must be at least 1, --min-score between 0 and 1.[/red]")
        return 2
    try:
        split = load_split(args.split)
        problems = select_problems(split, tasks=args.tasks.split(","), limit=args.limit)
        specs = [(args.model, args.base_url)]
        if args.retry_model:
            specs.append((args.retry_model, retry_base_url(args.retry_model, args.base_url)))
        resolved = [
            resolve_model(spec, base_url=base_url, max_tokens=args.max_tokens, temperature=0.0, seed=0)
            for spec, base_url in specs
        ]
    except ImportError:
        console.print(
            "The benchmark needs the bench extra: pip install 'autogen-selfdebug[bench]'", style="red", markup=False
        )
        return 2
    except (ValueError, ModelSelectionError) as error:
        console.print(f"[red]{error}[/red]")
        return 2
    main, retry = resolved[0], (resolved[1] if len(resolved) > 1 else None)
    settings = RunSettings(
        model=str(main.spec),
        retry_model=str(retry.spec) if retry else None,
        attempts=args.attempts,
        max_tokens=args.max_tokens,
        temperature=0.0,
        seed=0,
        min_score=args.min_score,
        max_mutants=args.max_mutants,
    )
    results = args.out / "results.jsonl"
    selected = {p.task_id for p in problems}
    done = {r.key for r in load_records(results, settings) if r.task_id in selected}
    jobs = [] if args.report_only else [(p, a) for p in problems for a in arms if (p.task_id, a) not in done]
    console.print(f"{len(problems)} tasks x {len(arms)} arms; {len(done)} done earlier, {len(jobs)} to run.")
    try:
        with Progress(
            TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), console=console
        ) as progress:
            bar = progress.add_task("write-tests", total=len(jobs))
            caches: dict[str, tuple[CallCache, CallCache]] = {}
            for problem, arm in jobs:
                progress.update(bar, description=f"{problem.task_id} {arm}")
                # The arms of a task share identical calls (their greedy first attempt): the same reply,
                # paid once, with its seconds still counted in each arm's time.
                shared = caches.setdefault(problem.task_id, (CallCache(), CallCache()))
                counted = CountingChatCompletionClient(main.client, cache=shared[0])
                counted_retry = CountingChatCompletionClient(retry.client, cache=shared[1]) if retry else None
                record = await _one(arm, problem, counted, counted_retry, settings, args.timeout)
                append_record(results, record)
                score = f"{record.mutants_caught}/{record.mutants_total}"
                progress.console.print(f"{problem.task_id} {arm}: {record.verdict}, caught {score} mutants")
                progress.advance(bar)
    finally:
        for model in resolved:
            await model.client.close()
    records = [r for r in load_records(results, settings) if r.task_id in selected]
    header = (
        f"# Test-writing benchmark\n\n- Model: {main.description}"
        + (f"; retry model: {retry.description}" if retry else "")
        + f"\n- Tasks: {len(problems)}; attempts k: {args.attempts}; max {args.max_mutants} mutants per task; "
        f"a file passes at {args.min_score:.0%}\n- Machine: {platform.platform()}, Python {platform.python_version()}\n"
        f"- Date: {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC\n\n"
    )
    report = header + write_tests_report(records, arms, min_score=args.min_score)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "results.md").write_text(report, encoding="utf-8")
    console.print(report, markup=False, highlight=False, soft_wrap=True)
    return 0
