"""End to end: the team with the real embedded model, a real sandbox and a scripted person.

The assertions are about behaviour, not about how clever a 0.5B model is: the tests are made to
always fail, so the person must be consulted after each round, and the team must end when they stop.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from autogen_agentchat.agents import UserProxyAgent
from autogen_agentchat.base import TaskResult
from autogen_agentchat.messages import (
    BaseAgentEvent,
    BaseChatMessage,
    CodeGenerationEvent,
    TextMessage,
    UserInputRequestedEvent,
)
from autogen_core import CancellationToken

from autogen_selfdebug import ModelSelectionError, SelfDebuggingCodeExecutorAgent
from autogen_selfdebug._teams import build_debugging_team, last_run_summary
from autogen_selfdebug.models import resolve_model
from autogen_selfdebug.sandboxes import create_sandbox

pytestmark = pytest.mark.local_model

# No program can pass these tests, whatever the model writes.
IMPOSSIBLE_TESTS = "raise SystemExit('This check always fails: a person must review the result.')"


async def test_person_is_consulted_after_each_failed_round_with_the_real_model(tmp_path: Path) -> None:
    try:
        model = resolve_model("local", max_tokens=256)
    except ModelSelectionError as error:
        pytest.skip(f"The embedded model is not available: {error}")

    prompts: list[str] = []
    replies = ["Print the sum with print(a + b).", "stop"]

    async def person(prompt: str, cancellation_token: CancellationToken | None) -> str:
        prompts.append(prompt)
        return replies.pop(0)

    async with create_sandbox("local", timeout=30, work_dir=tmp_path) as sandbox:
        agent = SelfDebuggingCodeExecutorAgent(
            "coder",
            sandbox,
            model_client=model.client,
            max_retries_on_error=0,
            tests=IMPOSSIBLE_TESTS,
        )
        team = build_debugging_team(agent, user_proxy=UserProxyAgent("user", input_func=person), max_rounds=4)
        items: list[BaseAgentEvent | BaseChatMessage] = []
        result: TaskResult | None = None
        async for item in team.run_stream(task="Write a Python program that prints the sum of 2 and 3."):
            if isinstance(item, TaskResult):
                result = item
            else:
                items.append(item)

    assert result is not None
    # Two rounds (the hint started the second), then the person stopped the team.
    assert len(prompts) == 2 and replies == []
    assert result.stop_reason == "user replied 'stop': stopping."
    assert sum(isinstance(i, UserInputRequestedEvent) for i in items) == 2
    assert sum(isinstance(i, CodeGenerationEvent) for i in items) == 2
    summaries = [m.metadata.get("outcome") for m in items if isinstance(m, TextMessage) and m.source == "coder"]
    assert len(summaries) == 2 and set(summaries) <= {"failure", "no_code"}
    summary = last_run_summary(result)
    assert summary is not None and summary.outcome in ("failure", "no_code")
    # What the person saw names the agent and the choices; the hint reached the agent's context.
    assert all(p.startswith("coder ") and "Reply with a hint" in p for p in prompts)
    texts = [str(m.content) for m in await agent.model_context.get_messages()]
    assert "Print the sum with print(a + b)." in texts
    assert [a.round for a in agent.attempts] == [0, 1]
