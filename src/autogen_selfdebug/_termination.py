"""Termination conditions for teams that hold a self-debugging agent.

``SelfDebugOutcomeTermination`` ends a team when the agent reports an outcome (by default, when
its code passes). ``UserStopTermination`` ends it when the person approves or stops instead of
giving a hint. Both are components whose dump keeps every argument, ``sources`` included.
"""

from __future__ import annotations

import string
from collections.abc import Sequence
from typing import get_args

from autogen_agentchat.base import TerminatedException, TerminationCondition
from autogen_agentchat.messages import BaseAgentEvent, BaseChatMessage, StopMessage
from autogen_core import Component
from pydantic import BaseModel
from typing_extensions import Self

from ._attempts import Outcome, RunSummary

__all__ = [
    "ALL_OUTCOMES",
    "DEFAULT_STOP_WORDS",
    "SelfDebugOutcomeTermination",
    "SelfDebugOutcomeTerminationConfig",
    "UserStopTermination",
    "UserStopTerminationConfig",
]

ALL_OUTCOMES: tuple[Outcome, ...] = get_args(Outcome)
"""Every outcome a run can end with: pass it to stop on any outcome."""

DEFAULT_STOP_WORDS: tuple[str, ...] = ("stop", "approve", "approved", "done", "exit", "quit", "ok", "lgtm")
"""Replies that end the team when they are the whole reply (case and end punctuation ignored)."""


class SelfDebugOutcomeTerminationConfig(BaseModel):
    """Every argument of :class:`SelfDebugOutcomeTermination`."""

    outcomes: list[Outcome] = ["success"]
    sources: list[str] | None = None


class SelfDebugOutcomeTermination(TerminationCondition, Component[SelfDebugOutcomeTerminationConfig]):
    """Stop when a self-debugging agent's final message reports one of ``outcomes``.

    The agent's final message (a ``TextMessage``, or a ``HandoffMessage`` on failure) carries the
    outcome in its ``metadata``; other messages are ignored.

    Args:
        outcomes: The outcomes that end the team: ``"success"``, ``"failure"``, ``"no_code"``, ``"unconfirmed"``.
            Defaults to ``("success",)``; :data:`ALL_OUTCOMES` stops on any outcome.
        sources: If set, only messages from these agents count.

    Example:
        .. code-block:: python

            from autogen_agentchat.conditions import MaxMessageTermination
            from autogen_selfdebug import SelfDebugOutcomeTermination

            termination = SelfDebugOutcomeTermination(sources=["coder"]) | MaxMessageTermination(20)
    """

    component_config_schema = SelfDebugOutcomeTerminationConfig
    component_provider_override = "autogen_selfdebug.SelfDebugOutcomeTermination"

    def __init__(self, outcomes: Sequence[Outcome] = ("success",), *, sources: Sequence[str] | None = None) -> None:
        if isinstance(outcomes, str):
            raise TypeError(f"outcomes must be a list of outcomes, such as ['{outcomes}'], not a single string.")
        unknown = [o for o in outcomes if o not in ALL_OUTCOMES]
        if unknown or not outcomes:
            raise ValueError(
                f"outcomes must be a non-empty list drawn from {list(ALL_OUTCOMES)}, not {list(outcomes)}."
            )
        self._outcomes: list[Outcome] = list(dict.fromkeys(outcomes))
        self._sources = list(sources) if sources is not None else None
        self._terminated = False

    @property
    def terminated(self) -> bool:
        return self._terminated

    @property
    def outcomes(self) -> list[Outcome]:
        return list(self._outcomes)

    @property
    def sources(self) -> list[str] | None:
        return list(self._sources) if self._sources is not None else None

    async def __call__(self, messages: Sequence[BaseAgentEvent | BaseChatMessage]) -> StopMessage | None:
        if self._terminated:
            raise TerminatedException("Termination condition has already been reached")
        for message in messages:
            if not isinstance(message, BaseChatMessage):
                continue
            if self._sources is not None and message.source not in self._sources:
                continue
            summary = RunSummary.from_metadata(message.metadata)
            if summary is not None and summary.outcome in self._outcomes:
                self._terminated = True
                return StopMessage(
                    content=(
                        f"{message.source} finished with outcome '{summary.outcome}' "
                        f"after {summary.attempts} attempt(s)."
                    ),
                    source="SelfDebugOutcomeTermination",
                )
        return None

    async def reset(self) -> None:
        self._terminated = False

    def _to_config(self) -> SelfDebugOutcomeTerminationConfig:
        return SelfDebugOutcomeTerminationConfig(outcomes=list(self._outcomes), sources=self.sources)

    @classmethod
    def _from_config(cls, config: SelfDebugOutcomeTerminationConfig) -> Self:
        return cls(config.outcomes, sources=config.sources)


