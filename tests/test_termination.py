"""The termination conditions: when they fire, and dump → load → dump keeping every argument."""

from __future__ import annotations

from typing import Any, cast

import pytest
from autogen_agentchat.agents import UserProxyAgent
from autogen_agentchat.base import TerminatedException, TerminationCondition
from autogen_agentchat.conditions import MaxMessageTermination
from autogen_agentchat.messages import (
    BaseAgentEvent,
    BaseChatMessage,
    HandoffMessage,
    StopMessage,
    TextMessage,
    UserInputRequestedEvent,
)
from autogen_agentchat.teams import RoundRobinGroupChat
from autogen_core import Component, ComponentModel
from autogen_ext.code_executors.local import LocalCommandLineCodeExecutor
from pydantic import BaseModel

from autogen_selfdebug import SelfDebuggingCodeExecutorAgent
from autogen_selfdebug._teams import build_debugging_team
from autogen_selfdebug._termination import (
    ALL_OUTCOMES,
    SelfDebugOutcomeTermination,
    UserStopTermination,
)
from helpers import scripted


def result(outcome: str, source: str = "coder", *, handoff: bool = False) -> BaseChatMessage:
    metadata = {"outcome": outcome, "attempts": "3", "code": "```python\nprint(1)\n```"}
    if handoff:
        return HandoffMessage(content="failed", target="user", source=source, metadata=metadata)
    return TextMessage(content="Done.", source=source, metadata=metadata)


def reply(text: str, source: str = "user") -> TextMessage:
    return TextMessage(content=text, source=source)


async def fires(condition: TerminationCondition, *messages: BaseAgentEvent | BaseChatMessage) -> StopMessage | None:
    await condition.reset()
    return await condition(list(messages))


# ------------------------------------------------------------------ SelfDebugOutcomeTermination


async def test_outcome_fires_on_success_only_by_default() -> None:
    condition = SelfDebugOutcomeTermination()
    assert await fires(condition, result("failure"), result("no_code"), reply("success")) is None
    stop = await fires(condition, reply("hi"), result("success"))
    assert stop is not None and stop.content == "coder finished with outcome 'success' after 3 attempt(s)."
    assert stop.source == "SelfDebugOutcomeTermination"
    assert condition.terminated


async def test_outcome_raises_once_terminated_until_reset() -> None:
    condition = SelfDebugOutcomeTermination()
    assert await condition([result("success")]) is not None
    with pytest.raises(TerminatedException):
        await condition([result("success")])
    await condition.reset()
    assert not condition.terminated


async def test_outcome_any_and_handoffs() -> None:
    condition = SelfDebugOutcomeTermination(ALL_OUTCOMES)
    for outcome in ("success", "failure", "no_code"):
        assert await fires(condition, result(outcome)) is not None
    assert await fires(condition, result("failure", handoff=True)) is not None


async def test_outcome_respects_sources() -> None:
    condition = SelfDebugOutcomeTermination(sources=["coder"])
    assert await fires(condition, result("success", source="other")) is None
    assert await fires(condition, result("success", source="coder")) is not None


async def test_outcome_ignores_events_and_foreign_metadata() -> None:
    condition = SelfDebugOutcomeTermination()
    event = UserInputRequestedEvent(request_id="1", source="user")
    foreign = TextMessage(content="x", source="a", metadata={"outcome": "great"})
    assert await fires(condition, event, foreign) is None


@pytest.mark.parametrize(("outcomes", "error"), [([], ValueError), (["passed"], ValueError), ("success", TypeError)])
def test_outcome_refuses_bad_outcomes(outcomes: Any, error: type[Exception]) -> None:
    with pytest.raises(error, match="outcomes"):
        SelfDebugOutcomeTermination(outcomes)


# ------------------------------------------------------------------ UserStopTermination


@pytest.mark.parametrize("text", ["stop", "STOP", " approve. ", "'done'", "lgtm!", "", "   \n"])
async def test_user_stop_fires_on_a_whole_stop_reply(text: str) -> None:
    assert await fires(UserStopTermination(sources=["user"]), reply(text)) is not None


