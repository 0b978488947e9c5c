"""Each defect of AutoGen's own ``CodeExecutorAgent`` (0.7.5), shown side by side.

Every test runs twice: on our agent, where it must pass, and on upstream's ``CodeExecutorAgent``,
where it is a strict xfail. If upstream ever fixes a defect, its xfail turns into a failure here
and tells us the comparison in the README needs updating.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from autogen_agentchat.agents import CodeExecutorAgent
from autogen_agentchat.base import Response
from autogen_agentchat.messages import (
    BaseAgentEvent,
    BaseChatMessage,
    CodeExecutionEvent,
    CodeGenerationEvent,
    HandoffMessage,
    TextMessage,
)
from autogen_core import CancellationToken
from autogen_core.code_executor import CodeExecutor
from autogen_core.models import CreateResult, RequestUsage, UserMessage
from autogen_ext.code_executors.local import LocalCommandLineCodeExecutor

from autogen_selfdebug import RetryStrategy, SelfDebuggingCodeExecutorAgent
from helpers import decision, py, scripted

BROKEN = "print(undefined_name)"
FIXED = "print('fixed')"

agents = pytest.mark.parametrize(
    "kind",
    ["ours", pytest.param("upstream", marks=pytest.mark.xfail(strict=True, reason="upstream defect"))],
)


def make(kind: str, executor: CodeExecutor, replies: Sequence[str | CreateResult], **kwargs: Any) -> CodeExecutorAgent:
    client = scripted(replies)
    kwargs.setdefault("max_retries_on_error", 3)
    if kind == "ours":
        return SelfDebuggingCodeExecutorAgent("coder", executor, model_client=client, **kwargs)
    kwargs.pop("tests", None)  # upstream has no way to check results against tests
    kwargs.pop("retry_strategy", None)  # nor a retry strategy
    return CodeExecutorAgent("coder", executor, model_client=client, **kwargs)


async def run(
    agent: CodeExecutorAgent, message: BaseChatMessage | None = None, token: CancellationToken | None = None
) -> tuple[list[BaseAgentEvent | BaseChatMessage], Response]:
    message = message or TextMessage(content="TASK-TEXT", source="user")
    events: list[BaseAgentEvent | BaseChatMessage] = []
    async for item in agent.on_messages_stream([message], token or CancellationToken()):
        if isinstance(item, Response):
            return events, item
        events.append(item)
    raise AssertionError("no Response")


async def texts(agent: CodeExecutorAgent) -> list[str]:
    return [str(m.content) for m in await agent.model_context.get_messages()]


@agents
async def test_task_is_not_duplicated_on_retry(kind: str, executor: LocalCommandLineCodeExecutor) -> None:
    agent = make(kind, executor, [py(BROKEN), decision(True, "fix"), py(FIXED), "Done."])
    await run(agent)
    assert sum(t == "TASK-TEXT" for t in await texts(agent)) == 1


@agents
async def test_handoff_context_is_not_duplicated(kind: str, executor: LocalCommandLineCodeExecutor) -> None:
    handoff = HandoffMessage(
        content="fix it", target="coder", source="planner", context=[UserMessage(content="CTX", source="user")]
    )
    agent = make(kind, executor, [py(BROKEN), decision(True, "fix"), py(FIXED), "Done."])
    await run(agent, handoff)
    assert sum(t == "CTX" for t in await texts(agent)) == 1


@agents
async def test_retry_reason_reaches_the_next_generation(kind: str, executor: LocalCommandLineCodeExecutor) -> None:
    # Ours shares it when the strategy says so (the default keeps a small model's guess out).
    strategy = RetryStrategy(share_reason=True)
    agent = make(
        kind, executor, [py(BROKEN), decision(True, "REASON-MARKER"), py(FIXED), "Done."], retry_strategy=strategy
    )
    await run(agent)
    next_generation = agent._model_client.create_calls[2]["messages"]  # type: ignore[union-attr]
    assert any("REASON-MARKER" in str(m.content) for m in next_generation)


@agents
async def test_non_json_decision_does_not_crash(kind: str, executor: LocalCommandLineCodeExecutor) -> None:
    agent = make(kind, executor, [py(BROKEN), "I think we should retry!", decision(False, "stop"), "Done."])
    _, response = await run(agent)
    assert response.chat_message is not None


@agents
async def test_inner_messages_hold_generation_and_execution(kind: str, executor: LocalCommandLineCodeExecutor) -> None:
    agent = make(kind, executor, [py(FIXED), "Done."])
    _, response = await run(agent)
    inner = response.inner_messages or []
    assert any(isinstance(m, CodeGenerationEvent) for m in inner)
    assert any(isinstance(m, CodeExecutionEvent) for m in inner)


@agents
async def test_caller_can_tell_whether_the_code_worked(kind: str, executor: LocalCommandLineCodeExecutor) -> None:
    agent = make(kind, executor, [py(BROKEN), decision(False, "give up"), "It went fine!"])
    _, response = await run(agent)
    assert response.chat_message.metadata.get("outcome") == "failure"


@agents
async def test_wrong_output_with_exit_code_zero_is_retried(kind: str, executor: LocalCommandLineCodeExecutor) -> None:
    wrong, right = "def add(a, b):\n    return a - b", "def add(a, b):\n    return a + b"
    agent = make(
        kind, executor, [py(wrong), decision(True, "use +"), py(right), "Done."], tests="assert add(2, 3) == 5"
    )
    events, _ = await run(agent)
    assert sum(isinstance(e, CodeExecutionEvent) for e in events) == 2


@agents
async def test_reply_without_code_is_retried(kind: str, executor: LocalCommandLineCodeExecutor) -> None:
    agent = make(kind, executor, ["Let me think about how to print it.", py(FIXED), "Done."])
    events, _ = await run(agent)
    assert any(isinstance(e, CodeExecutionEvent) for e in events)


@agents
async def test_reply_cut_off_at_token_limit_is_retried(kind: str, executor: LocalCommandLineCodeExecutor) -> None:
    usage = RequestUsage(prompt_tokens=1, completion_tokens=1)
    cut = CreateResult(finish_reason="length", content="```python\nprint(", usage=usage, cached=False)
    agent = make(kind, executor, [cut, py(FIXED), "Done."])
    events, _ = await run(agent)
    assert any(isinstance(e, CodeExecutionEvent) and e.result.exit_code == 0 for e in events)


@agents
@pytest.mark.parametrize("fence", ["py", "python3", "python ", ""])
async def test_common_fences_are_run(kind: str, fence: str, executor: LocalCommandLineCodeExecutor) -> None:
    agent = make(kind, executor, [f"```{fence}\nprint('ran-ok')\n```", "Done."])
    events, _ = await run(agent)
    assert any(isinstance(e, CodeExecutionEvent) and "ran-ok" in e.result.output for e in events)


@agents
async def test_state_keeps_attempt_history(kind: str, executor: LocalCommandLineCodeExecutor) -> None:
    agent = make(kind, executor, [py(BROKEN), decision(True, "x"), py(FIXED), "Done."])
    await run(agent)
    state = await agent.save_state()
    assert len(state.get("attempts", [])) == 2


@agents
async def test_reset_clears_the_context(kind: str, executor: LocalCommandLineCodeExecutor) -> None:
    agent = make(kind, executor, [py(FIXED), "Done."])
    await run(agent)
    await agent.on_reset(CancellationToken())
    assert await agent.model_context.get_messages() == []


@agents
def test_dump_component_keeps_max_retries(kind: str, executor: LocalCommandLineCodeExecutor) -> None:
    agent = make(kind, executor, ["x"], max_retries_on_error=5)
    assert agent.dump_component().config.get("max_retries_on_error") == 5


@agents
async def test_decision_call_gets_token_and_system_message(kind: str, executor: LocalCommandLineCodeExecutor) -> None:
    agent = make(kind, executor, [py(BROKEN), decision(False, "stop"), "Done."])
    token = CancellationToken()
    await run(agent, token=token)
    call = agent._model_client.create_calls[1]  # type: ignore[union-attr]
    assert call["cancellation_token"] is token
    assert type(call["messages"][0]).__name__ == "SystemMessage"


@agents
async def test_reflection_gets_the_token(kind: str, executor: LocalCommandLineCodeExecutor) -> None:
    agent = make(kind, executor, [py(FIXED), "Done."])
    token = CancellationToken()
    await run(agent, token=token)
    assert agent._model_client.create_calls[-1]["cancellation_token"] is token  # type: ignore[union-attr]


@agents
async def test_execution_output_in_context_is_bounded(kind: str, executor: LocalCommandLineCodeExecutor) -> None:
    agent = make(kind, executor, [py("print('E' * 2_000_000)\nraise SystemExit(1)"), decision(False, "stop"), "x"])
    await run(agent)
    assert max(len(t) for t in await texts(agent)) < 100_000
