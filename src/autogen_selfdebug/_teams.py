"""A round-robin team of the self-debugging agent and, optionally, a person.

The agent never asks the user anything itself (AutoGen issue #6207): after a failed round it
stops, summarises, and the team gives the turn to the next participant. When that is a
``UserProxyAgent``, the person replies with a hint (the agent starts a new round of attempts
with everything so far in its context) or approves/stops (the team ends). Without a person,
the team ends on the agent's first outcome.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Sequence
from inspect import iscoroutinefunction
from typing import cast

from autogen_agentchat.agents import UserProxyAgent
from autogen_agentchat.agents._user_proxy_agent import AsyncInputFunc, InputFuncType, SyncInputFunc
from autogen_agentchat.base import ChatAgent, TaskResult, Team, TerminationCondition
from autogen_agentchat.messages import BaseAgentEvent, BaseChatMessage
from autogen_agentchat.teams import RoundRobinGroupChat
from autogen_core import CancellationToken

from ._agent import SelfDebuggingCodeExecutorAgent
from ._attempts import RunSummary
from ._termination import ALL_OUTCOMES, DEFAULT_STOP_WORDS, SelfDebugOutcomeTermination, UserStopTermination

__all__ = ["build_debugging_team", "last_run_summary", "person_prompt"]

_ERROR_CHARS = 200
_ERROR_WORDS = re.compile(r"error|exception|fail|assert|not found|not defined|denied|timed out|timeout", re.IGNORECASE)
_SECTION_HEADER = re.compile(
    r"^((Program|Test|Other test) output( \(exit code -?\d+\))?:|Tests: \d+ of \d+ asserts passed\.)$"
)

# Each wrapped input function, mapped to the one it wraps, so building a second team with the same
# UserProxyAgent replaces the prompt instead of wrapping it twice.
_ORIGINAL_INPUT: weakref.WeakKeyDictionary[InputFuncType, InputFuncType] = weakref.WeakKeyDictionary()


def build_debugging_team(
    agent: SelfDebuggingCodeExecutorAgent,
    *,
    user_proxy: UserProxyAgent | None = None,
    max_rounds: int | None = None,
    stop_words: Sequence[str] = DEFAULT_STOP_WORDS,
    review_prompt: bool = True,
    termination_condition: TerminationCondition | None = None,
) -> RoundRobinGroupChat:
    """Build a ``RoundRobinGroupChat`` of ``agent`` and, optionally, a person who takes over on failure.

    The team ends by itself:

    * when the code passes (:class:`SelfDebugOutcomeTermination` on ``"success"``);
    * with a person: when their whole reply is one of ``stop_words`` or empty
      (:class:`UserStopTermination`); any other reply is a hint, and the agent starts a new
      round of ``max_retries_on_error + 1`` attempts with the hint and all earlier context;
    * without a person: on the agent's first outcome, whatever it is. The application reads it
      with :func:`last_run_summary` and may resume with ``team.run(task=hint)``.

    Args:
        agent: The self-debugging agent; it speaks first.
        user_proxy: The person. Its ``input_func`` is consulted after each failed round.
            If the agent has a ``handoff_target``, it must be this agent's name.
        max_rounds: With a person, the most rounds of attempts the agent gets in one ``run``
            (``None``: no limit). Without a person, each ``run`` is one round.
        stop_words: Replies that end the team instead of being a hint.
        review_prompt: Replace AutoGen's generic prompt passed to ``user_proxy.input_func`` with
            :func:`person_prompt`: the attempts, the last error line and the choices. This rewraps
            ``user_proxy.input_func`` in place.
        termination_condition: Another condition that also ends the team (combined with OR).

    Returns:
        The team. ``team.save_state()`` / ``load_state()`` keep the agent's context and attempts.

    Example:
        .. code-block:: python

            import asyncio
            from autogen_agentchat.agents import UserProxyAgent
            from autogen_agentchat.ui import Console
            from autogen_selfdebug import SelfDebuggingCodeExecutorAgent, build_debugging_team, resolve_model
            from autogen_selfdebug.sandboxes import create_sandbox


            async def main() -> None:
                async with create_sandbox("local") as sandbox:
                    agent = SelfDebuggingCodeExecutorAgent(
                        "coder", sandbox, model_client=resolve_model("local").client, tests="assert f(3) == 6"
                    )
                    team = build_debugging_team(agent, user_proxy=UserProxyAgent("user"))
                    await Console(team.run_stream(task="Write f(x) that doubles x."))


            asyncio.run(main())
    """
    if max_rounds is not None and max_rounds < 1:
        raise ValueError(f"max_rounds must be at least 1, not {max_rounds}.")
    participants: list[ChatAgent | Team] = [agent]
    condition: TerminationCondition
    if user_proxy is None:
        condition = SelfDebugOutcomeTermination(ALL_OUTCOMES, sources=[agent.name])
        max_turns = max_rounds
    else:
        if user_proxy.name == agent.name:
            raise ValueError(f"The agent and the user proxy must have different names, both are '{agent.name}'.")
        target = agent.handoff_target
        if target is not None and target != user_proxy.name:
            raise ValueError(
                f"The agent hands off to '{target}' but the user proxy is '{user_proxy.name}': "
                "a UserProxyAgent only answers hand-offs addressed to it. Name them alike."
            )
        sources = agent.sources
        if sources is not None and user_proxy.name not in sources:
            raise ValueError(
                f"The agent only reads messages from {list(sources)}, so it would never see "
                f"'{user_proxy.name}''s hints. Add '{user_proxy.name}' to its sources."
            )
        participants.append(user_proxy)
        condition = SelfDebugOutcomeTermination(["success"], sources=[agent.name]) | UserStopTermination(
            stop_words, sources=[user_proxy.name]
        )
        # The agent and the person alternate, and the run ends on the agent's turn.
        max_turns = 2 * max_rounds - 1 if max_rounds is not None else None
        if review_prompt:
            _use_review_prompt(user_proxy, agent, stop_words)
    if termination_condition is not None:
        condition = condition | termination_condition
    return RoundRobinGroupChat(participants, termination_condition=condition, max_turns=max_turns)


def person_prompt(agent: SelfDebuggingCodeExecutorAgent, *, stop_words: Sequence[str] = DEFAULT_STOP_WORDS) -> str:
    """What the person is asked after the agent's latest round: one line of summary and the choices.

    The full summary (every attempt, the last error and the last code) is the agent's message,
    which ``Console`` or the application shows just before; the prompt repeats only the number
    of attempts and the last line of the last error. If the latest round did not fail (or there
    was none), only the choices are given.
    """
    words = ", ".join(f"'{w}'" for w in list(stop_words)[:3])
    ask = (
        f"Reply with a hint to try again, or {words} (or nothing) to end: "
        if words
        else ("Reply with a hint to try again, or with nothing to end: ")
    )
    attempts = agent.attempts
    if not attempts:
        return ask
    latest = [a for a in attempts if a.round == attempts[-1].round]
    if any(a.passed for a in latest):
        return f"{agent.name}'s code passed. {ask}"
    header = f"{agent.name} could not make the code pass in {len(latest)} attempt(s)."
    executed = [a for a in latest if a.kind == "executed"]
    if not executed:
        header += " No attempt produced code that ran."
    elif line := _error_line(executed[-1].output):
        header += f" Last error: {line if len(line) <= _ERROR_CHARS else line[: _ERROR_CHARS - 3] + '...'}"
    return f"{header}\n{ask}"


def last_run_summary(
    result: TaskResult | Sequence[BaseAgentEvent | BaseChatMessage], *, source: str | None = None
) -> RunSummary | None:
    """The outcome of the latest round in a team's result (or message list); ``None`` if there was none.

    Args:
        result: A ``TaskResult`` from ``team.run`` (or its ``messages``).
        source: Only read messages from this agent.
    """
    messages = result.messages if isinstance(result, TaskResult) else result
    for message in reversed(messages):
        if not isinstance(message, BaseChatMessage) or (source is not None and message.source != source):
            continue
        summary = RunSummary.from_metadata(message.metadata)
        if summary is not None:
            return summary
    return None


def _error_line(output: str) -> str:
    """The line of an attempt's output that best names the error: the last error-like line, else the last line.

    Executors may print stderr before stdout, so the last line is not always the error. The
    verdict and the section headers that ``_feedback`` adds are skipped.
    """
    lines = [
        line.strip()
        for line in output.splitlines()
        if line.strip()
        and not line.startswith(("The code ", "This is exactly the code"))
        and not _SECTION_HEADER.match(line)
    ]
    errors = [line for line in lines if _ERROR_WORDS.search(line)]
    return (errors or lines or [""])[-1]


def _use_review_prompt(
    user_proxy: UserProxyAgent, agent: SelfDebuggingCodeExecutorAgent, stop_words: Sequence[str]
) -> None:
    """Make ``user_proxy`` ask with :func:`person_prompt`, keeping its input function's sync/async kind."""
    original = _ORIGINAL_INPUT.get(user_proxy.input_func, user_proxy.input_func)
    words = list(stop_words)
    wrapped: InputFuncType
    if iscoroutinefunction(original):
        async_original = cast(AsyncInputFunc, original)

        async def ask_async(prompt: str, cancellation_token: CancellationToken | None) -> str:
            return await async_original(person_prompt(agent, stop_words=words), cancellation_token)

        wrapped = ask_async
    else:
        sync_original = cast(SyncInputFunc, original)

        def ask(prompt: str) -> str:
            return sync_original(person_prompt(agent, stop_words=words))

        wrapped = ask
    _ORIGINAL_INPUT[wrapped] = original
    user_proxy.input_func = wrapped
