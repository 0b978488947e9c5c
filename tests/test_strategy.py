"""The retry strategy: each policy branch on its own, then through the agent with scripted models and
the real subprocess executor."""

from __future__ import annotations

import re
import shutil
from collections.abc import Sequence
from typing import Any

import pytest
from autogen_agentchat.messages import CodeExecutionEvent, CodeGenerationEvent, TextMessage, ThoughtEvent
from autogen_core import CancellationToken
from autogen_core.code_executor import CodeBlock, CodeExecutor, CodeResult
from autogen_core.models import CreateResult, ModelInfo
from autogen_ext.code_executors.local import LocalCommandLineCodeExecutor
from autogen_ext.models.replay import ReplayChatCompletionClient

from autogen_selfdebug import LocalSandbox, RetryStrategy, RunSummary, SelfDebuggingCodeExecutorAgent
from autogen_selfdebug._strategy import AttemptPlan, FailureKind
from helpers import STRUCTURED, decision, py, scripted

WRONG = "def double(x):\n    return x + x + 1"  # a wrong result: the tests' assert fails
LOCATED = "def double(x):\n    return x * undefined_factor"  # a NameError inside the call
RIGHT = "def double(x):\n    return 2 * x"
TESTS = "assert double(2) == 4\nassert double(5) == 10"


def plans(strategy: RetryStrategy, failures: Sequence[FailureKind], *, retry_model: bool = False) -> list[AttemptPlan]:
    done = [strategy.first(has_retry_model=retry_model)]
    for failure in failures:
        done.append(strategy.next(done, failure=failure, has_retry_model=retry_model))
    return done


# ----------------------------------------------------------------------------- the policy alone


@pytest.mark.parametrize(
    ("failures", "moves"),
    [
        (["located_error"], ["first", "repair"]),
        (["located_error", "located_error"], ["first", "repair", "restart"]),
        (["wrong_result"], ["first", "restart"]),
        (["wrong_result", "located_error"], ["first", "restart", "repair"]),
        (["repeated"], ["first", "restart"]),
        (["unusable"], ["first", "repair"]),
        (["wrong_result", "unusable"], ["first", "restart", "repair"]),
        (["timed_out"], ["first", "restart"]),
        (["waits_for_input"], ["first", "restart"]),
    ],
)
def test_adaptive_moves(failures: list[FailureKind], moves: list[str]) -> None:
    assert [p.move for p in plans(RetryStrategy(), failures)] == moves


def test_a_program_given_that_waits_for_input_is_searched_then_the_round_ends() -> None:
    strategy = RetryStrategy()
    given = strategy.given()
    assert strategy.searches("waits_for_input", "given") and strategy.ends_round("waits_for_input", given)
    # The model's own program that reads input is searched and restarted, like a wrong result.
    assert strategy.searches("waits_for_input", "first")
    assert not strategy.ends_round("waits_for_input", strategy.first())
    assert not strategy.ends_round("wrong_result", given)
    assert "waited for input" in strategy.next([strategy.first()], failure="waits_for_input", has_retry_model=False).why


def test_fixed_modes_always_make_their_move() -> None:
    failures: list[FailureKind] = ["located_error", "wrong_result", "repeated"]
    assert [p.move for p in plans(RetryStrategy("repair"), failures)] == ["first", "repair", "repair", "repair"]
    assert [p.move for p in plans(RetryStrategy("restart"), failures)] == ["first", "restart", "restart", "restart"]


def test_decision_can_ask_for_a_restart_but_not_for_a_repair() -> None:
    strategy = RetryStrategy()
    first = strategy.first()
    assert strategy.next([first], failure="located_error", has_retry_model=False, asked="restart").move == "restart"
    assert strategy.next([first], failure="wrong_result", has_retry_model=False, asked="repair").move == "restart"