@pytest.mark.parametrize("text", ["stop using recursion", "please approve this after fixing x", "use a dict"])
async def test_user_stop_treats_anything_else_as_a_hint(text: str) -> None:
    assert await fires(UserStopTermination(sources=["user"]), reply(text)) is None


async def test_user_stop_ignores_other_sources_events_and_agent_outcomes() -> None:
    condition = UserStopTermination(sources=["user"])
    event = UserInputRequestedEvent(request_id="1", source="user")  # its content is empty
    assert await fires(condition, reply("stop", source="coder"), event) is None
    # Without sources, the agent's own "Done." (it carries an outcome) is still not a reply.
    assert await fires(UserStopTermination(), result("success")) is None
    assert await fires(UserStopTermination(), reply("stop", source="anyone")) is not None


async def test_user_stop_options() -> None:
    assert await fires(UserStopTermination(stop_on_empty=False), reply("")) is None
    custom = UserStopTermination(["ship it"])
    assert await fires(custom, reply("Ship it!")) is not None
    assert await fires(custom, reply("stop")) is None
    handoff = HandoffMessage(content="stop", target="coder", source="user")
    stop = await fires(UserStopTermination(sources=["user"]), handoff)
    assert stop is not None and stop.content == "user replied 'stop': stopping."
    with pytest.raises(TypeError, match="stop_words"):
        UserStopTermination("stop")


async def test_user_stop_raises_once_terminated_until_reset() -> None:
    condition = UserStopTermination()
    assert await condition([reply("stop")]) is not None
    with pytest.raises(TerminatedException):
        await condition([reply("go on")])
    await condition.reset()
    assert await condition([reply("go on")]) is None


# ------------------------------------------------------------------ components


@pytest.mark.parametrize(
    "condition",
    [
        SelfDebugOutcomeTermination(),
        SelfDebugOutcomeTermination(["failure", "no_code"], sources=["coder", "helper"]),
        SelfDebugOutcomeTermination(ALL_OUTCOMES, sources=[]),
        UserStopTermination(),
        UserStopTermination(["ship it", "no"], sources=["human"], stop_on_empty=False),
    ],
    ids=["outcome-default", "outcome-sources", "outcome-empty-sources", "stop-default", "stop-all-arguments"],
)
def test_component_round_trip_keeps_every_argument(condition: TerminationCondition) -> None:
    dumped = condition.dump_component()
    assert dumped.provider == f"autogen_selfdebug.{type(condition).__name__}"
    assert dumped.component_type == "termination"
    loaded = TerminationCondition.load_component(dumped)
    assert type(loaded) is type(condition)
    assert loaded.dump_component().model_dump() == dumped.model_dump()
    # Every argument is in the config, sources included (upstream TextMentionTermination drops them).
    schema = cast(Component[BaseModel], condition).component_config_schema
    assert set(dumped.config) >= set(schema.model_fields) - {"sources"}
    if getattr(condition, "sources", None) is not None:
        assert dumped.config["sources"] == condition.sources  # type: ignore[attr-defined]


def test_loaded_config_from_json_keeps_sources() -> None:
    dumped = SelfDebugOutcomeTermination(["failure"], sources=["coder"]).dump_component()
    loaded = SelfDebugOutcomeTermination.load_component(ComponentModel.model_validate_json(dumped.model_dump_json()))
    assert (loaded.outcomes, loaded.sources) == (["failure"], ["coder"])


def test_team_built_by_the_helper_round_trips(executor: LocalCommandLineCodeExecutor) -> None:
    agent = SelfDebuggingCodeExecutorAgent("coder", executor, model_client=scripted(["x"]), handoff_target="user")
    team = build_debugging_team(
        agent, user_proxy=UserProxyAgent("user"), max_rounds=3, termination_condition=MaxMessageTermination(30)
    )
    dumped = team.dump_component()
    loaded = RoundRobinGroupChat.load_component(dumped)
    assert loaded.dump_component().model_dump() == dumped.model_dump()
    config = dumped.config
    assert config["max_turns"] == 5
    text = dumped.model_dump_json()
    assert "autogen_selfdebug.SelfDebugOutcomeTermination" in text and "autogen_selfdebug.UserStopTermination" in text
    assert '"sources":["user"]' in text and '"sources":["coder"]' in text
