"""One place where the agent calls its model client.

Every call (generation, retry decision, reflection) goes through here so that each one gets the
cancellation token, drops images for models without vision, reports usage, and turns a client
failure into a :class:`ModelCallError` that says which call failed.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncGenerator, Sequence
from typing import Literal

from autogen_agentchat.utils import remove_images
from autogen_core import CancellationToken
from autogen_core.models import ChatCompletionClient, CreateResult, LLMMessage, RequestUsage
from pydantic import BaseModel

from ._errors import ModelCallError

__all__ = ["Purpose", "add_usage", "call_model", "stream_model"]

Purpose = Literal["code generation", "retry decision", "reflection"]


def _prepare(client: ChatCompletionClient, messages: Sequence[LLMMessage]) -> list[LLMMessage]:
    if client.model_info.get("vision", False):
        return list(messages)
    return remove_images(list(messages))


def _wrap(purpose: Purpose, error: Exception) -> ModelCallError:
    return ModelCallError(f"The model call for {purpose} failed: {type(error).__name__}: {error}")


async def call_model(
    client: ChatCompletionClient,
    messages: Sequence[LLMMessage],
    *,
    purpose: Purpose,
    cancellation_token: CancellationToken,
    json_output: bool | type[BaseModel] | None = None,
) -> CreateResult:
    """``client.create`` with the token, image handling and a clear error."""
    try:
        return await client.create(
            _prepare(client, messages), json_output=json_output, cancellation_token=cancellation_token
        )
    except (asyncio.CancelledError, KeyboardInterrupt):
        raise
    except Exception as error:
        if cancellation_token.is_cancelled():
            raise asyncio.CancelledError() from error
        raise _wrap(purpose, error) from error


async def stream_model(
    client: ChatCompletionClient,
    messages: Sequence[LLMMessage],
    *,
    purpose: Purpose,
    cancellation_token: CancellationToken,
) -> AsyncGenerator[str | CreateResult, None]:
    """``client.create_stream``: yields text chunks, then the final :class:`CreateResult`."""
    try:
        async for chunk in client.create_stream(_prepare(client, messages), cancellation_token=cancellation_token):
            yield chunk
    except (asyncio.CancelledError, KeyboardInterrupt):
        raise
    except Exception as error:
        if cancellation_token.is_cancelled():
            raise asyncio.CancelledError() from error
        raise _wrap(purpose, error) from error


def add_usage(total: RequestUsage, usage: RequestUsage) -> RequestUsage:
    return RequestUsage(
        prompt_tokens=total.prompt_tokens + usage.prompt_tokens,
        completion_tokens=total.completion_tokens + usage.completion_tokens,
    )