class UserStopTerminationConfig(BaseModel):
    """Every argument of :class:`UserStopTermination`."""

    stop_words: list[str] = list(DEFAULT_STOP_WORDS)
    sources: list[str] | None = None
    stop_on_empty: bool = True


class UserStopTermination(TerminationCondition, Component[UserStopTerminationConfig]):
    """Stop when a person's whole reply is a stop word (``stop``, ``approve``, ``done``...) or empty.

    Only a reply that *is* a stop word counts, so a hint such as ``"stop using recursion"`` does not
    end the team. Case, surrounding spaces and quotes, and end punctuation are ignored. Messages
    that carry a self-debugging agent's outcome are never read as a reply.

    Args:
        stop_words: The replies that end the team.
        sources: If set, only messages from these senders count (usually the ``UserProxyAgent``'s name).
        stop_on_empty: Whether an empty reply (just pressing Enter) ends the team.

    Example:
        .. code-block:: python

            from autogen_selfdebug import SelfDebugOutcomeTermination, UserStopTermination

            termination = SelfDebugOutcomeTermination(sources=["coder"]) | UserStopTermination(sources=["user"])
    """

    component_config_schema = UserStopTerminationConfig
    component_provider_override = "autogen_selfdebug.UserStopTermination"

    def __init__(
        self,
        stop_words: Sequence[str] = DEFAULT_STOP_WORDS,
        *,
        sources: Sequence[str] | None = None,
        stop_on_empty: bool = True,
    ) -> None:
        if isinstance(stop_words, str):
            raise TypeError("stop_words must be a list of words, not a single string.")
        self._stop_words = list(dict.fromkeys(stop_words))
        self._normalized = {_normalize(word) for word in self._stop_words} - {""}
        self._sources = list(sources) if sources is not None else None
        self._stop_on_empty = stop_on_empty
        self._terminated = False

    @property
    def terminated(self) -> bool:
        return self._terminated

    @property
    def stop_words(self) -> list[str]:
        return list(self._stop_words)

    @property
    def sources(self) -> list[str] | None:
        return list(self._sources) if self._sources is not None else None

    def is_stop_reply(self, text: str) -> bool:
        """Whether this reply, as a whole, ends the team."""
        reply = _normalize(text)
        return reply in self._normalized or (self._stop_on_empty and not reply)

    async def __call__(self, messages: Sequence[BaseAgentEvent | BaseChatMessage]) -> StopMessage | None:
        if self._terminated:
            raise TerminatedException("Termination condition has already been reached")
        for message in messages:
            if not isinstance(message, BaseChatMessage):
                continue
            if self._sources is not None and message.source not in self._sources:
                continue
            if RunSummary.from_metadata(message.metadata) is not None:
                continue
            text = message.to_text()
            if self.is_stop_reply(text):
                self._terminated = True
                said = f"replied '{text.strip()}'" if text.strip() else "gave an empty reply"
                return StopMessage(content=f"{message.source} {said}: stopping.", source="UserStopTermination")
        return None

    async def reset(self) -> None:
        self._terminated = False

    def _to_config(self) -> UserStopTerminationConfig:
        return UserStopTerminationConfig(
            stop_words=list(self._stop_words), sources=self.sources, stop_on_empty=self._stop_on_empty
        )

    @classmethod
    def _from_config(cls, config: UserStopTerminationConfig) -> Self:
        return cls(config.stop_words, sources=config.sources, stop_on_empty=config.stop_on_empty)


_STRIP = string.whitespace + string.punctuation


def _normalize(text: str) -> str:
    """Lower case, without surrounding spaces, quotes or punctuation: ``" Stop! "`` becomes ``"stop"``."""
    return text.strip(_STRIP).lower()
