"""The model's rewrites of the suspicious lines: edits from its replies, the calls, the search among them, the loop
and the command line."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from autogen_agentchat.messages import CodeGenerationEvent, ThoughtEvent
from autogen_core import CancellationToken
from autogen_core.code_executor import CodeBlock, CodeExecutor, CodeResult
from autogen_core.models import CreateResult

from autogen_selfdebug import RetryStrategy, RunSummary, SelfDebuggingCodeExecutorAgent, create_sandbox
from autogen_selfdebug.bench import _fix_rate
from autogen_selfdebug.bench._arms import Models
from autogen_selfdebug.bench._counting import CountingChatCompletionClient
from autogen_selfdebug.bench._humaneval import load_split
from autogen_selfdebug.bench._report import summarise
from autogen_selfdebug.bench._results import RunSettings
from autogen_selfdebug.cli import main
from autogen_selfdebug.edits import line_rewrite, rewritable_lines
from autogen_selfdebug.repair import ask_rewrites, search_patches
from helpers import ScriptedServer, py, scripted

VOWELS = 'def count_vowels(text):\n    vowels = "aeiou"\n    return sum(1 for ch in text if ch in vowels)\n'
VOWELS_TESTS = 'assert count_vowels("hello") == 2\nassert count_vowels("HELLO") == 2\nassert count_vowels("Sky") == 0\n'
LOWER = "return sum(1 for ch in text if ch.lower() in vowels)"


# ----------------------------------------------------------------------------- a reply as an edit


def test_a_reply_becomes_an_edit_of_its_line_indented_as_the_line_was() -> None:
    edit = line_rewrite(VOWELS, 3, f"Here it is:\n```python\n{LOWER}\n```\nThis lowers each letter.", "python")
    assert edit is not None and edit.template == "model_rewrite" and edit.line == 3
    assert edit.apply(VOWELS).splitlines()[2] == f"    {LOWER}"
    assert edit.description == f"`return sum(1 for ch in text if ch in vowels)` changed to `{LOWER}` on line 3"


@pytest.mark.parametrize(
    "reply",
    [
        f"line 3: {LOWER}    [text='HELLO', vowels='aeiou']",  # what a small model copies from the report
        f"```python\n        {LOWER}\n```",  # indented deeper than the line
        f"```py\n# lower-case first\n{LOWER}\n```",  # a comment line before it
        f"Sure.\n```python\n{LOWER}\n",  # cut off by the token cap before the closing fence
    ],
)
def test_what_a_small_model_adds_around_the_line_is_left_out(reply: str) -> None:
    edit = line_rewrite(VOWELS, 3, reply, "python")
    assert edit is not None and edit.apply(VOWELS).splitlines()[2] == f"    {LOWER}"


def test_a_reply_of_up_to_three_lines_replaces_the_line_and_keeps_their_indentation() -> None:
    source = "def pick(xs, i):\n    return xs[i]\n"
    reply = "```python\nif i >= len(xs):\n    return None\nreturn xs[i]\n```"
    edit = line_rewrite(source, 2, reply, "python")
    assert edit is not None
    assert edit.apply(source) == "def pick(xs, i):\n    if i >= len(xs):\n        return None\n    return xs[i]\n"


@pytest.mark.parametrize(
    "reply",
    [
        "return sum(1 for ch in text if ch in vowels)",  # the same line
        "I cannot see the bug.",  # prose that does not parse as code there
        "```python\nreturn sum(1 for ch in text if ch in vowels\n```",  # does not parse
        "```python\na = 1\nb = 2\nc = 3\nreturn a\n```",  # four lines: a rewrite of the function
        "```python\n```",  # nothing
    ],
)
def test_a_reply_that_changes_nothing_or_breaks_the_program_is_no_edit(reply: str) -> None:
    assert line_rewrite(VOWELS, 3, reply, "python") is None


def test_a_javascript_line_is_rewritten_and_checked_by_its_own_parser() -> None:
    source = "function area(w, h) {\n  return w + h;\n}\n"
    edit = line_rewrite(source, 2, "```javascript\nreturn w * h;\n```", "javascript")
    assert edit is not None and edit.apply(source) == "function area(w, h) {\n  return w * h;\n}\n"
    assert line_rewrite(source, 2, "```javascript\nreturn w * ;\n```", "javascript") is None


def test_the_lines_rewritten_are_code_not_signatures_imports_docstrings_comments_or_blank_lines() -> None:
    source = '"""Module."""\nimport math\n@cache\ndef f(x):\n    """Doc."""\n    # the answer\n\n    y = x + 1\n'
    source += "    return y\n"
    assert rewritable_lines(source, list(range(1, 10)), "python", 2) == [8, 9]
    js = "export function f(x) {\n  // note\n  return x;\n}\nclass A {\n  get(k) {\n    return k;\n  }\n}\n"
    assert rewritable_lines(js, [1, 2, 3, 5, 6, 7], "javascript", 5) == [3, 7]
    arrow = "import { a } from './a';\nconst b = require('b');\nconst twice = (x) => {\n  return x * 3;\n};\n"
    assert rewritable_lines(arrow, [1, 2, 3, 4], "typescript", 2) == [4]
    block = "'use strict';\n/**\n * Doubles.\n */\nfunction f(x) {\n  return x * 3; // twice\n}\n"
    assert rewritable_lines(block, [1, 2, 3, 4, 5, 6], "javascript", 3) == [6]


# ----------------------------------------------------------------------------- asking the model


async def test_each_line_is_asked_for_as_many_times_as_set_and_the_distinct_edits_are_kept() -> None:
    replies = [f"```python\n{LOWER}\n```", f"```python\n{LOWER}\n```", "no idea", 'vowels = "aeiouAEIOU"']
    client = scripted(replies)
    calls: list[dict[str, Any]] = []
    prompts: list[str] = []
    original = client.create

    async def create(messages: Any, **kwargs: Any) -> CreateResult:
        calls.append(kwargs.get("extra_create_args") or {})
        prompts.append(str(messages[-1].content))
        return await original(messages, **kwargs)

    client.create = create  # type: ignore[method-assign]
    found = await ask_rewrites(
        client, VOWELS, language="python", tests=VOWELS_TESTS, report="1 of 3 asserts failed", lines=[3, 2],
        samples=2, temperature=0.8, seed=5, cancellation_token=CancellationToken(),
    )  # fmt: skip
    assert found.calls == 4 and [e.line for e in found.edits] == [3, 2]
    assert [c["seed"] for c in calls] == [5, 6, 7, 8] and {c["temperature"] for c in calls} == {0.8}
    assert all(c["max_tokens"] < 200 for c in calls)  # a line, not a program
    assert found.usage.prompt_tokens > 0 and "4 times: 2 different edits" in found.describe([3, 2])
    # Every call starts with the same prefix (the program, the tests, the report), so a server evaluates it once.
    prefix = prompts[0][: prompts[0].index("The bug is most likely")]
    assert VOWELS.strip() in prefix and VOWELS_TESTS.strip() in prefix and "1 of 3 asserts failed" in prefix
    assert all(p.startswith(prefix) for p in prompts) and "line 2:" in prompts[-1]


async def test_asking_for_rewrites_is_cancellable() -> None:
    token = CancellationToken()

    class Slow(type(scripted([]))):  # type: ignore[misc]
        async def create(self, *args: Any, **kwargs: Any) -> CreateResult:
            await asyncio.sleep(30)
            raise AssertionError("not cancelled")

    task = asyncio.ensure_future(
        ask_rewrites(
            Slow([]),
            VOWELS,
            language="python",
            tests=VOWELS_TESTS,
            report="",
            lines=[3],
            samples=3,
            temperature=0.8,
            seed=0,
            cancellation_token=token,
        )
    )
    await asyncio.sleep(0.2)
    token.cancel()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task


# ----------------------------------------------------------------------------- the search among them


@pytest.fixture
async def sandbox() -> AsyncIterator[CodeExecutor]:
    async with create_sandbox("local", timeout=60) as box:
        yield box


def executing(box: CodeExecutor) -> Any:
    async def execute(blocks: list[CodeBlock], cancellation_token: CancellationToken) -> CodeResult:
        return await box.execute_code_blocks(blocks, cancellation_token=cancellation_token)

    return execute


async def test_the_search_runs_the_edits_it_is_given_instead_of_its_templates(sandbox: CodeExecutor) -> None:
    token = CancellationToken()
    plain = await search_patches(
        VOWELS, language="python", tests=VOWELS_TESTS, execute=executing(sandbox), cancellation_token=token
    )
    assert plain.fix is None and plain.tried > 3  # no template adds `.lower()`
    edits = [e for reply in (LOWER, "return 0") if (e := line_rewrite(VOWELS, 3, reply, "python")) is not None]
    given = await search_patches(
        VOWELS, language="python", tests=VOWELS_TESTS, execute=executing(sandbox), cancellation_token=token, edits=edits
    )
    assert given.tried <= 2 and given.fix is not None and LOWER in given.fix.source


async def test_two_rewrites_of_two_lines_are_tried_together(sandbox: CodeExecutor) -> None:
    # Two bugs: each rewrite alone fixes one assert, only both together fix the program.
    source = "def stats(xs):\n    lo = max(xs)\n    hi = min(xs)\n    return lo, hi\n"
    tests = "assert stats([3, 1, 2])[0] == 1\nassert stats([3, 1, 2])[1] == 3\n"
    edits = [
        line_rewrite(source, 2, "lo = sorted(xs)[0]", "python"),
        line_rewrite(source, 3, "hi = sorted(xs)[-1]", "python"),
    ]
    assert all(edits)
    result = await search_patches(
        source, language="python", tests=tests, execute=executing(sandbox), cancellation_token=CancellationToken(),
        edits=[e for e in edits if e is not None],
    )  # fmt: skip
    assert result.fix is not None and len(result.fix.patch.edits) == 2


# ----------------------------------------------------------------------------- in the loop


def rewrite_replies(body_text: str) -> str:
    return f"```python\n{LOWER}\n```" if "That line is wrong" in body_text else py("print('a whole program')")


async def test_a_rewrite_that_passes_is_the_next_attempt_and_its_tokens_are_counted(sandbox: CodeExecutor) -> None:
    # Lines 2 and 3 are as suspicious (every check runs both): one call each, line 2 first.
    client = scripted(["I do not know.", f"```python\n{LOWER}\n```"])
    agent = SelfDebuggingCodeExecutorAgent(
        "fixer", sandbox, model_client=client, tests=VOWELS_TESTS, initial_code=VOWELS,
        retry_strategy=RetryStrategy(rewrites=1, rewrite_lines=2),
    )  # fmt: skip
    items = [item async for item in agent.run_stream(task="Fix the program.")]
    kinds = [i.metadata.get("kind") for i in items if isinstance(i, ThoughtEvent)]
    assert kinds[:5] == ["search_start", "search", "rewrite_start", "rewrite", "search"]
    generations = [i for i in items if isinstance(i, CodeGenerationEvent)]
    assert [g.metadata["move"] for g in generations] == ["given", "rewrite"]
    assert [(a.move, a.passed) for a in agent.attempts] == [("given", False), ("rewrite", True)]
    assert generations[1].metadata["rewritten_by"] and int(generations[1].metadata["rewrite_tokens"]) > 0
    assert LOWER in generations[1].code_blocks[0].code
    final = items[-1].messages[-1]
    summary = RunSummary.from_metadata(final.metadata)
    assert summary is not None and summary.outcome == "success"
    assert "the repair search's patch among the model's rewrites of the suspicious lines" in final.content
    assert final.models_usage.prompt_tokens + final.models_usage.completion_tokens > 0
    # save_state keeps the attempt like any other.
    state = json.loads(json.dumps(await agent.save_state()))
    assert "ch.lower()" in json.dumps(state)


async def test_with_rewrites_off_the_model_is_not_asked_for_lines(sandbox: CodeExecutor) -> None:
    client = scripted([py(VOWELS.replace("ch in vowels", "ch.lower() in vowels"))])
    agent = SelfDebuggingCodeExecutorAgent(
        "fixer", sandbox, model_client=client, tests=VOWELS_TESTS, initial_code=VOWELS, reflect_on_success=False
    )
    items = [item async for item in agent.run_stream(task="Fix the program.")]
    assert not [i for i in items if isinstance(i, ThoughtEvent) and i.metadata.get("kind") == "rewrite_start"]
    assert [a.move for a in agent.attempts] == ["given", "restart"]


async def test_rewrites_are_asked_for_only_after_the_program_given(sandbox: CodeExecutor) -> None:
    # The model's own program fails and the search finds nothing: a restart, not rewrites of its lines.
    own = VOWELS.replace("vowels = ", "vowels  = ")
    client = scripted([py(own), py(own.replace("ch in vowels", "ch.lower() in vowels"))])
    agent = SelfDebuggingCodeExecutorAgent(
        "fixer", sandbox, model_client=client, tests=VOWELS_TESTS, retry_strategy=RetryStrategy(rewrites=3),
        reflect_on_success=False, stop_on_decision=False,
    )  # fmt: skip
    items = [item async for item in agent.run_stream(task="Write count_vowels.")]
    assert not [i for i in items if isinstance(i, ThoughtEvent) and i.metadata.get("kind") == "rewrite_start"]
    assert [a.move for a in agent.attempts] == ["first", "restart"]


def test_the_strategy_plans_rewrites_warm_and_round_trips_them() -> None:
    strategy = RetryStrategy(rewrites=3, rewrite_lines=2, temperatures=[0.0, 0.6], seed=7)
    plan = strategy.rewrite_plan("given")
    assert plan is not None and plan.temperature == 0.6 and plan.seed == 7 and plan.use_retry_model
    assert strategy.rewrite_plan("restart") is None and RetryStrategy().rewrite_plan("given") is None
    assert strategy.rewrite_counts == (2, 3)
    assert RetryStrategy(rewrites=3, temperatures=[0.0]).rewrite_counts == (3, 1)  # greedy: once is enough
    dumped = strategy.dump_component()
    assert dumped.config["rewrites"] == 3 and dumped.config["rewrite_lines"] == 2
    assert RetryStrategy.load_component(dumped).dump_component() == dumped
    with pytest.raises(ValueError, match="rewrites must be 0 or more"):
        RetryStrategy(rewrites=-1)


# ----------------------------------------------------------------------------- the command line


def test_fix_with_rewrites_shows_the_diff_and_says_the_model_wrote_the_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    program = tmp_path / "vowels.py"
    program.write_text(VOWELS + "\n\n" + VOWELS_TESTS)
    with ScriptedServer(lambda body: rewrite_replies(json.dumps(body["messages"]))) as server:
        code = main(
            ["fix", str(program), "--model", "openai:scripted", "--base-url", server.base_url, "--retry-model", "none",
             "--rewrites", "2", "--output", str(tmp_path / "fixed.py")]
        )  # fmt: skip
        asks = [r for r in server.requests if "That line is wrong" in json.dumps(r["messages"])]
    err = " ".join(capsys.readouterr().err.split())
    assert code == 0, err
    assert asks and len(asks) == len(server.requests)  # the rewrites only: no attempt at the whole program
    assert f"+ {LOWER}" in err and "- return sum(1 for ch in text if ch in vowels)" in err  # the diff
    assert "found by the repair search among scripted's rewrites of the suspicious lines" in err
    assert LOWER in (tmp_path / "fixed.py").read_text()


def test_a_negative_rewrites_count_is_one_clear_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    program = tmp_path / "vowels.py"
    program.write_text(VOWELS)
    assert main(["fix", str(program), "--rewrites", "-1"]) == 2
    assert "-1 must be 0 or more" in capsys.readouterr().err


# ----------------------------------------------------------------------------- the benchmark arm


async def test_the_rewrites_arm_fixes_what_the_templates_cannot_and_is_not_counted_as_the_search_alone() -> None:
    problem = {p.task_id: p for p in load_split("all")}["HumanEval/2"]
    broken = f"{problem.prompt}    return number\n"  # the canonical `number % 1.0` lost its operator and operand
    job = _fix_rate.fix_job(problem, broken)
    settings = RunSettings(model="scripted", attempts=2, max_tokens=64, temperature=0.0, seed=0)
    records = {}
    for arm in ("ours", "ours_rewrites"):
        # Every call gets the same line; only a rewrite puts it in place of the program's one line of code.
        models = Models(CountingChatCompletionClient(scripted(["```python\nreturn number % 1.0\n```"] * 12)))
        records[arm] = await _fix_rate.run_job(arm, job, problem, models, settings, timeout=10)
    # Ours asks the model again: it writes the program (here, its one line) whole.
    assert records["ours"].final_move in ("repair", "restart") and records["ours"].model_attempts >= 1
    fixed = records["ours_rewrites"]
    assert fixed.passed and fixed.final_move == "rewrite" and fixed.verdict == "success"
    assert fixed.model_calls >= 1 and (fixed.prompt_tokens or 0) > 0 and fixed.model_attempts == 0
    summary = summarise([fixed], ["ours_rewrites"])[0]
    assert summary.solved == 1 and summary.search_fixes == 0  # not a fix of the search alone


@pytest.mark.parametrize("language", ["javascript", "typescript"])
async def test_a_javascript_rewrite_is_run_by_the_search_in_the_sandbox(sandbox: CodeExecutor, language: str) -> None:
    typed = ": number" if language == "typescript" else ""
    source = f"function refill(tokens{typed}, added{typed}, capacity{typed}) {{\n  return tokens + added;\n}}\n"
    tests = (
        "const assert = require('assert');\n"
        "assert.strictEqual(refill(1, 2, 10), 3);\n"
        "assert.strictEqual(refill(9, 5, 10), 10);\n"
    )
    token = CancellationToken()
    plain = await search_patches(
        source, language=language, tests=tests, execute=executing(sandbox), cancellation_token=token
    )
    assert plain.fix is None  # no template adds the clamp
    edit = line_rewrite(source, 2, f"```{language}\nreturn Math.min(tokens + added, capacity);\n```", language)
    assert edit is not None
    found = await search_patches(
        source, language=language, tests=tests, execute=executing(sandbox), cancellation_token=token, edits=[edit]
    )
    assert found.fix is not None and "Math.min(tokens + added, capacity)" in found.fix.source
