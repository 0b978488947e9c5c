"""The loop-overhead benchmark: what the agent itself costs, with the model taken out.

A scripted model with no latency (``ReplayChatCompletionClient``) drives both loops, ours and
upstream ``CodeExecutorAgent``, through attempts that all fail. Three measurements, side by side
in one run: time per attempt (with the real local sandbox, and with a no-op executor that shows
the loop's own cost), prompt size per call as attempts grow with a 1 MB error output, and 100
concurrent sessions on one event loop with a ticker task measuring how long the loop stalls,
repeated (``--repeats``) to show the spread of the worst stall and how often it stays under
:data:`LAG_TARGET_MS`. Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import statistics
import sys
import time
import warnings
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Literal

from autogen_agentchat.agents import CodeExecutorAgent
from autogen_core import CancellationToken
from autogen_core.code_executor import CodeBlock, CodeExecutor, CodeResult
from autogen_core.models import CreateResult, ModelInfo
from autogen_ext.models.replay import ReplayChatCompletionClient
from rich.console import Console
from rich.table import Table

from .. import SelfDebuggingCodeExecutorAgent
from ..sandboxes import LocalSandbox
from ._counting import CountingChatCompletionClient

__all__ = ["LAG_TARGET_MS", "NoOpExecutor", "run_overhead"]

Loop = Literal["ours", "autogen"]
LOOPS: tuple[Loop, ...] = ("ours", "autogen")
ExecutorKind = Literal["noop", "local"]

_INFO = ModelInfo(vision=False, function_calling=False, json_output=True, family="unknown", structured_output=True)
# Each failing attempt sends a different program: ours would not run (or decide on) a resent one.
_FAIL = "```python\nimport sys\nprint('boom {n}')\nsys.exit(1)  # FAIL\n```"
_PASS = "```python\nprint('ok')\n```"
_RETRY = json.dumps({"retry": True, "reason": "The program exits with 1; print and exit normally instead."})
_CHARS_PER_TOKEN = 4

LAG_TARGET_MS = 50.0
"""The worst event-loop stall allowed with 100 local-sandbox sessions (in at least 9 of 10 repeats)."""


@dataclass(frozen=True)
class Workload:
    """How much each measurement runs."""

    attempts: int
    repeats: int
    sessions_noop: int
    sessions_local: int
    lag_repeats: int
    """Repeats of the concurrency measurement (``--repeats``)."""


_QUICK = Workload(attempts=4, repeats=2, sessions_noop=100, sessions_local=20, lag_repeats=3)
_FULL = Workload(attempts=8, repeats=5, sessions_noop=100, sessions_local=100, lag_repeats=10)


class NoOpExecutor(CodeExecutor):
    """Runs nothing: code marked ``# FAIL`` "fails" with ``failure_output``, anything else passes."""

    def __init__(self, failure_output: str = "boom") -> None:
        self._failure_output = failure_output

    async def execute_code_blocks(
        self, code_blocks: list[CodeBlock], cancellation_token: CancellationToken
    ) -> CodeResult:
        if any("# FAIL" in b.code for b in code_blocks):
            return CodeResult(exit_code=1, output=self._failure_output)
        return CodeResult(exit_code=0, output="ok")

    async def start(self) -> None:
        return None

    async def stop(self) -> None:
        return None

    async def restart(self) -> None:
        return None


class _ScriptedModel(ReplayChatCompletionClient):
    """``ReplayChatCompletionClient`` that yields to the event loop once per call, as a network client would."""

    async def create(self, *args: Any, **kwargs: Any) -> CreateResult:
        await asyncio.sleep(0)
        return await super().create(*args, **kwargs)


def _script(loop: Loop, failures: int, *, then_pass: bool) -> list[str]:
    """Replies in call order: code, decision, code, ...; upstream also reflects at the end."""
    replies: list[str] = []
    for n in range(failures):
        replies.append(_FAIL.format(n=n))
        if n < failures - 1 or then_pass:
            replies.append(_RETRY)
    if then_pass:
        replies.append(_PASS)
    replies.append("Done.")  # upstream always reflects; ours reflects only on success
    return replies


async def _run_loop(
    loop: Loop, executor: CodeExecutor, *, failures: int, then_pass: bool = False, record: bool = False
) -> CountingChatCompletionClient:
    """One session of ``loop`` on a scripted model; returns the counting client."""
    attempts = failures + (1 if then_pass else 0)
    client = CountingChatCompletionClient(
        _ScriptedModel(_script(loop, failures, then_pass=then_pass), model_info=_INFO), record=record
    )
    if loop == "ours":
        agent: CodeExecutorAgent = SelfDebuggingCodeExecutorAgent(
            "coder", executor, model_client=client, max_retries_on_error=attempts - 1
        )
    else:
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", category=UserWarning)
            agent = CodeExecutorAgent("coder", executor, model_client=client, max_retries_on_error=attempts - 1)
    await agent.run(task="Print ok.")
    return client


