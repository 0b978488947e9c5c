"""save_state/load_state, on_reset, and dump_component/load_component round trips."""

from __future__ import annotations

import json
from typing import Any

import pytest
from autogen_agentchat.agents import ApprovalRequest, ApprovalResponse
from autogen_agentchat.messages import TextMessage
from autogen_core import CancellationToken, ComponentModel
from autogen_core.model_context import BufferedChatCompletionContext
from autogen_ext.code_executors.local import LocalCommandLineCodeExecutor

from autogen_selfdebug import RetryStrategy, SelfDebuggingCodeExecutorAgent
from autogen_selfdebug.repair import SearchBudget
from helpers import decision, py, scripted


async def run_once(agent: SelfDebuggingCodeExecutorAgent) -> None:
    await agent.on_messages([TextMessage(content="Print ok.", source="user")], CancellationToken())


async def test_state_round_trips_context_and_attempts(executor: LocalCommandLineCodeExecutor) -> None:
    replies = [py("print(x)"), decision(True, "define x"), py("print('ok')"), "Done."]
    agent = SelfDebuggingCodeExecutorAgent("coder", executor, model_client=scripted(replies), tests="print('t')")
    await run_once(agent)
    state = await agent.save_state()
    json.dumps(state)  # the state is plain JSON

    fresh = SelfDebuggingCodeExecutorAgent("coder", executor, model_client=scripted([]), tests="print('t')")
    await fresh.load_state(json.loads(json.dumps(state)))
    assert await fresh.model_context.get_messages() == await agent.model_context.get_messages()
    assert fresh.attempts == agent.attempts
    assert [(a.kind, a.passed, a.reason) for a in fresh.attempts] == [
        ("executed", False, "define x"),
        ("executed", True, None),
    ]
    assert await fresh.save_state() == state


async def test_reset_clears_context_and_history(executor: LocalCommandLineCodeExecutor) -> None:
    agent = SelfDebuggingCodeExecutorAgent(
        "coder", executor, model_client=scripted([py("print(1)"), "Done.", py("print(2)"), "Done."]), tests="pass"
    )
    await run_once(agent)
    await agent.on_reset(CancellationToken())
    assert await agent.model_context.get_messages() == []
    assert agent.attempts == []
    await run_once(agent)
    texts = [str(m.content) for m in await agent.model_context.get_messages()]
    assert sum("You cannot change them" in t for t in texts) == 1  # tests are shown again after a reset


def build(executor: LocalCommandLineCodeExecutor, **kwargs: Any) -> SelfDebuggingCodeExecutorAgent:
    return SelfDebuggingCodeExecutorAgent("coder", executor, model_client=scripted(["x"]), **kwargs)


@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"max_retries_on_error": 7},
        {"max_retries_on_error": 0, "reflect_on_success": False},
        {"tests": "assert f() == 1", "tests_language": "py", "show_tests": False},
        {"handoff_target": "user", "description": "fixes code", "sources": ["user"]},
        {"system_message": "Only {languages}.", "supported_languages": ["python"], "default_language": "sh"},
        {"system_message": None, "model_client_stream": True, "max_output_chars": 999},
        {"stop_on_decision": False},
        {"model_context": BufferedChatCompletionContext(buffer_size=6)},
        {"retry_strategy": RetryStrategy("restart", temperatures=[0.3, 1.1], seed=None, escalate_after=2)},
        {"retry_strategy": RetryStrategy(share_reason=True), "retry_model_client": scripted(["stronger"])},
        {"retry_strategy": RetryStrategy(search=False)},
        {"retry_strategy": RetryStrategy(rewrites=3, rewrite_lines=2)},
        {"retry_strategy": RetryStrategy("repair", search=True, search_budget=SearchBudget(max_candidates=9))},
        {"initial_code": "def f():\n    return 2\n"},
    ],
    ids=lambda kwargs: ",".join(kwargs) or "defaults",
)
def test_component_round_trip_keeps_every_argument(executor: LocalCommandLineCodeExecutor, kwargs: Any) -> None:
    agent = build(executor, **kwargs)
    dumped = agent.dump_component()
    loaded = SelfDebuggingCodeExecutorAgent.load_component(dumped)
    assert isinstance(loaded, SelfDebuggingCodeExecutorAgent)
    again = loaded.dump_component()
    assert {k: v for k, v in again.config.items() if dumped.config.get(k) != v} == {}
    assert again.model_dump() == dumped.model_dump()
    config = dumped.config
    for key, value in kwargs.items():
        if key == "model_context":
            assert config[key]["config"]["buffer_size"] == 6
        elif key == "tests_language":
            assert config[key] == "python"
        elif key in ("retry_strategy", "retry_model_client"):
            assert ComponentModel.model_validate(config[key]) == value.dump_component()
        elif key == "system_message" and value is None:
            assert config[key] == "" and loaded._system_messages == []  # type: ignore[attr-defined]
        else:
            assert config[key] == value
    assert dumped.provider == "autogen_selfdebug.SelfDebuggingCodeExecutorAgent"


def test_approval_func_is_refused_clearly(executor: LocalCommandLineCodeExecutor) -> None:
    def approve(request: ApprovalRequest) -> ApprovalResponse:
        return ApprovalResponse(approved=True, reason="ok")

    agent = build(executor, approval_func=approve)
    with pytest.raises(ValueError, match="approval_func"):
        agent.dump_component()


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [({"max_retries_on_error": -1}, "max_retries_on_error"), ({"max_output_chars": 10}, "max_output_chars")],
)
def test_bad_arguments_are_refused(executor: LocalCommandLineCodeExecutor, kwargs: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        build(executor, **kwargs)