def test_the_decision_is_asked_only_when_its_answer_can_change_what_happens() -> None:
    def asks(strategy: RetryStrategy, failures: list[FailureKind], *, stops_on_it: bool = False) -> bool:
        done = plans(strategy, failures[:-1])
        return strategy.asks_decision(done, failure=failures[-1], has_retry_model=False, stops_on_it=stops_on_it)

    quiet = RetryStrategy()
    # Adaptive restarts after a wrong result, a timeout or a failed repair whatever the decision says,
    # and by default repairs a first located error whatever it says too.
    assert not asks(quiet, ["wrong_result"]) and not asks(quiet, ["timed_out"])
    assert not asks(quiet, ["located_error", "located_error"])
    assert not asks(quiet, ["located_error"]) and not asks(quiet, ["wrong_result", "located_error"])
    # when_it_matters also asks after a first located error: it repairs, unless the decision asks for a restart.
    matters = RetryStrategy(decide="when_it_matters")
    assert asks(matters, ["located_error"]) and asks(matters, ["wrong_result", "located_error"])
    assert not asks(matters, ["wrong_result"]) and not asks(matters, ["located_error", "located_error"])
    # A decision that can stop the round, or whose reason the next attempt sees, is always asked.
    assert asks(quiet, ["wrong_result"], stops_on_it=True)
    assert asks(RetryStrategy(share_reason=True), ["wrong_result"])
    assert asks(RetryStrategy(decide="always"), ["wrong_result"])
    # The one-move modes ignore the approach.
    assert not asks(RetryStrategy("repair"), ["located_error"])
    assert not asks(RetryStrategy("restart"), ["located_error"])
    # Never about a resent program, a reply with no code, or a program no model wrote.
    assert not asks(RetryStrategy(decide="always"), ["wrong_result", "repeated"], stops_on_it=True)
    assert not asks(RetryStrategy(decide="always"), ["unusable"], stops_on_it=True)
    given = [quiet.given()]
    assert not quiet.asks_decision(given, failure="wrong_result", has_retry_model=False, stops_on_it=True)


def test_temperature_schedule_and_seeds_per_attempt() -> None:
    made = plans(RetryStrategy(temperatures=[0.0, 0.5, 0.9], seed=10), ["wrong_result"] * 3)
    assert [p.temperature for p in made] == [0.0, 0.5, 0.9, 0.9]
    assert [p.seed for p in made] == [10, 11, 12, 13]
    assert all(p.seed is None for p in plans(RetryStrategy(seed=None), ["wrong_result"]))