async def _python_pass_once() -> float:
    """One bare ``python -c pass`` subprocess, timed: the unit for overhead ratios."""
    started = time.perf_counter()
    process = await asyncio.create_subprocess_exec(sys.executable, "-c", "pass")
    await process.wait()
    return time.perf_counter() - started


@dataclass
class AttemptTiming:
    loop: str
    executor: str
    seconds_per_attempt: float
    min_seconds: float
    max_seconds: float
    ratio_to_python_pass: float


async def _one_session_per_attempt(loop: Loop, kind: ExecutorKind, attempts: int) -> float:
    if kind == "noop":
        started = time.perf_counter()
        await _run_loop(loop, NoOpExecutor(), failures=attempts)
        return (time.perf_counter() - started) / attempts
    async with LocalSandbox(timeout=30) as sandbox:
        started = time.perf_counter()
        await _run_loop(loop, sandbox, failures=attempts)
        return (time.perf_counter() - started) / attempts


async def _time_per_attempt(attempts: int, repeats: int, baseline: list[float]) -> list[AttemptTiming]:
    """Seconds per failing attempt for each loop and executor. The loops alternate which goes first,
    and a ``python -c pass`` sample is taken between repeats, so load on the machine hits all alike."""
    samples: dict[tuple[Loop, ExecutorKind], list[float]] = {}
    kinds: tuple[ExecutorKind, ...] = ("noop", "local")
    for i in range(repeats):
        for kind in kinds:
            for loop in LOOPS if i % 2 == 0 else LOOPS[::-1]:
                samples.setdefault((loop, kind), []).append(await _one_session_per_attempt(loop, kind, attempts))
        baseline.append(await _python_pass_once())
    unit = statistics.median(baseline)
    results = []
    for kind in kinds:
        for loop in LOOPS:
            got = samples[(loop, kind)]
            median = statistics.median(got)
            results.append(AttemptTiming(loop, kind, median, min(got), max(got), median / unit))
    return results


@dataclass
class PromptGrowth:
    loop: str
    attempt: int
    generation_prompt_chars: int
    decision_prompt_chars: int | None

    @property
    def generation_tokens(self) -> int:
        return self.generation_prompt_chars // _CHARS_PER_TOKEN


