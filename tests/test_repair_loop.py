"""The patch search inside the agent loop: a 0-token attempt, evidence for the model, and what keeps working."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Sequence
from typing import Any

import pytest
from autogen_agentchat.messages import CodeExecutionEvent, CodeGenerationEvent, HandoffMessage, ThoughtEvent
from autogen_agentchat.ui import Console
from autogen_core import CancellationToken
from autogen_core.code_executor import CodeExecutor
from autogen_core.models import CreateResult, LLMMessage
from autogen_ext.models.replay import ReplayChatCompletionClient

from autogen_selfdebug import (
    RetryStrategy,
    RunSummary,
    SelfDebuggingCodeExecutorAgent,
    SelfDebuggingTestWriterAgent,
    create_sandbox,
)
from autogen_selfdebug.cli import EXAMPLES
from autogen_selfdebug.repair import SearchBudget
from helpers import BINARY_SEARCH, COUNT_I, COUNT_I_TESTS, STRUCTURED, decision, py, scripted

POSTFIX = EXAMPLES[0]


class NeverCalled(ReplayChatCompletionClient):
    """A model client that fails the test if the agent calls it."""

    def __init__(self) -> None:
        super().__init__([], model_info=STRUCTURED)

    async def create(self, messages: Sequence[LLMMessage], **kwargs: Any) -> CreateResult:
        raise AssertionError("the model was called")


@pytest.fixture
async def sandbox() -> AsyncIterator[CodeExecutor]:
    async with create_sandbox("local", timeout=60) as box:
        yield box


async def run(agent: SelfDebuggingCodeExecutorAgent, task: str = "Fix the program.") -> list[Any]:
    return [item async for item in agent.run_stream(task=task)]


async def test_a_given_program_is_fixed_by_the_search_with_no_model_call(sandbox: CodeExecutor) -> None:
    agent = SelfDebuggingCodeExecutorAgent(
        "fixer", sandbox, model_client=NeverCalled(), tests=POSTFIX.tests, initial_code=POSTFIX.source
    )
    items = await run(agent)
    generations = [i for i in items if isinstance(i, CodeGenerationEvent)]
    assert [g.metadata["move"] for g in generations] == ["given", "search"]
    assert generations[1].metadata["model"] == "repair search"
    assert "`right - left` changed to `left - right` on line 13" in generations[1].metadata["edit"]
    assert "stack.append(left - right)" in generations[1].code_blocks[0].code
    executions = [i for i in items if isinstance(i, CodeExecutionEvent)]
    assert [e.result.exit_code != 0 for e in executions] == [True, False]
    searches = [i for i in items if isinstance(i, ThoughtEvent) and i.metadata.get("kind") == "search"]
    assert len(searches) == 1 and "makes every test pass" in searches[0].content
    final = items[-1].messages[-1]
    summary = RunSummary.from_metadata(final.metadata)
    assert summary is not None and summary.outcome == "success" and summary.attempts == 2
    assert final.models_usage.prompt_tokens == 0 and final.models_usage.completion_tokens == 0
    assert final.content.startswith(
        "The code passed on attempt 2 (5 of 5 test asserts) with no model call; the repair search's patch: "
        "`right - left` changed to"
    )
    assert [(a.move, a.model, a.passed) for a in agent.attempts] == [
        ("given", "as given", False),
        ("search", "repair search", True),
    ]
    # save_state keeps the search's attempt like any other.
    state = await agent.save_state()
    fresh = SelfDebuggingCodeExecutorAgent("fixer", sandbox, model_client=NeverCalled(), tests=POSTFIX.tests)
    await fresh.load_state(json.loads(json.dumps(state)))
    assert fresh.attempts == agent.attempts


async def test_the_search_keeps_within_the_sandboxs_timeout() -> None:
    """The sandbox's timeout (8 s) is shorter than the search's 20 s: the agent tells the search, whose batches
    end in time (before, the sandbox killed the first with its results, and the search found nothing)."""
    program, tests = BINARY_SEARCH["python"]
    async with create_sandbox("local", timeout=8) as box:
        agent = SelfDebuggingCodeExecutorAgent(
            "fixer", box, model_client=NeverCalled(), tests=tests, initial_code=program
        )
        items = await run(agent)
    generations = [i for i in items if isinstance(i, CodeGenerationEvent)]
    assert [g.metadata["move"] for g in generations] == ["given", "search"]
    assert "lo = mid + 1" in generations[1].code_blocks[0].code
    assert RunSummary.from_metadata(items[-1].messages[-1].metadata).outcome == "success"  # type: ignore[union-attr]


async def test_a_given_program_that_waits_for_input_ends_the_round_with_no_model_call(sandbox: CodeExecutor) -> None:
    # The sandbox gives no standard input, so `input()` raises EOFError. The search must not pass the tests by
    # unwrapping the read (`input("name? ")` → `"name? "`), and no model is asked for a fix that cannot keep the
    # program's behaviour.
    program = 'def add(a, b):\n    return a - b\n\nname = input("name? ")\nprint(add(2, 3), name)\n'
    agent = SelfDebuggingCodeExecutorAgent(
        "fixer", sandbox, model_client=NeverCalled(), tests="assert add(2, 3) == 5", initial_code=program
    )
    items = await run(agent)
    assert [i.metadata["move"] for i in items if isinstance(i, CodeGenerationEvent)] == ["given"]
    searches = [i for i in items if isinstance(i, ThoughtEvent) and i.metadata.get("kind") == "search"]
    assert len(searches) == 1 and "no patch passes" in searches[0].content
    stops = [i for i in items if isinstance(i, ThoughtEvent) and i.metadata.get("kind") == "stop"]
    assert len(stops) == 1 and "waits at `input()`" in stops[0].content
    final = items[-1].messages[-1]
    assert RunSummary.from_metadata(final.metadata).outcome == "failure"  # type: ignore[union-attr]
    note = "`input()` found nothing to read: the code runs here with an empty standard input"
    assert note in agent.attempts[0].output
    assert "`input()` found nothing to read" in final.content
    assert final.content.startswith(f"The code still fails after 1 attempt(s). {stops[0].content}")  # type: ignore[union-attr]


async def test_a_partial_win_is_evidence_in_the_models_next_view(sandbox: CodeExecutor) -> None:
    client = scripted(
        [py(POSTFIX.source.replace("right - left", "left - right").replace("right // left", "left // right"))]
    )
    strategy = RetryStrategy(search_budget=SearchBudget(depth=1))
    agent = SelfDebuggingCodeExecutorAgent(
        "fixer",
        sandbox,
        model_client=client,
        tests=POSTFIX.tests,
        initial_code=POSTFIX.source,
        retry_strategy=strategy,
        reflect_on_success=False,
    )
    items = await run(agent)
    seen = "\n".join(str(m.content) for m in client.create_calls[0]["messages"])
    assert "The program as given was run with the tests, and failed." in seen
    assert (
        "The repair search found that changing `right - left` to `left - right` on line 13 makes 4 of 5 asserts "
        "pass (it was 2 of 5)." in seen
    )
    assert "expected: 7" in seen  # the failing asserts' values are there too
    assert "stack.append(right - left)    [" in seen  # and the lines they ran: the program given is in view
    generations = [i for i in items if isinstance(i, CodeGenerationEvent)]
    assert [g.metadata["move"] for g in generations] == ["given", "restart"]
    # The model's first attempt is its first: greedy, on the first seed, after a given program.
    assert client.create_calls[0]["extra_create_args"] == {"temperature": 0.0, "seed": 0}
    assert RunSummary.from_metadata(items[-1].messages[-1].metadata).outcome == "success"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("program", "reply", "tests", "strategy", "metadata", "doubt"),
    [
        pytest.param(
            "def f(a, b):\n    return a - b\n",
            "def f(a, b):\n    return a + b\n",
            "assert f(2, 2) == 4",
            RetryStrategy(search_budget=SearchBudget(max_passing=1)),
            ("unpinned_edit", "`a - b` changed to `a + b` on line 2"),
            "changing `a - b` to `a + b` on line 2 makes every test pass, but so do",
            id="more-patches-pass-than-max_passing",
        ),
        pytest.param(
            COUNT_I,
            COUNT_I.replace('sentence.startswith("I")', 'sentence.strip().startswith("I")'),
            COUNT_I_TESTS,
            RetryStrategy(),
            ("unread_names", "sentences"),
            "changing `sentences` to `text` on line 4 makes every test pass, but it stops using `sentences`",
            id="the-only-passing-patch-leaves-a-value-unused",
        ),
    ],
)
async def test_a_doubted_passing_patch_is_evidence_not_the_answer(
    sandbox: CodeExecutor,
    program: str,
    reply: str,
    tests: str,
    strategy: RetryStrategy,
    metadata: tuple[str, str],
    doubt: str,
) -> None:
    # Several different patches pass one assert, or the only one that passes loops over the text's letters
    # and leaves `sentences` unused: none ends the round, the model gets the likeliest as evidence with the
    # doubt, and its own fix ends the round.
    client = scripted([py(reply)])
    agent = SelfDebuggingCodeExecutorAgent(
        "fixer",
        sandbox,
        model_client=client,
        tests=tests,
        initial_code=program,
        retry_strategy=strategy,
        reflect_on_success=False,
    )
    items = await run(agent, "Fix the program.")
    searches = [i for i in items if isinstance(i, ThoughtEvent) and i.metadata.get("kind") == "search"]
    assert len(searches) == 1 and "none is taken as the fix" in searches[0].content
    key, value = metadata
    assert searches[0].metadata[key] == value
    seen = "\n".join(str(m.content) for m in client.create_calls[0]["messages"])
    assert doubt in seen
    generations = [i for i in items if isinstance(i, CodeGenerationEvent)]
    assert [g.metadata["move"] for g in generations] == ["given", "restart"]
    assert generations[-1].code_blocks[0].code.strip() == reply.strip()
    assert RunSummary.from_metadata(items[-1].messages[-1].metadata).outcome == "success"  # type: ignore[union-attr]


SWAPPED_ISINSTANCE = "def ints(values):\n    return [x for x in values if isinstance(int, x)]\n"
INTS_TESTS = "assert ints([1, 'a', 2.5, 3]) == [1, 3]\nassert ints([]) == []"


async def test_a_located_error_in_a_given_program_is_searched_before_the_model(sandbox: CodeExecutor) -> None:
    agent = SelfDebuggingCodeExecutorAgent(
        "fixer", sandbox, model_client=NeverCalled(), tests=INTS_TESTS, initial_code=SWAPPED_ISINSTANCE
    )
    items = await run(agent)
    executions = [i for i in items if isinstance(i, CodeExecutionEvent)]
    assert "TypeError" in executions[0].result.output  # a located error, not a wrong result
    generations = [i for i in items if isinstance(i, CodeGenerationEvent)]
    assert [g.metadata["move"] for g in generations] == ["given", "search"]
    assert generations[1].metadata["edit"] == "`isinstance(int, x)` changed to `isinstance(x, int)` on line 2"
    assert RunSummary.from_metadata(items[-1].messages[-1].metadata).outcome == "success"  # type: ignore[union-attr]


async def test_a_located_error_in_the_models_own_program_goes_to_its_repair(sandbox: CodeExecutor) -> None:
    right = "def ints(values):\n    return [x for x in values if isinstance(x, int)]"
    client = scripted([py(SWAPPED_ISINSTANCE), decision(True, "swap them"), py(right)])
    agent = SelfDebuggingCodeExecutorAgent(
        "coder", sandbox, model_client=client, tests=INTS_TESTS, reflect_on_success=False
    )
    items = await run(agent, "Write ints(values).")
    assert not any(isinstance(i, ThoughtEvent) and i.metadata.get("kind", "").startswith("search") for i in items)
    generations = [i for i in items if isinstance(i, CodeGenerationEvent)]
    assert [g.metadata["move"] for g in generations] == ["first", "repair"]


def doubler(
    sandbox: CodeExecutor, client: ReplayChatCompletionClient, **options: Any
) -> SelfDebuggingCodeExecutorAgent:
    """An agent whose model writes double(x) one edit from right: `x + x + 1`."""
    return SelfDebuggingCodeExecutorAgent(
        "coder", sandbox, model_client=client, tests="assert double(2) == 4\nassert double(5) == 10", **options
    )


WRONG_DOUBLE = py("def double(x):\n    return x + x + 1")


async def test_the_search_runs_on_the_models_own_wrong_program(sandbox: CodeExecutor) -> None:
    items = await run(doubler(sandbox, scripted([WRONG_DOUBLE]), reflect_on_success=False), "Write double(x).")
    generations = [i for i in items if isinstance(i, CodeGenerationEvent)]
    assert [g.metadata["move"] for g in generations] == ["first", "search"]
    # No retry decision was asked: the search's patch came before it.
    assert not any(isinstance(i, ThoughtEvent) and i.metadata.get("kind") == "retry_decision" for i in items)


async def test_a_patch_of_the_models_own_program_is_handed_off_unconfirmed(sandbox: CodeExecutor) -> None:
    client = scripted([WRONG_DOUBLE])
    agent = doubler(sandbox, client, handoff_target="user")
    items = await run(agent, "Write double(x).")
    final = items[-1].messages[-1]
    # Passing code, not claimed: the round ends there (no restart, no reflection) and a person gets it.
    assert isinstance(final, HandoffMessage)
    summary = RunSummary.from_metadata(final.metadata)
    assert summary is not None and summary.outcome == "unconfirmed"
    assert "return x + x\n" in summary.code
    patch = "only with the repair search's patch of the model's own program: `x + x + 1` changed to `x + x`"
    assert patch in final.content
    assert "Not claimed as a fix" in final.content
    assert len(client.create_calls) == 1
    assert [a.passed for a in agent.attempts] == [False, True]


async def test_a_patch_of_the_models_program_is_a_success_when_not_confirmed(sandbox: CodeExecutor) -> None:
    strategy = RetryStrategy(confirm_model_patches=False)
    agent = doubler(sandbox, scripted([WRONG_DOUBLE]), reflect_on_success=False, retry_strategy=strategy)
    items = await run(agent, "Write double(x).")
    assert RunSummary.from_metadata(items[-1].messages[-1].metadata).outcome == "success"  # type: ignore[union-attr]


async def test_search_off_asks_the_model(sandbox: CodeExecutor) -> None:
    client = scripted([py("def double(x):\n    return 2 * x")])
    agent = SelfDebuggingCodeExecutorAgent(
        "coder",
        sandbox,
        model_client=client,
        tests="assert double(2) == 4",
        initial_code="def double(x):\n    return x + x + 1\n",
        retry_strategy=RetryStrategy(search=False),
        reflect_on_success=False,
    )
    items = await run(agent)
    assert not any(isinstance(i, ThoughtEvent) and i.metadata.get("kind", "").startswith("search") for i in items)
    generations = [i for i in items if isinstance(i, CodeGenerationEvent)]
    assert [g.metadata["move"] for g in generations] == ["given", "restart"]
    # No decision is asked about the given program: the model has not tried yet. The first reply is the code.
    assert len(client.create_calls) == 1


async def test_a_fruitless_search_still_hands_off(sandbox: CodeExecutor) -> None:
    hopeless = "def double(x):\n    return 'no'\n"
    client = scripted([py(hopeless), decision(False, "I cannot")])
    agent = SelfDebuggingCodeExecutorAgent(
        "coder",
        sandbox,
        model_client=client,
        tests="assert double(2) == 4",
        initial_code=hopeless,
        handoff_target="user",
        max_retries_on_error=1,
    )
    items = await run(agent)
    final = items[-1].messages[-1]
    assert isinstance(final, HandoffMessage) and final.target == "user"
    searches = [i for i in items if isinstance(i, ThoughtEvent) and i.metadata.get("kind") == "search"]
    # The given program was searched; the model's resent copy is not searched again.
    assert len(searches) == 1 and "no patch passes" in searches[0].content


async def test_a_doubted_patch_reaches_the_person_a_failure_is_handed_to(sandbox: CodeExecutor) -> None:
    # The only passing patch leaves `sentences` unused, so it is not the fix; the model resends the program.
    client = scripted([py(COUNT_I), decision(True, "try again")])
    agent = SelfDebuggingCodeExecutorAgent(
        "coder",
        sandbox,
        model_client=client,
        tests=COUNT_I_TESTS,
        initial_code=COUNT_I,
        handoff_target="user",
        max_retries_on_error=1,
    )
    final = (await run(agent))[-1].messages[-1]
    assert isinstance(final, HandoffMessage) and final.metadata["outcome"] == "failure"
    assert (
        "\n\nA lead from the repair search, not taken as the fix: changing `sentences` to `text` on line 4 makes "
        "every test pass, but it stops using `sentences`" in final.content
    )


async def test_the_cascade_escalates_after_model_attempts_only(sandbox: CodeExecutor) -> None:
    hopeless = "def double(x):\n    return 'no'\n"
    main = scripted([py("def double(x):\n    return 'still no'"), decision(True, "again")])
    stronger = scripted([py("def double(x):\n    return 2 * x")])
    agent = SelfDebuggingCodeExecutorAgent(
        "coder",
        sandbox,
        model_client=main,
        retry_model_client=stronger,
        tests="assert double(2) == 4",
        initial_code=hopeless,
        reflect_on_success=False,
    )
    items = await run(agent)
    generations = [i for i in items if isinstance(i, CodeGenerationEvent)]
    # The given program does not count towards escalate_after=1: the small model still gets one attempt
    # (and its decision), then the retry model takes over.
    assert [g.metadata["move"] for g in generations] == ["given", "restart", "restart"]
    assert len(main.create_calls) == 2 and len(stronger.create_calls) == 1
    assert RunSummary.from_metadata(items[-1].messages[-1].metadata).outcome == "success"  # type: ignore[union-attr]


async def test_the_test_writer_never_searches(sandbox: CodeExecutor) -> None:
    code = "def add(a, b):\n    return a + b\n"
    weak = "from calc import add\n\ndef test_add():\n    assert add(1, 1) == 2\n"
    agent = SelfDebuggingTestWriterAgent(
        "tester", sandbox, model_client=scripted([py(weak), decision(False, "done")]), code=code, module="calc"
    )
    items = await run(agent, "Write tests.")
    assert not any(isinstance(i, ThoughtEvent) and i.metadata.get("kind", "").startswith("search") for i in items)


async def test_console_shows_the_search(sandbox: CodeExecutor, capsys: pytest.CaptureFixture[str]) -> None:
    agent = SelfDebuggingCodeExecutorAgent(
        "fixer", sandbox, model_client=NeverCalled(), tests=POSTFIX.tests, initial_code=POSTFIX.source
    )
    result = await Console(agent.run_stream(task="Fix it."))
    shown = capsys.readouterr().out
    assert "The repair search tried" in shown and "left - right" in shown
    assert result.stop_reason is None or "success" in str(result.messages[-1].metadata.get("outcome"))


async def test_cancelling_during_the_search_stops_the_round(sandbox: CodeExecutor) -> None:
    import asyncio

    token = CancellationToken()
    agent = SelfDebuggingCodeExecutorAgent(
        "fixer",
        sandbox,
        model_client=NeverCalled(),
        tests=POSTFIX.tests,
        initial_code=POSTFIX.source,
        retry_strategy=RetryStrategy(search_budget=SearchBudget(batch_size=1)),
    )

    async def consume() -> None:
        async for item in agent.run_stream(task="Fix it.", cancellation_token=token):
            if isinstance(item, ThoughtEvent) and item.metadata.get("kind") == "search_start":
                token.cancel()

    with pytest.raises(asyncio.CancelledError):
        await consume()