def test_escalation_moves_to_the_retry_model_and_restarts_its_schedule() -> None:
    made = plans(RetryStrategy(escalate_after=1), ["wrong_result"] * 3, retry_model=True)
    assert [p.use_retry_model for p in made] == [False, True, True, True]
    assert [p.temperature for p in made] == [0.0, 0.0, 0.8, 0.8]
    assert "retry model" in made[1].why
    later = plans(RetryStrategy(escalate_after=2), ["wrong_result"] * 2, retry_model=True)
    assert [p.use_retry_model for p in later] == [False, False, True]
    assert not any(p.use_retry_model for p in plans(RetryStrategy(), ["wrong_result"] * 2))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ({"mode": "sometimes"}, "Unknown retry strategy mode"),
        ({"temperatures": []}, "non-empty"),
        ({"temperatures": [-1.0]}, ">= 0"),
        ({"escalate_after": -1}, "0 or more"),
        ({"decide": "never"}, "Unknown decide policy"),
    ],
)
def test_bad_arguments_are_refused(args: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        RetryStrategy(**args)


def test_a_warm_resend_on_the_last_model_ends_the_round() -> None:
    strategy = RetryStrategy()
    greedy = strategy.first()
    warm = strategy.next([greedy], failure="wrong_result", has_retry_model=False)
    assert warm.temperature == 0.8 and strategy.ends_round("repeated", warm)
    # A greedy resend does not end the round: the next attempt samples warm.
    assert not strategy.ends_round("repeated", greedy)
    # A stronger model is still to come: the main model's resend does not end the round, the retry model's does.
    late = RetryStrategy(escalate_after=2)
    on_main = late.next([greedy], failure="wrong_result", has_retry_model=True)
    assert not on_main.use_retry_model and not late.ends_round("repeated", on_main, has_retry_model=True)
    escalated = late.next([greedy, on_main], failure="repeated", has_retry_model=True)
    assert escalated.use_retry_model and escalated.temperature == 0.0  # its schedule starts greedy
    on_retry = late.next([greedy, on_main, escalated], failure="wrong_result", has_retry_model=True)
    assert late.ends_round("repeated", on_retry, has_retry_model=True)
    assert not RetryStrategy(stop_on_resend=False).ends_round("repeated", warm)


def test_a_warm_resend_of_a_program_with_an_outline_is_followed_by_outlined_restarts() -> None:
    strategy = RetryStrategy()
    greedy = strategy.first()
    warm = strategy.next([greedy], failure="wrong_result", has_retry_model=False, can_outline=True)
    assert not warm.outline  # shown the program until it resends one warm
    assert not strategy.ends_round("repeated", warm, can_outline=True)
    outlined = strategy.next([greedy, warm], failure="repeated", has_retry_model=False, can_outline=True)
    assert outlined.move == "restart" and outlined.outline and outlined.metadata()["outline"] == "true"
    # Every later restart of the round sees the outline too; an outlined attempt that resends ends the round.
    later = strategy.next([greedy, warm, outlined], failure="wrong_result", has_retry_model=False, can_outline=True)
    assert later.outline and strategy.ends_round("repeated", later, can_outline=True)
    # No outline (another language, no program given), or the option off: the resend ends the round as before.
    assert strategy.ends_round("repeated", warm, can_outline=False)
    off = RetryStrategy(outline_after_resend=False)
    assert off.ends_round("repeated", warm, can_outline=True)
    assert RetryStrategy("repair").ends_round("repeated", warm, can_outline=True)  # a repair sees the program
    assert not off.next([greedy, warm], failure="repeated", has_retry_model=False, can_outline=True).outline


def test_strategy_config_round_trips() -> None:
    strategy = RetryStrategy(
        "restart",
        temperatures=[0.2, 0.6],
        seed=None,
        escalate_after=2,
        share_reason=True,
        confirm_model_patches=False,
        decide="always",
        stop_on_resend=False,
        outline_after_resend=False,
        rewrites=5,
        rewrite_lines=1,
    )
    dumped = strategy.dump_component()
    assert dumped.provider == "autogen_selfdebug.RetryStrategy"
    assert RetryStrategy.load_component(dumped).dump_component() == dumped
    assert RetryStrategy.load_component(dumped).claims_patch("first")
    assert dumped.config["decide"] == "always" and dumped.config["stop_on_resend"] is False
    assert dumped.config["outline_after_resend"] is False
    assert dumped.config["rewrites"] == 5 and dumped.config["rewrite_lines"] == 1


def test_a_patch_is_claimed_for_a_given_program_and_not_for_the_models_own() -> None:
    strategy = RetryStrategy()
    assert strategy.claims_patch("given")
    assert not any(strategy.claims_patch(move) for move in ("first", "repair", "restart"))
    # Unless it edits only lines the model kept from the program given: then it patches that program's code.
    assert strategy.claims_patch("repair", on_given_code=True)


# ----------------------------------------------------------------------------- through the agent


class CountingExecutor(LocalCommandLineCodeExecutor):
    """The real subprocess executor, counting how many times it ran code."""

    runs = 0

    async def execute_code_blocks(
        self, code_blocks: list[CodeBlock], cancellation_token: CancellationToken
    ) -> CodeResult:
        self.runs += 1
        return await super().execute_code_blocks(code_blocks, cancellation_token)


async def run(agent: SelfDebuggingCodeExecutorAgent, task: str = "TASK-TEXT: write double(x).") -> list[Any]:
    items: list[Any] = []
    async for item in agent.on_messages_stream([TextMessage(content=task, source="user")], CancellationToken()):
        items.append(item)
    return items


def sent(client: ReplayChatCompletionClient, call: int) -> str:
    return "\n".join(str(m.content) for m in client.create_calls[call]["messages"])


def agent_with(
    executor: CodeExecutor, client: ReplayChatCompletionClient, **kwargs: Any
) -> SelfDebuggingCodeExecutorAgent:
    # These tests are about the model's moves; WRONG is one edit from RIGHT, so the patch search
    # (on by default) would fix it first. The search's own loop tests are in tests/repair.
    kwargs.setdefault("retry_strategy", RetryStrategy(search=False))
    return SelfDebuggingCodeExecutorAgent(
        "coder", executor, model_client=client, tests=TESTS, reflect_on_success=False, **kwargs
    )


async def test_wrong_result_restarts_without_the_failed_code(executor: LocalCommandLineCodeExecutor) -> None:
    client = scripted([py(WRONG), decision(True, "REASON-MARKER"), py(RIGHT)])
    items = await run(agent_with(executor, client))

    restarted = sent(client, 2)
    assert "TASK-TEXT" in restarted and "write a new program from scratch" in restarted
    # The failed program is not shown again, only what it did wrong: each call's values. Nor the lines it ran:
    # given them, a restart writes them again (the decision, which judges that program, sees them).
    assert not any(type(m).__name__ == "AssistantMessage" for m in client.create_calls[2]["messages"])
    assert "def double" not in restarted and "x + x + 1" not in restarted
    assert "expected: 4" in restarted and "actual:   5" in restarted
    assert "line 2: return x + x + 1    [x=2]" in sent(client, 1)
    assert "REASON-MARKER" not in restarted  # the model's own diagnosis is not shared by default
    generations = [i for i in items if isinstance(i, CodeGenerationEvent)]
    assert generations[1].metadata["move"] == "restart" and generations[1].metadata["temperature"] == "0.8"
    assert client.create_calls[2]["extra_create_args"] == {"temperature": 0.8, "seed": 1}
    assert client.create_calls[0]["extra_create_args"] == {"temperature": 0.0, "seed": 0}
    plan_events = [i for i in items if isinstance(i, ThoughtEvent) and i.metadata.get("kind") == "retry_plan"]
    assert len(plan_events) == 1 and "restart" in plan_events[0].content
    assert RunSummary.from_metadata(items[-1].chat_message.metadata) == RunSummary(
        outcome="success", attempts=2, code=f"```python\n{RIGHT}\n```", tests_passed=2, tests_total=2
    )
    assert items[-1].chat_message.content.startswith("The code passed on attempt 2 (2 of 2 test asserts).")


async def test_decision_after_a_restart_sees_that_attempt_not_the_earlier_ones(
    executor: LocalCommandLineCodeExecutor,
) -> None:
    other = "def double(x):\n    return x * 3"
    client = scripted([py(WRONG), decision(True, "one"), py(other), decision(True, "two"), py(RIGHT)])
    await run(agent_with(executor, client, max_retries_on_error=2))

    first, second = sent(client, 1), sent(client, 3)
    assert client.create_calls[3]["json_output"] is not None
    assert "x + x + 1" in first  # the first decision sees the first attempt
    # The second sees the task, the restart's digest, the second program and its result, and nothing older.
    assert "TASK-TEXT" in second and "write a new program from scratch" in second
    assert "actual:   6" in second
    replies = [m.content for m in client.create_calls[3]["messages"] if type(m).__name__ == "AssistantMessage"]
    assert replies == [py(other)]


async def test_a_decision_that_changes_nothing_is_not_asked(executor: LocalCommandLineCodeExecutor) -> None:
    # With stop_on_decision off, a wrong result is restarted and a located error repaired: no call to decide.
    client = scripted([py(WRONG), py(LOCATED), py(RIGHT)])
    items = await run(agent_with(executor, client, max_retries_on_error=3, stop_on_decision=False))

    assert len(client.create_calls) == 3 and all(c["json_output"] is None for c in client.create_calls)
    assert "write a new program from scratch" in sent(client, 1) and "undefined_factor" in sent(client, 2)
    assert not [i for i in items if isinstance(i, ThoughtEvent) and i.metadata.get("kind") == "retry_decision"]
    assert RunSummary.from_metadata(items[-1].chat_message.metadata).attempts == 3  # type: ignore[union-attr]


async def test_when_it_matters_asks_the_decision_after_a_first_located_error(
    executor: LocalCommandLineCodeExecutor,
) -> None:
    client = scripted([py(WRONG), py(LOCATED), decision(True, "define it"), py(RIGHT)])
    strategy = RetryStrategy(decide="when_it_matters", search=False)
    agent = agent_with(executor, client, max_retries_on_error=3, stop_on_decision=False, retry_strategy=strategy)
    items = await run(agent)

    assert len(client.create_calls) == 4 and client.create_calls[1]["json_output"] is None
    # After the located error, the decision picks repair or restart, so it is asked.
    assert client.create_calls[2]["json_output"] is not None and "undefined_factor" in sent(client, 3)
    decisions = [i for i in items if isinstance(i, ThoughtEvent) and i.metadata.get("kind") == "retry_decision"]
    assert [d.content for d in decisions] == ["Retry decision after attempt 2: retry. define it"]
    assert RunSummary.from_metadata(items[-1].chat_message.metadata).attempts == 3  # type: ignore[union-attr]


async def test_a_program_that_runs_out_of_time_is_restarted_for_that_reason(tmp_path: Any) -> None:
    hangs = "def double(x):\n    while True:\n        pass"
    client = scripted([py(hangs), decision(True, "it loops"), py(RIGHT)])
    async with LocalCommandLineCodeExecutor(work_dir=tmp_path, timeout=2) as executor:
        items = await run(agent_with(executor, client))
    plan = next(i for i in items if isinstance(i, ThoughtEvent) and i.metadata.get("kind") == "retry_plan")
    assert "restart" in plan.content and "ran out of time" in plan.content and "wrong results" not in plan.content
    assert len(client.create_calls) == 3  # the decision was still asked
    assert RunSummary.from_metadata(items[-1].chat_message.metadata).outcome == "success"  # type: ignore[union-attr]


async def test_a_program_stopped_by_the_limit_shows_the_model_where_it_was() -> None:
    # No tests: the sandbox's Ctrl-C at the limit is what shows the line (a harness would stop a check earlier).
    hangs = "def double(x):\n    while x != 1:\n        x = 3 * x - 1\n    return x\n\n\nprint(double(7))"
    client = scripted([py(hangs), decision(True, "it loops"), py(RIGHT + "\n\n\nprint(double(7))")])
    async with LocalSandbox(timeout=2) as sandbox:
        agent = SelfDebuggingCodeExecutorAgent("coder", sandbox, model_client=client, reflect_on_success=False)
        items = await run(agent)
    judged = sent(client, 1)
    assert "The code ran out of time and was stopped" in judged and "exited with a non-zero" not in judged
    assert re.search("line [23], in double", judged)  # stopped inside the loop, on its test or its body
    plan = next(i for i in items if isinstance(i, ThoughtEvent) and i.metadata.get("kind") == "retry_plan")
    assert "ran out of time" in plan.content  # planned as a timeout, not as the KeyboardInterrupt it printed
    assert RunSummary.from_metadata(items[-1].chat_message.metadata).outcome == "success"  # type: ignore[union-attr]


async def test_a_standard_import_the_model_forgot_is_added(executor: LocalCommandLineCodeExecutor) -> None:
    # Right but for `import math`: it passes at the first attempt, and the model is told what was added.
    client = scripted([py("def double(x):\n    return math.floor(2 * x)")])
    agent = agent_with(executor, client)
    items = await run(agent)
    generation = next(i for i in items if isinstance(i, CodeGenerationEvent))
    assert generation.code_blocks[0].code.startswith("import math\ndef double(x):")
    assert RunSummary.from_metadata(items[-1].chat_message.metadata).outcome == "success"  # type: ignore[union-attr]
    assert len(client.create_calls) == 1
    assert "```python\nimport math\ndef double" in agent.attempts[0].code
    assert "ran with `import math` added at its top" in (agent.attempts[0].output or "")


async def test_the_program_given_runs_as_it_is_without_an_import(executor: LocalCommandLineCodeExecutor) -> None:
    # The person's own program is not changed: its NameError is reported, and the model fixes it.
    given = "def double(x):\n    return math.floor(2 * x)\n"
    client = scripted([py(RIGHT)])
    items = await run(agent_with(executor, client, initial_code=given), f"Fix this.\n\n```python\n{given}```")
    first = next(i for i in items if isinstance(i, CodeExecutionEvent))
    assert "NameError: name 'math' is not defined" in first.result.output
    assert RunSummary.from_metadata(items[-1].chat_message.metadata).outcome == "success"  # type: ignore[union-attr]


async def test_located_error_is_repaired_with_the_code_in_view(executor: LocalCommandLineCodeExecutor) -> None:
    client = scripted([py(LOCATED), decision(True, "define it"), py(RIGHT)])
    await run(agent_with(executor, client))
    repaired = sent(client, 2)
    assert "undefined_factor" in repaired and "NameError" in repaired


async def test_shared_reason_reaches_the_next_attempt(executor: LocalCommandLineCodeExecutor) -> None:
    client = scripted([py(LOCATED), decision(True, "REASON-MARKER"), py(RIGHT)])
    await run(agent_with(executor, client, retry_strategy=RetryStrategy(share_reason=True, search=False)))
    assert "REASON-MARKER" in sent(client, 2)


async def test_decision_asking_for_restart_is_followed(executor: LocalCommandLineCodeExecutor) -> None:
    ask = '{"reason": "wrong approach", "retry": true, "approach": "restart"}'
    client = scripted([py(LOCATED), ask, py(RIGHT)])
    await run(agent_with(executor, client))
    assert not any(type(m).__name__ == "AssistantMessage" for m in client.create_calls[2]["messages"])
    assert "write a new program from scratch" in sent(client, 2)


async def test_a_warm_resend_ends_the_round_with_the_reason(executor: LocalCommandLineCodeExecutor) -> None:
    client = scripted([py(WRONG), decision(True, "fix"), py(WRONG)])
    items = await run(agent_with(executor, client, max_retries_on_error=3))
    assert len(client.create_calls) == 3  # attempts 1 and 2, and the decision between them; no attempt 3
    stop = next(i for i in items if isinstance(i, ThoughtEvent) and i.metadata.get("kind") == "stop")
    assert stop.content.startswith("The model, sampled at temperature 0.8, resent a program that already failed")
    final = items[-1].chat_message
    assert RunSummary.from_metadata(final.metadata).outcome == "failure"
    # The final message says why it ended before the last attempt, in the same words as the stop event.
    assert final.content.startswith(f"The code still fails after 2 attempt(s). {stop.content}")


GIVEN = 'def double(x):\n    """Twice x."""\n    y = x + x\n    return y + 1\n'


async def test_after_a_warm_resend_of_the_given_program_the_model_sees_it_in_outline(
    executor: LocalCommandLineCodeExecutor,
) -> None:
    # A fix job: the program given is in the task. The model resends it greedy, then warm; the next
    # restart sees its outline (bodies left out), not the program, and writes the body afresh.
    client = scripted([py(GIVEN), py(GIVEN), py(RIGHT)])
    task = f"Fix this program.\n\n```python\n{GIVEN}```"
    items = await run(agent_with(executor, client, initial_code=GIVEN), task)
    assert len(client.create_calls) == 3
    outlined = sent(client, 2)
    assert 'def double(x):\n    """Twice x."""\n    ...' in outlined and "y = x + x" not in outlined
    assert "shown above in outline" in outlined
    assert "y = x + x" in sent(client, 1)  # the warm attempt before it still saw the program
    generations = [i for i in items if isinstance(i, CodeGenerationEvent)]
    assert [g.metadata.get("outline") for g in generations] == [None, None, None, "true"]
    assert not [i for i in items if isinstance(i, ThoughtEvent) and i.metadata.get("kind") == "stop"]
    assert RunSummary.from_metadata(items[-1].chat_message.metadata).outcome == "success"


GIVEN_JS = "/** Twice x. */\nfunction double(x) {\n  const y = x + x;\n  return y + 1;\n}\n"


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
async def test_a_javascript_fix_job_outlines_the_program_after_a_warm_resend() -> None:
    def js(code: str) -> str:
        return f"```javascript\n{code}```"

    client = scripted([js(GIVEN_JS), js(GIVEN_JS), js("function double(x) {\n  return 2 * x;\n}\n")])
    async with LocalSandbox(timeout=30) as sandbox:
        agent = SelfDebuggingCodeExecutorAgent(
            "coder",
            sandbox,
            model_client=client,
            tests="assert.strictEqual(double(2), 4);\nassert.strictEqual(double(5), 10);",
            tests_language="js",
            default_language="js",  # an alias, as for the tests
            initial_code=GIVEN_JS,
            retry_strategy=RetryStrategy(search=False),
            reflect_on_success=False,
        )
        items = await run(agent, f"Fix this program.\n\n```javascript\n{GIVEN_JS}```")
    outlined = sent(client, 2)
    assert "/** Twice x. */\nfunction double(x) { /* ... */ }" in outlined and "const y" not in outlined
    assert "const y = x + x" in sent(client, 1)
    generations = [i for i in items if isinstance(i, CodeGenerationEvent)]
    assert [g.metadata.get("outline") for g in generations] == [None, None, None, "true"]
    assert RunSummary.from_metadata(items[-1].chat_message.metadata).outcome == "success"


async def test_an_outlined_restart_that_resends_ends_the_round(executor: LocalCommandLineCodeExecutor) -> None:
    client = scripted([py(GIVEN), py(GIVEN), py(WRONG), decision(True, "try again"), py(WRONG)])
    task = f"Fix this program.\n\n```python\n{GIVEN}```"
    items = await run(agent_with(executor, client, initial_code=GIVEN, max_retries_on_error=5), task)
    # The outlined restart's program failed, the next (outlined too) resent it: no further attempt.
    assert len(client.create_calls) == 5
    assert "shown above in outline" in sent(client, 4)
    stop = next(i for i in items if isinstance(i, ThoughtEvent) and i.metadata.get("kind") == "stop")
    assert stop.content.startswith("The model, sampled at temperature 0.8, resent a program that already failed")


async def test_resent_program_is_not_run_again(tmp_path: Any) -> None:
    async with CountingExecutor(work_dir=tmp_path, timeout=30) as executor:
        client = scripted([py(WRONG), decision(True, "fix"), py(WRONG), py(RIGHT)])
        keep_going = RetryStrategy(search=False, stop_on_resend=False)
        items = await run(agent_with(executor, client, max_retries_on_error=2, retry_strategy=keep_going))
        assert executor.runs == 2  # attempts 1 and 3; the resent attempt 2 reused attempt 1's result
    executions = [i for i in items if isinstance(i, CodeExecutionEvent)]
    assert len(executions) == 3 and executions[1].result == executions[0].result
    decisions = [i for i in items if isinstance(i, ThoughtEvent) and i.metadata.get("kind") == "retry_decision"]
    assert len(decisions) == 1  # no decision is asked about a program that already failed
    generations = [i for i in items if isinstance(i, CodeGenerationEvent)]
    assert generations[2].metadata["move"] == "restart"
    assert "already failed, so it was not run again" in sent(client, 3)


async def test_cascade_runs_retries_on_the_retry_model(executor: LocalCommandLineCodeExecutor) -> None:
    main = scripted([py(WRONG), decision(True, "fix it")])
    stronger = scripted([py(RIGHT)])
    items = await run(agent_with(executor, main, retry_model_client=stronger))
    assert len(main.create_calls) == 2 and len(stronger.create_calls) == 1
    generations = [i for i in items if isinstance(i, CodeGenerationEvent)]
    assert generations[1].metadata["move"] == "restart"
    assert stronger.create_calls[0]["extra_create_args"]["temperature"] == 0.0  # its first try is greedy
    assert RunSummary.from_metadata(items[-1].chat_message.metadata).outcome == "success"  # type: ignore[union-attr]


async def test_reasoning_models_get_no_temperature(executor: LocalCommandLineCodeExecutor) -> None:
    info = ModelInfo(vision=False, function_calling=False, json_output=True, family="o3", structured_output=True)
    client = scripted([py(WRONG), decision(True, "fix"), py(RIGHT)], info)
    await run(agent_with(executor, client))
    assert all(call["extra_create_args"] == {} for call in client.create_calls)


class RefusesTemperature(ReplayChatCompletionClient):
    """A server that rejects sampling parameters, as reasoning-model endpoints do."""

    async def create(self, messages: Any, **kwargs: Any) -> CreateResult:
        if kwargs.get("extra_create_args"):
            raise ValueError("Error code: 400 - Unsupported parameter: 'temperature' is not supported with this model.")
        return await super().create(messages, **kwargs)


async def test_a_refused_temperature_is_dropped_and_remembered(executor: LocalCommandLineCodeExecutor) -> None:
    client = RefusesTemperature([py(WRONG), decision(True, "fix"), py(RIGHT)], model_info=STRUCTURED)
    items = await run(agent_with(executor, client))
    assert RunSummary.from_metadata(items[-1].chat_message.metadata).outcome == "success"  # type: ignore[union-attr]
    assert all(call["extra_create_args"] == {} for call in client.create_calls)