async def _prompt_growth(attempts: int, output_bytes: int) -> list[PromptGrowth]:
    line = "Traceback (most recent call last): ValueError: something went wrong in step 0000\n"
    big = (line * (output_bytes // len(line) + 1))[:output_bytes]
    rows = []
    for loop in LOOPS:
        client = await _run_loop(loop, NoOpExecutor(big), failures=attempts, record=True)
        generations = [r for r in client.records if not r.json_output][:attempts]
        decisions = [r for r in client.records if r.json_output]
        for n, record in enumerate(generations):
            decision = decisions[n].prompt_chars if n < len(decisions) else None
            rows.append(PromptGrowth(loop, n + 1, record.prompt_chars, decision))
    return rows


@dataclass
class Concurrency:
    loop: str
    executor: str
    sessions: int
    seconds: float
    sessions_per_second: float
    max_loop_lag_ms: float
    p99_loop_lag_ms: float
    repeat: int = 0


@dataclass
class LagSpread:
    """One cell's concurrency runs over the repeats: the spread of the worst lag, and how often it met the target."""

    loop: str
    executor: str
    sessions: int
    repeats: int
    median_seconds: float
    min_max_lag_ms: float
    median_max_lag_ms: float
    max_max_lag_ms: float
    median_p99_lag_ms: float
    under_target: int
    max_lags_ms: list[float]

    @classmethod
    def of(cls, runs: Sequence[Concurrency], target_ms: float = LAG_TARGET_MS) -> LagSpread:
        lags = [r.max_loop_lag_ms for r in runs]
        return cls(
            loop=runs[0].loop,
            executor=runs[0].executor,
            sessions=runs[0].sessions,
            repeats=len(runs),
            median_seconds=statistics.median(r.seconds for r in runs),
            min_max_lag_ms=min(lags),
            median_max_lag_ms=statistics.median(lags),
            max_max_lag_ms=max(lags),
            median_p99_lag_ms=statistics.median(r.p99_loop_lag_ms for r in runs),
            under_target=sum(lag < target_ms for lag in lags),
            max_lags_ms=lags,
        )


def lag_spreads(runs: Sequence[Concurrency]) -> list[LagSpread]:
    """One :class:`LagSpread` per (executor, loop) cell, in the order the cells first appear."""
    cells: dict[tuple[str, str], list[Concurrency]] = {}
    for run in runs:
        cells.setdefault((run.executor, run.loop), []).append(run)
    return [LagSpread.of(cell) for cell in cells.values()]


class _Ticker:
    """A task that sleeps ``interval`` seconds in a loop and records how late each wake-up was."""

    def __init__(self, interval: float = 0.005) -> None:
        self._interval = interval
        self._stop = asyncio.Event()
        self.lags: list[float] = []
        self._task: asyncio.Task[None] | None = None

    async def _run(self) -> None:
        while not self._stop.is_set():
            expected = time.perf_counter() + self._interval
            await asyncio.sleep(self._interval)
            self.lags.append(max(time.perf_counter() - expected, 0.0))

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        self._stop.set()
        if self._task is not None:
            await self._task

    @property
    def max_ms(self) -> float:
        return max(self.lags, default=0.0) * 1000

    @property
    def p99_ms(self) -> float:
        if len(self.lags) < 2:
            return self.max_ms
        return statistics.quantiles(self.lags, n=100, method="inclusive")[-1] * 1000


async def _idle_lag(seconds: float) -> float:
    """The ticker's max lag with nothing else on the loop: this machine's noise floor."""
    ticker = _Ticker()
    ticker.start()
    await asyncio.sleep(seconds)
    await ticker.stop()
    return ticker.max_ms


async def _concurrency(loop: Loop, kind: ExecutorKind, sessions: int, *, repeat: int = 0) -> Concurrency:
    """``sessions`` sessions (one failed attempt, then a passing one) at once, with a 5 ms ticker."""

    async def session() -> None:
        if kind == "noop":
            await _run_loop(loop, NoOpExecutor(), failures=1, then_pass=True)
            return
        async with LocalSandbox(timeout=60) as sandbox:
            await _run_loop(loop, sandbox, failures=1, then_pass=True)

    ticker = _Ticker()
    ticker.start()
    started = time.perf_counter()
    await asyncio.gather(*(session() for _ in range(sessions)))
    elapsed = time.perf_counter() - started
    await ticker.stop()
    return Concurrency(loop, kind, sessions, elapsed, sessions / elapsed, ticker.max_ms, ticker.p99_ms, repeat)


async def _timed(label: str, console: Console, step: Callable[[], Awaitable[object]]) -> None:
    started = time.perf_counter()
    await step()
    console.print(f"[dim]{label}: {time.perf_counter() - started:.1f}s[/dim]")


async def run_overhead(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="autogen-selfdebug bench overhead", description="Loop-overhead benchmark (scripted model, no latency)."
    )
    parser.add_argument("--quick", action="store_true", help="Fewer repeats and sessions (CI; under a minute).")
    parser.add_argument("--json", type=Path, default=None, help="Also write the figures to this JSON file.")
    parser.add_argument(
        "--repeats",
        type=_positive,
        default=None,
        metavar="N",
        help=f"Run the concurrency measurement N times (default {_FULL.lag_repeats}, {_QUICK.lag_repeats} with "
        f"--quick) and print the spread of the worst lag, and how many repeats stayed under {LAG_TARGET_MS:g} ms.",
    )
    args = parser.parse_args(list(argv))
    console = Console()
    work = _QUICK if args.quick else _FULL
    lag_repeats: int = args.repeats if args.repeats is not None else work.lag_repeats
    attempts, repeats, growth_attempts = work.attempts, work.repeats, work.attempts
    sessions = {"noop": work.sessions_noop, "local": work.sessions_local}

    for _ in range(3):  # warm the file cache first: the first starts are slow
        await _python_pass_once()
    baseline = [await _python_pass_once() for _ in range(5 if args.quick else 20)]
    timings: list[AttemptTiming] = []
    growth: list[PromptGrowth] = []
    concurrency: list[Concurrency] = []

    async def step_timing() -> None:
        timings.extend(await _time_per_attempt(attempts, repeats, baseline))

    async def step_growth() -> None:
        growth.extend(await _prompt_growth(growth_attempts, 1_000_000))

    idle = 0.0

    async def step_concurrency() -> None:
        nonlocal idle
        idle = await _idle_lag(1.0)
        kinds: tuple[ExecutorKind, ...] = ("noop", "local")
        for kind in kinds:
            for loop in LOOPS:
                # A warm-up run: one-time costs (the first time this many sessions run at once in the
                # process: 60-90 ms) would otherwise land on whichever arm runs first.
                await _concurrency(loop, kind, sessions[kind])
        for repeat in range(lag_repeats):
            for kind in kinds:
                # The loops alternate which goes first, so load on the machine hits both alike.
                for loop in LOOPS if repeat % 2 == 0 else LOOPS[::-1]:
                    gc.collect()  # the garbage of the run before is not collected during this one
                    concurrency.append(await _concurrency(loop, kind, sessions[kind], repeat=repeat))

    load_before = os.getloadavg()
    await _timed("time per attempt", console, step_timing)
    await _timed("prompt growth", console, step_growth)
    await _timed("concurrency", console, step_concurrency)
    load_after = os.getloadavg()

    unit = statistics.median(baseline)
    console.print(f"\nBare `python -c pass` subprocess: {unit * 1000:.1f} ms (median of {len(baseline)})")
    table = Table(title=f"Time per attempt ({attempts} failing attempts, median of {repeats})")
    for column in ("loop", "executor", "ms / attempt", "min–max ms", "x python -c pass"):
        table.add_column(column)
    for t in timings:
        table.add_row(
            t.loop,
            t.executor,
            f"{t.seconds_per_attempt * 1000:.2f}",
            f"{t.min_seconds * 1000:.2f}–{t.max_seconds * 1000:.2f}",
            f"{t.ratio_to_python_pass:.3f}",
        )
    console.print(table)

    table = Table(title="Prompt sent per generation call, with a 1 MB error output (≈ tokens = chars / 4)")
    for column in ("attempt", *(f"{loop} ≈tokens" for loop in LOOPS), *(f"{loop} decision ≈tokens" for loop in LOOPS)):
        table.add_column(column)
    for n in range(1, growth_attempts + 1):
        by_loop = {g.loop: g for g in growth if g.attempt == n}
        cells = [f"{by_loop[loop].generation_tokens:,}" if loop in by_loop else "–" for loop in LOOPS]
        for loop in LOOPS:
            chars = by_loop[loop].decision_prompt_chars if loop in by_loop else None
            cells.append(f"{chars // _CHARS_PER_TOKEN:,}" if chars is not None else "–")
        table.add_row(str(n), *cells)
    console.print(table)

    spreads = lag_spreads(concurrency)
    _print_spreads(console, spreads, idle=idle, load=(load_before, load_after))

    if args.json is not None:
        figures = {
            "python_pass_seconds": unit,
            "idle_max_loop_lag_ms": idle,
            "load_average_before": list(load_before),
            "load_average_after": list(load_after),
            "time_per_attempt": [asdict(t) for t in timings],
            "prompt_growth": [asdict(g) for g in growth],
            "concurrency": [asdict(c) for c in concurrency],
            "lag_target_ms": LAG_TARGET_MS,
            "lag_spread": [asdict(s) for s in spreads],
        }
        args.json.write_text(json.dumps(figures, indent=2), encoding="utf-8")
    return 0


def _print_spreads(
    console: Console, spreads: Sequence[LagSpread], *, idle: float, load: tuple[Sequence[float], Sequence[float]]
) -> None:
    repeats = max((s.repeats for s in spreads), default=0)
    table = Table(
        title=f"Concurrent sessions on one event loop (fail, then pass), {repeats} repeats; idle max lag {idle:.1f} ms"
    )
    columns = ("loop", "executor", "sessions", "seconds", "sessions / s", "max lag min / median / max (ms)")
    for column in (*columns, "p99 lag (ms)", f"max lag < {LAG_TARGET_MS:g} ms"):
        table.add_column(column)
    for s in spreads:
        table.add_row(
            s.loop,
            s.executor,
            str(s.sessions),
            f"{s.median_seconds:.2f}",
            f"{s.sessions / s.median_seconds:.1f}",
            f"{s.min_max_lag_ms:.1f} / {s.median_max_lag_ms:.1f} / {s.max_max_lag_ms:.1f}",
            f"{s.median_p99_lag_ms:.1f}",
            f"{s.under_target} of {s.repeats}",
        )
    console.print(table)
    console.print("Seconds and p99 are medians over the repeats.")
    for s in spreads:
        lags = ", ".join(f"{lag:.0f}" for lag in s.max_lags_ms)
        console.print(f"Max lag per repeat, {s.loop} / {s.executor}: {lags} ms")
    before, after = (" ".join(f"{x:.1f}" for x in avg) for avg in load)
    console.print(f"Load average (1, 5, 15 min) before: {before}; after: {after}; cores: {os.cpu_count()}")
    for s in spreads:
        if s.executor == "local" and s.sessions >= 100:
            met = s.under_target * 10 >= 9 * s.repeats
            console.print(
                f"Target (max lag < {LAG_TARGET_MS:g} ms in at least 9 of 10 repeats), {s.loop}: "
                f"{s.under_target} of {s.repeats}, {'met' if met else 'missed'}"
            )


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {value}")
    return value
