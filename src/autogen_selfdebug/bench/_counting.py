"""A model client wrapper that counts every call an arm makes, and records what was sent.

Upstream ``CodeExecutorAgent`` reports usage only for its final reflection, so reading
``models_usage`` from messages would undercount it. Wrapping the client counts every
``create`` and ``create_stream`` call, structured (``json_output``) calls included, the same
way for every arm.
"""

from __future__ import annotations

import json
import time
from collections.abc import AsyncGenerator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from autogen_core import CancellationToken
from autogen_core.models import (
    ChatCompletionClient,
    CreateResult,
    LLMMessage,
    ModelCapabilities,
    ModelInfo,
    RequestUsage,
)
from autogen_core.tools import Tool, ToolSchema
from pydantic import BaseModel

__all__ = ["CallCache", "CallRecord", "CountingChatCompletionClient", "message_text"]


class CallCache:
    """Replies to identical calls, shared between the arms of one task, with the time each took.

    Our arms start with the same greedy call (same prompt, temperature and seed), so on a 2-core
    machine paying for it once per arm would only add noise and hours. A hit returns the stored
    reply, and :class:`CountingChatCompletionClient` still counts its call and tokens and adds the
    stored seconds to :attr:`CountingChatCompletionClient.saved_seconds`, so every arm's cost is
    reported as if it had made the call itself.
    """

    def __init__(self) -> None:
        self._replies: dict[str, tuple[CreateResult, float]] = {}

    @staticmethod
    def key(
        messages: Sequence[LLMMessage], json_output: bool | type[BaseModel] | None, extra: Mapping[str, Any]
    ) -> str:
        schema = json_output.__name__ if isinstance(json_output, type) else json_output
        sent = [m.model_dump(mode="json") for m in messages]
        return json.dumps([sent, schema, dict(extra)], sort_keys=True, default=str)

    def get(self, key: str) -> tuple[CreateResult, float] | None:
        return self._replies.get(key)

    def put(self, key: str, result: CreateResult, seconds: float) -> None:
        self._replies[key] = (result, seconds)


@dataclass
class CallRecord:
    """One model call: what was sent, whether it asked for JSON, and the usage it reported."""

    messages: list[LLMMessage]
    json_output: bool
    prompt_tokens: int = 0
    completion_tokens: int = 0

    @property
    def prompt_chars(self) -> int:
        return sum(len(message_text(m)) for m in self.messages)


@dataclass
class _Totals:
    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    saved_seconds: float = 0.0
    model_seconds: float = 0.0
    decision_tokens: int = 0
    records: list[CallRecord] = field(default_factory=list[CallRecord])


def message_text(message: LLMMessage) -> str:
    """The text of a message, whatever its type (images and function calls as their repr)."""
    content: object = getattr(message, "content", "")
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(item if isinstance(item, str) else repr(item) for item in content)
    return repr(content)


