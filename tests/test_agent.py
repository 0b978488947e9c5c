"""The agent loop, driven by scripted model replies and run on the real subprocess executor."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from typing import Any

import pytest
from autogen_agentchat.agents import ApprovalRequest, ApprovalResponse
from autogen_agentchat.base import Response
from autogen_agentchat.messages import (
    BaseAgentEvent,
    BaseChatMessage,
    CodeExecutionEvent,
    CodeGenerationEvent,
    HandoffMessage,
    ModelClientStreamingChunkEvent,
    TextMessage,
    ThoughtEvent,
)
from autogen_core import CancellationToken
from autogen_core.code_executor import CodeBlock, CodeExecutor, CodeResult
from autogen_core.models import AssistantMessage, CreateResult, RequestUsage, UserMessage
from autogen_ext.code_executors.local import LocalCommandLineCodeExecutor
from autogen_ext.models.replay import ReplayChatCompletionClient

from autogen_selfdebug import (
    ModelCallError,
    RetryDecision,
    RetryStrategy,
    RunSummary,
    SelfDebuggingCodeExecutorAgent,
)
from autogen_selfdebug._decision import parse_decision
from helpers import JSON_MODE, PLAIN, STRUCTURED, decision, py, scripted

BROKEN = "print(undefined_name)"
FIXED = "print('fixed')"


def make(
    executor: CodeExecutor, replies: Sequence[str | CreateResult], **kwargs: Any
) -> SelfDebuggingCodeExecutorAgent:
    model_info = kwargs.pop("model_info", None)
    client = scripted(replies) if model_info is None else scripted(replies, model_info)
    return SelfDebuggingCodeExecutorAgent("coder", executor, model_client=client, **kwargs)


async def collect(
    agent: SelfDebuggingCodeExecutorAgent, task: str | BaseChatMessage = "Print fixed."
) -> tuple[list[BaseAgentEvent | BaseChatMessage], Response]:
    message = TextMessage(content=task, source="user") if isinstance(task, str) else task
    events: list[BaseAgentEvent | BaseChatMessage] = []
    async for item in agent.on_messages_stream([message], CancellationToken()):
        if isinstance(item, Response):
            return events, item
        events.append(item)
    raise AssertionError("no Response")


def summary(response: Response) -> RunSummary:
    found = RunSummary.from_metadata(response.chat_message.metadata)
    assert found is not None
    return found


def test_model_client_is_required(executor: LocalCommandLineCodeExecutor) -> None:
    with pytest.raises(ValueError, match="CodeExecutorAgent without a model_client"):
        SelfDebuggingCodeExecutorAgent("coder", executor)


async def test_fail_then_fix_yields_events_per_attempt(executor: LocalCommandLineCodeExecutor) -> None:
    agent = make(executor, [py(BROKEN), decision(True, "define the name"), py(FIXED), "All done."])
    events, response = await collect(agent)

    kinds = [(type(e).__name__, getattr(e, "retry_attempt", None)) for e in events]
    assert kinds == [
        ("CodeGenerationEvent", 0),
        ("CodeExecutionEvent", 0),
        ("ThoughtEvent", None),  # the retry decision
        ("ThoughtEvent", None),  # the retry plan
        ("CodeGenerationEvent", 1),
        ("CodeExecutionEvent", 1),
    ]
    assert isinstance(events[0], CodeGenerationEvent) and events[0].code_blocks[0].code.strip() == BROKEN
    assert isinstance(events[1], CodeExecutionEvent) and events[1].result.exit_code != 0
    assert "NameError" in events[1].result.output
    assert isinstance(events[2], ThoughtEvent)
    assert events[2].metadata["retry"] == "true" and "define the name" in events[2].content
    assert isinstance(events[3], ThoughtEvent) and events[3].metadata["kind"] == "retry_plan"
    assert events[3].metadata["move"] == "repair"  # a NameError points at a line
    assert isinstance(events[5], CodeExecutionEvent) and events[5].result.exit_code == 0
    assert response.inner_messages == events
    assert response.chat_message.to_text() == "All done."
    assert summary(response) == RunSummary(outcome="success", attempts=2, code=f"```python\n{FIXED}\n```")


async def test_context_holds_task_once_and_each_attempt_in_order(executor: LocalCommandLineCodeExecutor) -> None:
    replies = [py(BROKEN), decision(True, "define it"), py(FIXED), "Done."]
    agent = make(executor, replies, retry_strategy=RetryStrategy(share_reason=True))
    await collect(agent, "UNIQUE-TASK-TEXT")
    messages = await agent.model_context.get_messages()

    texts = [str(m.content) for m in messages]
    assert sum("UNIQUE-TASK-TEXT" in t for t in texts) == 1
    shape = [type(m).__name__ for m in messages]
    assert shape == [
        "UserMessage",  # task
        "AssistantMessage",  # attempt 1 reply
        "UserMessage",  # attempt 1 execution result
        "UserMessage",  # retry decision
        "AssistantMessage",  # attempt 2 reply
        "UserMessage",  # attempt 2 execution result
        "AssistantMessage",  # reflection
    ]
    assert "NameError" in texts[2] and "exit code 1" in texts[2]
    assert "Retry decision: retry" in texts[3] and "define it" in texts[3]
    assert "ran successfully" in texts[5]


async def test_next_generation_sees_error_and_shared_reason(executor: LocalCommandLineCodeExecutor) -> None:
    replies = [py(BROKEN), decision(True, "REASON-MARKER"), py(FIXED), "Done."]
    agent = make(executor, replies, retry_strategy=RetryStrategy(share_reason=True))
    await collect(agent)
    client = agent._client  # type: ignore[attr-defined]
    second_generation = "\n".join(str(m.content) for m in client.create_calls[2]["messages"])
    assert "NameError: name 'undefined_name' is not defined" in second_generation
    assert "REASON-MARKER" in second_generation


@pytest.mark.parametrize(
    ("model_info", "expected_json_output", "schema_in_prompt"),
    [(None, RetryDecision, False), (JSON_MODE, True, True), (PLAIN, None, True)],
    ids=["structured-output", "json-mode", "plain"],
)
async def test_decision_request_matches_model_capabilities(
    executor: LocalCommandLineCodeExecutor, model_info: Any, expected_json_output: Any, schema_in_prompt: bool
) -> None:
    agent = make(executor, [py(BROKEN), decision(False, "give up"), "unused"], model_info=model_info)
    await collect(agent)
    call = agent._client.create_calls[1]  # type: ignore[attr-defined]
    assert call["json_output"] == expected_json_output
    prompt = str(call["messages"][-1].content)
    assert ('"retry"' in prompt) == schema_in_prompt
    assert type(call["messages"][0]).__name__ == "SystemMessage"


class _RefusesForms(ReplayChatCompletionClient):
    """Replays, but fails like a server that refuses some ``response_format`` forms."""

    def __init__(self, replies: Sequence[str], refused: tuple[object, ...], error: str) -> None:
        super().__init__(list(replies), model_info=STRUCTURED)
        self.refused, self.error, self.forms = refused, error, list[object]()

    async def create(self, messages: Any, **kwargs: Any) -> CreateResult:
        form = kwargs.get("json_output")
        self.forms.append(form)
        if form in self.refused:
            raise RuntimeError(self.error)
        return await super().create(messages, **kwargs)


LLAMA_CPP_REFUSAL = "Error code: 500 - response_format.type: Input should be 'text' or 'json_object'"
# llama-server takes JSON schemas, but answers one it cannot compile like this.
LLAMA_SERVER_REFUSAL = (
    "Error code: 400 - Unable to generate parser for this template. Automatic parser generation failed: "
    "JSON schema error at #: unrecognized type wibble"
)


@pytest.mark.parametrize("refusal", [LLAMA_CPP_REFUSAL, LLAMA_SERVER_REFUSAL])
async def test_a_refused_output_form_falls_back_and_is_remembered(
    executor: LocalCommandLineCodeExecutor, refusal: str
) -> None:
    replies = [py(BROKEN), decision(True, "fix the name"), py("print(other)"), decision(False, "give up"), "unused"]
    client = _RefusesForms(replies, refused=(RetryDecision, True), error=refusal)
    agent = SelfDebuggingCodeExecutorAgent("coder", executor, model_client=client, max_retries_on_error=2)
    events, _ = await collect(agent)
    decisions = [e for e in events if isinstance(e, ThoughtEvent) and e.metadata.get("kind") == "retry_decision"]
    assert [d.metadata["fell_back"] for d in decisions] == ["false", "false"]
    # Attempt 1's decision walks down to the plain prompt, with the schema in it; attempt 2's starts there.
    assert client.forms == [None, RetryDecision, True, None, None, None]
    assert '"retry"' in str(client.create_calls[1]["messages"][-1].content)


async def test_an_error_that_is_not_a_refused_form_is_not_retried(executor: LocalCommandLineCodeExecutor) -> None:
    client = _RefusesForms([py(BROKEN), "unused"], refused=(RetryDecision,), error="Connection refused")
    agent = SelfDebuggingCodeExecutorAgent("coder", executor, model_client=client)
    with pytest.raises(ModelCallError, match="retry decision failed: RuntimeError: Connection refused"):
        await collect(agent)
    assert client.forms == [None, RetryDecision]


async def test_invalid_decision_json_is_asked_again(executor: LocalCommandLineCodeExecutor) -> None:
    replies = [py(BROKEN), "not json at all", decision(False, "cannot fix")]
    agent = make(executor, replies)
    events, response = await collect(agent)
    thought = next(e for e in events if isinstance(e, ThoughtEvent))
    assert thought.metadata == {
        "kind": "retry_decision",
        "retry": "false",
        "reason": "cannot fix",
        "approach": "repair",
        "fell_back": "false",
        "continues": "false",
        "shared": "false",
    }
    assert summary(response).outcome == "failure"
    retry_prompt = agent._client.create_calls[2]["messages"][-1].content  # type: ignore[attr-defined]
    assert "not valid" in retry_prompt and "JSON" in retry_prompt


async def test_invalid_decision_json_twice_falls_back_to_default(executor: LocalCommandLineCodeExecutor) -> None:
    replies = [py(BROKEN), "{oops", '```json\n{"retry": "maybe"}\n```', py(FIXED), "Done."]
    agent = make(executor, replies)
    events, response = await collect(agent)
    thought = next(e for e in events if isinstance(e, ThoughtEvent))
    assert thought.metadata["fell_back"] == "true" and thought.metadata["retry"] == "true"
    assert summary(response) == RunSummary(outcome="success", attempts=2, code=f"```python\n{FIXED}\n```")


async def test_decision_wrapped_in_prose_is_read(executor: LocalCommandLineCodeExecutor) -> None:
    agent = make(executor, [py(BROKEN), "Sure! ```json\n" + decision(False, "wrapped") + "\n```"])
    events, _ = await collect(agent)
    thought = next(e for e in events if isinstance(e, ThoughtEvent))
    assert thought.metadata["reason"] == "wrapped" and thought.metadata["fell_back"] == "false"


async def test_reply_without_code_uses_an_attempt(executor: LocalCommandLineCodeExecutor) -> None:
    agent = make(executor, ["You could print it with the print function.", py(FIXED), "Done."])
    events, response = await collect(agent)
    assert [getattr(e, "retry_attempt", None) for e in events if isinstance(e, CodeGenerationEvent)] == [0, 1]
    assert summary(response).attempts == 2 and summary(response).outcome == "success"
    note = (await agent.model_context.get_messages())[2]
    assert "no code block" in str(note.content)
    assert [a.kind for a in agent.attempts] == ["no_code", "executed"]


async def test_reply_cut_off_at_token_limit_uses_an_attempt(executor: LocalCommandLineCodeExecutor) -> None:
    cut = CreateResult(
        finish_reason="length",
        content="```python\nfor i in range(10):\n    print(",
        usage=RequestUsage(prompt_tokens=5, completion_tokens=7),
        cached=False,
    )
    agent = make(executor, [cut, py(FIXED), "Done."])
    events, response = await collect(agent)
    assert [a.kind for a in agent.attempts] == ["truncated", "executed"]
    assert not any(isinstance(e, CodeExecutionEvent) and e.retry_attempt == 0 for e in events)
    assert "cut off" in str((await agent.model_context.get_messages())[2].content)
    assert summary(response).outcome == "success"


async def test_plain_refusal_ends_the_run_as_no_code(executor: LocalCommandLineCodeExecutor) -> None:
    agent = make(executor, ["Sorry, COBOL is not supported in this environment."])
    _, response = await collect(agent)
    assert summary(response) == RunSummary(outcome="no_code", attempts=1, code="")
    assert "not supported" in response.chat_message.to_text()
    assert len(agent._client.create_calls) == 1  # type: ignore[attr-defined]


async def test_model_that_never_writes_code_spends_the_budget(executor: LocalCommandLineCodeExecutor) -> None:
    agent = make(executor, ["Just think about it."] * 3, max_retries_on_error=2)
    _, response = await collect(agent)
    assert summary(response) == RunSummary(outcome="no_code", attempts=3, code="")
    assert "3 attempt(s)" in response.chat_message.to_text()


async def test_tests_catch_wrong_output_with_exit_code_zero(executor: LocalCommandLineCodeExecutor) -> None:
    wrong = "def add(a, b):\n    return a - b"
    right = "def add(a, b):\n    return a + b"
    tests = "assert add(2, 3) == 5, 'add(2, 3) should be 5'\nprint('tests passed')"
    # The search off, so the model's own second program is what passes.
    replies = [py(wrong), decision(True, "use +"), py(right), "Done."]
    agent = make(executor, replies, tests=tests, retry_strategy=RetryStrategy(search=False))
    events, response = await collect(agent, "Write add(a, b).")
    first, second = [e for e in events if isinstance(e, CodeExecutionEvent)]
    assert first.result.exit_code != 0 and "add(2, 3) should be 5" in first.result.output
    assert second.result.exit_code == 0 and "tests passed" in second.result.output
    assert summary(response).outcome == "success"
    context = [str(m.content) for m in await agent.model_context.get_messages()]
    assert any("1 of 1 test asserts failed" in t and "change the code, not the tests" in t for t in context)
    assert sum("You cannot change them" in t for t in context) == 1  # shown once, up front


async def test_model_cannot_edit_the_tests(executor: LocalCommandLineCodeExecutor) -> None:
    cheat = "def add(a, b):\n    return 0\n# tests\nassert True"
    tests = "assert add(2, 3) == 5"
    agent = make(executor, [py(cheat), decision(False, "stop")], tests=tests)
    _, response = await collect(agent)
    assert summary(response).outcome == "failure"


async def test_without_tests_exit_code_zero_passes_and_says_nothing_checked_it(
    executor: LocalCommandLineCodeExecutor,
) -> None:
    agent = make(executor, [py(FIXED), "Done."], reflect_on_success=False)
    _, response = await collect(agent)
    assert summary(response).outcome == "success"
    # "Passed" would claim more than a run with no tests shows.
    assert response.chat_message.to_text().startswith(
        "The code ran without errors on attempt 1. No tests were given, so nothing checked what it does."
    )
    assert len(agent._client.create_calls) == 1  # type: ignore[attr-defined]


async def test_budget_runs_out_with_summary_of_attempts(executor: LocalCommandLineCodeExecutor) -> None:
    second = py("print(other_undefined_name)")
    replies = [py(BROKEN), decision(True, "try a"), second, decision(True, "try b"), py("raise SystemExit(3)")]
    agent = make(executor, replies, max_retries_on_error=2)
    events, response = await collect(agent)
    text = response.chat_message.to_text()
    assert summary(response).outcome == "failure" and summary(response).attempts == 3
    assert "after 3 attempt(s)" in text and "try a" in text and "try b" in text
    assert "Last error" in text and "exit code 3" in text and "raise SystemExit(3)" in text
    # No decision is asked for once the budget is spent.
    assert len(agent._client.create_calls) == 5  # type: ignore[attr-defined]
    kinds = [e.metadata["kind"] for e in events if isinstance(e, ThoughtEvent)]
    assert kinds == ["retry_decision", "retry_plan", "retry_decision", "retry_plan"]


async def test_repeated_failing_code_is_pointed_out(executor: LocalCommandLineCodeExecutor) -> None:
    # The resent program is neither run nor decided on again (and here, does not end the round).
    replies = [py(BROKEN), decision(True, "x"), py(BROKEN), py(FIXED), "Done."]
    agent = make(executor, replies, retry_strategy=RetryStrategy(stop_on_resend=False))
    _, response = await collect(agent)
    assert summary(response).outcome == "success" and summary(response).attempts == 3
    texts = [str(m.content) for m in await agent.model_context.get_messages()]
    assert sum("exactly the code of attempt 1" in t for t in texts) == 1
    assert "NameError" in agent.attempts[1].output  # the record keeps the execution feedback itself


async def test_stop_decision_ends_the_round(executor: LocalCommandLineCodeExecutor) -> None:
    agent = make(executor, [py(BROKEN), decision(False, "needs a missing service")])
    _, response = await collect(agent)
    assert summary(response).attempts == 1 and summary(response).outcome == "failure"
    assert "needs a missing service" in response.chat_message.to_text()


async def test_stop_decision_can_be_overruled(executor: LocalCommandLineCodeExecutor) -> None:
    replies = [py(BROKEN), decision(False, "define the name first"), py(FIXED), "Done."]
    agent = make(executor, replies, stop_on_decision=False, retry_strategy=RetryStrategy(share_reason=True))
    events, response = await collect(agent)
    thought = next(e for e in events if isinstance(e, ThoughtEvent))
    assert thought.metadata["retry"] == "false" and thought.metadata["continues"] == "true"
    assert "overruled" in thought.content
    assert summary(response).outcome == "success" and summary(response).attempts == 2
    note = str((await agent.model_context.get_messages())[3].content)
    assert "Retry decision: retry" in note and "define the name first" in note


async def test_failure_hands_off_with_context(executor: LocalCommandLineCodeExecutor) -> None:
    agent = make(executor, [py(BROKEN)], max_retries_on_error=0, handoff_target="user")
    assert HandoffMessage in agent.produced_message_types
    _, response = await collect(agent)
    message = response.chat_message
    assert isinstance(message, HandoffMessage) and message.target == "user"
    assert message.metadata["outcome"] == "failure"
    assert any("NameError" in str(m.content) for m in message.context)


async def test_success_does_not_hand_off(executor: LocalCommandLineCodeExecutor) -> None:
    agent = make(executor, [py(FIXED), "Done."], handoff_target="user")
    _, response = await collect(agent)
    assert isinstance(response.chat_message, TextMessage)


async def test_models_usage_is_the_sum_of_every_call(executor: LocalCommandLineCodeExecutor) -> None:
    agent = make(executor, [py(BROKEN), "bad json", decision(True, "x"), py(FIXED), "Done and dusted."])
    _, response = await collect(agent)
    total = agent._client.total_usage()  # type: ignore[attr-defined]
    usage = response.chat_message.models_usage
    assert usage is not None and len(agent._client.create_calls) == 5  # type: ignore[attr-defined]
    assert (usage.prompt_tokens, usage.completion_tokens) == (total.prompt_tokens, total.completion_tokens)
    assert usage.completion_tokens > 0


async def test_output_in_context_is_bounded_but_events_are_whole(executor: LocalCommandLineCodeExecutor) -> None:
    big = "import sys\nsys.stdout.write('H' * 3_000_000 + 'MIDDLE' + 'T' * 3_000_000)\nsys.exit(1)"
    agent = make(executor, [py(big), decision(False, "stop")], max_output_chars=1000)
    events, _ = await collect(agent)
    execution = next(e for e in events if isinstance(e, CodeExecutionEvent))
    assert len(execution.result.output) >= 6_000_000
    stored = str((await agent.model_context.get_messages())[2].content)
    assert len(stored) < 1500 and "characters cut" in stored
    assert "HHH" in stored and "TTT" in stored and "MIDDLE" not in stored


async def test_cancellation_mid_execution(executor: LocalCommandLineCodeExecutor) -> None:
    agent = make(executor, [py("import time\nprint('started', flush=True)\ntime.sleep(60)")])
    token = CancellationToken()
    message = TextMessage(content="sleep", source="user")

    async def run() -> None:
        await agent.on_messages([message], token)

    task = asyncio.create_task(run())
    await asyncio.sleep(1.5)
    token.cancel()
    with pytest.raises(asyncio.CancelledError):
        await asyncio.wait_for(task, timeout=10)
    assert agent._client.create_calls[0]["cancellation_token"] is token  # type: ignore[attr-defined]


async def test_token_reaches_every_model_call(executor: LocalCommandLineCodeExecutor) -> None:
    agent = make(executor, [py(BROKEN), decision(True, "x"), py(FIXED), "Done."])
    token = CancellationToken()
    await agent.on_messages([TextMessage(content="t", source="user")], token)
    calls = agent._client.create_calls  # type: ignore[attr-defined]
    assert len(calls) == 4 and all(call["cancellation_token"] is token for call in calls)


class RaisingExecutor(LocalCommandLineCodeExecutor):
    async def execute_code_blocks(
        self, code_blocks: list[CodeBlock], cancellation_token: CancellationToken
    ) -> CodeResult:
        raise RuntimeError("sandbox exploded")


async def test_executor_that_raises_is_a_failed_execution(tmp_path: Any) -> None:
    async with RaisingExecutor(work_dir=tmp_path) as raising:
        agent = make(raising, [py(FIXED), decision(True, "retry"), py(FIXED)], max_retries_on_error=1)
        events, response = await collect(agent)
    execution = next(e for e in events if isinstance(e, CodeExecutionEvent))
    assert execution.result.exit_code != 0 and "sandbox exploded" in execution.result.output
    assert "sandbox exploded" in str((await agent.model_context.get_messages())[2].content)
    assert summary(response).outcome == "failure"


async def test_model_client_errors_propagate_clearly(executor: LocalCommandLineCodeExecutor) -> None:
    agent = make(executor, [])  # the replay client raises when it has no reply left
    with pytest.raises(ModelCallError, match="model call for code generation failed"):
        await collect(agent)


async def test_approval_refusal_is_a_failed_execution(executor: LocalCommandLineCodeExecutor) -> None:
    seen: list[ApprovalRequest] = []

    def refuse(request: ApprovalRequest) -> ApprovalResponse:
        seen.append(request)
        return ApprovalResponse(approved=False, reason="not today")

    agent = make(executor, [py(FIXED)], max_retries_on_error=0, approval_func=refuse)
    events, response = await collect(agent)
    execution = next(e for e in events if isinstance(e, CodeExecutionEvent))
    assert "not approved" in execution.result.output and "not today" in execution.result.output
    assert seen and FIXED in seen[0].code
    assert summary(response).outcome == "failure"


async def test_streaming_yields_chunks(executor: LocalCommandLineCodeExecutor) -> None:
    agent = make(executor, [py(FIXED), "Done."], model_client_stream=True)
    events, response = await collect(agent)
    assert any(isinstance(e, ModelClientStreamingChunkEvent) for e in events)
    assert summary(response).outcome == "success"


async def test_second_call_gets_a_new_budget_and_keeps_the_context(executor: LocalCommandLineCodeExecutor) -> None:
    replies = [py(BROKEN), py(FIXED), "Done."]
    agent = make(executor, replies, max_retries_on_error=0)
    _, first = await collect(agent, "FIRST-TASK")
    assert summary(first).outcome == "failure"
    events, second = await collect(agent, "HINT: define it first")
    assert summary(second).outcome == "success" and summary(second).attempts == 1
    assert next(e for e in events if isinstance(e, CodeGenerationEvent)).retry_attempt == 0
    texts = [str(m.content) for m in await agent.model_context.get_messages()]
    assert sum("FIRST-TASK" in t for t in texts) == 1 and any("NameError" in t for t in texts)
    assert [(a.round, a.index) for a in agent.attempts] == [(0, 0), (1, 0)]


async def test_incoming_handoff_context_is_added_once(executor: LocalCommandLineCodeExecutor) -> None:
    handoff = HandoffMessage(
        content="over to you",
        target="coder",
        source="planner",
        context=[UserMessage(content="PLANNER-CONTEXT", source="user"), AssistantMessage(content="ok", source="p")],
    )
    agent = make(executor, [py(BROKEN), decision(True, "x"), py(BROKEN), decision(True, "y"), py(FIXED), "Done."])
    await collect(agent, handoff)
    texts = [str(m.content) for m in await agent.model_context.get_messages()]
    assert sum("PLANNER-CONTEXT" in t for t in texts) == 1
    assert sum(t == "over to you" for t in texts) == 1


@pytest.mark.parametrize(
    ("fence", "language"),
    [
        ("python", "python"),
        ("python ", "python"),
        ("py", "python"),
        ("python3", "python"),
        ("Python", "python"),
        ("", "python"),
        ("sh", "sh"),
        ("bash", "bash"),
        ("shell", "sh"),
    ],
)
async def test_common_fence_tags_run(executor: LocalCommandLineCodeExecutor, fence: str, language: str) -> None:
    code = "echo ran-ok" if language in ("sh", "bash") else "print('ran-ok')"
    agent = make(executor, [f"```{fence}\n{code}\n```", "Done."])
    events, response = await collect(agent)
    generation = next(e for e in events if isinstance(e, CodeGenerationEvent))
    assert [b.language for b in generation.code_blocks] == [language]
    execution = next(e for e in events if isinstance(e, CodeExecutionEvent))
    assert "ran-ok" in execution.result.output
    assert summary(response).outcome == "success"


async def test_unsupported_language_gets_a_clear_message(executor: LocalCommandLineCodeExecutor) -> None:
    agent = make(executor, ["```rust\nfn main() {}\n```", py(FIXED), "Done."])
    _, response = await collect(agent)
    note = str((await agent.model_context.get_messages())[2].content)
    assert "cannot run rust code" in note and "python" in note
    assert [a.kind for a in agent.attempts] == ["unsupported_language", "executed"]
    assert summary(response).outcome == "success"


def test_system_message_names_the_executor_languages(executor: LocalCommandLineCodeExecutor) -> None:
    agent = make(executor, [])
    assert agent.supported_languages == ["bash", "sh", "python"]
    text = str(agent._system_messages[0].content)
    assert "bash, sh, python" in text and "{languages}" not in text


async def test_decision_event_serialises(executor: LocalCommandLineCodeExecutor) -> None:
    agent = make(executor, [py(BROKEN), decision(False, "stop")])
    events, response = await collect(agent)
    for event in events:
        json.dumps(event.dump())
    json.dumps(response.chat_message.dump())


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ('{"reason": "off by one", "retry": true}', RetryDecision(reason="off by one", retry=True)),
        ('Sure:\n```json\n{"retry": false, "reason": "x"}\n```', RetryDecision(reason="x", retry=False)),
        ('{"reason": "line one\nline two", "retry": true}', RetryDecision(reason="line one\nline two", retry=True)),
    ],
    ids=["plain", "fenced", "raw-newline"],
)
def test_decision_parsing_is_lenient_about_wrapping(content: str, expected: RetryDecision) -> None:
    assert parse_decision(content) == expected


@pytest.mark.parametrize(
    ("content", "problem"),
    [("no json here", "invalid JSON"), ('{"retry": "maybe", "reason": "x"}', "retry"), ('{"reason": 1}', "reason")],
)
def test_decision_parsing_names_the_problem(content: str, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        parse_decision(content)