class CountingChatCompletionClient(ChatCompletionClient):
    """Delegates to ``inner`` and counts calls and tokens; optionally keeps every request.

    Args:
        inner: The real client. It is shared, not owned: :meth:`close` does not close it.
        record: Keep the messages of every call in :attr:`records` (for tests and the overhead
            benchmark); off by default so long runs do not hold every prompt in memory.

    Example:
        >>> from autogen_ext.models.replay import ReplayChatCompletionClient
        >>> counting = CountingChatCompletionClient(ReplayChatCompletionClient(["hi"]))
        >>> counting.calls
        0
    """

    component_type = "model"

    def __init__(self, inner: ChatCompletionClient, *, record: bool = False, cache: CallCache | None = None) -> None:
        self._inner = inner
        self._record = record
        self._cache = cache
        self._totals = _Totals()

    @property
    def saved_seconds(self) -> float:
        """Seconds the cache saved: what the cached calls took when they were first made."""
        return self._totals.saved_seconds

    @property
    def model_seconds(self) -> float:
        """Seconds spent in model calls, a cached call counted at what it took when it was made."""
        return self._totals.model_seconds

    @property
    def calls(self) -> int:
        return self._totals.calls

    @property
    def prompt_tokens(self) -> int:
        return self._totals.prompt_tokens

    @property
    def completion_tokens(self) -> int:
        return self._totals.completion_tokens

    @property
    def decision_tokens(self) -> int:
        """Prompt and completion tokens of the structured (``json_output``) calls: the agents' retry decisions."""
        return self._totals.decision_tokens

    @property
    def records(self) -> list[CallRecord]:
        return list(self._totals.records)

    def _start(self, messages: Sequence[LLMMessage], json_output: bool | type[BaseModel] | None) -> CallRecord:
        self._totals.calls += 1
        record = CallRecord(messages=list(messages) if self._record else [], json_output=bool(json_output))
        if self._record:
            self._totals.records.append(record)
        return record

    def _finish(self, record: CallRecord, usage: RequestUsage) -> None:
        record.prompt_tokens, record.completion_tokens = usage.prompt_tokens, usage.completion_tokens
        self._totals.prompt_tokens += usage.prompt_tokens
        self._totals.completion_tokens += usage.completion_tokens
        if record.json_output:
            self._totals.decision_tokens += usage.prompt_tokens + usage.completion_tokens

    async def create(
        self,
        messages: Sequence[LLMMessage],
        *,
        tools: Sequence[Tool | ToolSchema] = [],
        tool_choice: Tool | Literal["auto", "required", "none"] = "auto",
        json_output: bool | type[BaseModel] | None = None,
        extra_create_args: Mapping[str, Any] = {},
        cancellation_token: CancellationToken | None = None,
    ) -> CreateResult:
        record = self._start(messages, json_output)
        cache = self._cache if not tools else None
        key = CallCache.key(messages, json_output, extra_create_args) if cache is not None else ""
        hit = cache.get(key) if cache is not None else None
        if hit is not None:
            result, seconds = hit
            self._totals.saved_seconds += seconds
        else:
            started = time.perf_counter()
            result = await self._inner.create(
                messages,
                tools=tools,
                tool_choice=tool_choice,
                json_output=json_output,
                extra_create_args=extra_create_args,
                cancellation_token=cancellation_token,
            )
            seconds = time.perf_counter() - started
            if cache is not None:
                cache.put(key, result, seconds)
        self._totals.model_seconds += seconds
        self._finish(record, result.usage)
        return result

    async def create_stream(
        self,
        messages: Sequence[LLMMessage],
        *,
        tools: Sequence[Tool | ToolSchema] = [],
        tool_choice: Tool | Literal["auto", "required", "none"] = "auto",
        json_output: bool | type[BaseModel] | None = None,
        extra_create_args: Mapping[str, Any] = {},
        cancellation_token: CancellationToken | None = None,
    ) -> AsyncGenerator[str | CreateResult, None]:
        record = self._start(messages, json_output)
        started = time.perf_counter()
        async for chunk in self._inner.create_stream(
            messages,
            tools=tools,
            tool_choice=tool_choice,
            json_output=json_output,
            extra_create_args=extra_create_args,
            cancellation_token=cancellation_token,
        ):
            if isinstance(chunk, CreateResult):
                self._totals.model_seconds += time.perf_counter() - started
                self._finish(record, chunk.usage)
            yield chunk

    async def close(self) -> None:
        """Does nothing: the inner client is shared between arms and closed by its owner."""

    def actual_usage(self) -> RequestUsage:
        return RequestUsage(prompt_tokens=self.prompt_tokens, completion_tokens=self.completion_tokens)

    def total_usage(self) -> RequestUsage:
        return self.actual_usage()

    def count_tokens(self, messages: Sequence[LLMMessage], *, tools: Sequence[Tool | ToolSchema] = []) -> int:
        return self._inner.count_tokens(messages, tools=tools)

    def remaining_tokens(self, messages: Sequence[LLMMessage], *, tools: Sequence[Tool | ToolSchema] = []) -> int:
        return self._inner.remaining_tokens(messages, tools=tools)

    @property
    def capabilities(self) -> ModelCapabilities:
        return self._inner.model_info

    @property
    def model_info(self) -> ModelInfo:
        return self._inner.model_info
