"""One place where the agent calls its model client.

Every call (generation, retry decision, reflection) goes through here so that each one gets the
cancellation token, drops images for models without vision, reports usage, and turns a client
failure into a :class:`ModelCallError` that says which call failed.
"""

from __future__ import annotations

import asyncio
import warnings
import weakref
from collections.abc import AsyncGenerator, Mapping, Sequence
from typing import Any, Literal

from autogen_agentchat.messages import ModelClientStreamingChunkEvent
from autogen_agentchat.utils import remove_images
from autogen_core import CancellationToken
from autogen_core.models import ChatCompletionClient, CreateResult, LLMMessage, RequestUsage
from autogen_ext.models.openai import BaseOpenAIChatCompletionClient
from pydantic import BaseModel

from ._errors import ModelCallError

__all__ = ["Purpose", "add_usage", "call_model", "generate", "model_label", "sampling_args", "stream_model"]

Purpose = Literal["code generation", "retry decision", "reflection"]

# Reasoning models reject temperature and seed; their families start with these.
_NO_SAMPLING_FAMILIES = ("o1", "o3", "o4", "gpt-5", "r1")
# Clients whose server refused a temperature once: later calls leave it out.
_refused_sampling: weakref.WeakSet[ChatCompletionClient] = weakref.WeakSet()

# AutoGen logs every OpenAI reply as `result.model_dump()`, and openai's ParsedChatCompletion types
# `parsed` as None, so each structured reply (the retry decision) printed a serializer warning
# (openai/openai-python#2872). Nothing is wrong with the reply: that warning, and only it, is hidden.
_PARSED_WARNING = (
    r"Pydantic serializer warnings:\s+PydanticSerializationUnexpectedValue\(Expected `none`[^\n]*field_name='parsed'"
)


def _hide_parsed_warning() -> None:
    """Add the filter for that warning unless it is there.

    Checked at each structured call, not set once at import: a filter added while the caller catches
    warnings (pytest's collection, for one) is gone when it stops. Added only when missing, as every
    change to the filters lets warnings already shown once be shown again. Appended, so the caller's
    own filters win.
    """
    if not any(f[0] == "ignore" and f[1] is not None and f[1].pattern == _PARSED_WARNING for f in warnings.filters):
        warnings.filterwarnings("ignore", message=_PARSED_WARNING, category=UserWarning, append=True)


def sampling_args(client: ChatCompletionClient, temperature: float | None, seed: int | None) -> dict[str, Any]:
    """``extra_create_args`` for one call's temperature and seed, or none for models that take neither."""
    family = str(client.model_info.get("family", "")).lower()
    if client in _refused_sampling or family.startswith(_NO_SAMPLING_FAMILIES):
        return {}
    args: dict[str, Any] = {}
    if temperature is not None:
        args["temperature"] = temperature
    if seed is not None:
        args["seed"] = seed
    return args


def model_label(client: ChatCompletionClient) -> str:
    """A short name for a client, for events and people: its model spec or model name."""
    try:
        with warnings.catch_warnings():  # wrappers without a provider override warn, and are named below anyway
            warnings.simplefilter("ignore")
            config = client.dump_component().config
    except Exception:  # not serialisable: the class name still says what it is
        return type(client).__name__
    for key in ("spec", "model"):
        value = config.get(key)
        if isinstance(value, str) and value:
            return value
    return type(client).__name__


def _refuses_sampling(error: Exception, extra_args: Mapping[str, Any]) -> bool:
    text = str(error).lower()
    return (
        bool(extra_args)
        and ("temperature" in text or "seed" in text)
        and ("unsupported" in text or "not support" in text)
    )


def _prepare(client: ChatCompletionClient, messages: Sequence[LLMMessage]) -> list[LLMMessage]:
    if client.model_info.get("vision", False):
        return list(messages)
    return remove_images(list(messages))


_MAX_ERROR_CHARS = 300


def _one_line(error: Exception) -> str:
    """A client error in one bounded line: the server's message without the traceback it may append."""
    status = getattr(error, "status_code", None)
    body = getattr(error, "body", None)
    inner = body.get("error", body) if isinstance(body, dict) else None
    message = inner.get("message") if isinstance(inner, dict) else None
    text = message if isinstance(message, str) and message.strip() else str(error)
    text = text.replace("\\n", "\n").split('File "', 1)[0]  # servers append their own Python traceback
    text = " ".join(text.split()) or type(error).__name__
    if len(text) > _MAX_ERROR_CHARS:
        text = text[: _MAX_ERROR_CHARS - 1].rstrip() + "…"
    return f"{type(error).__name__}" + (f" (HTTP {status})" if isinstance(status, int) else "") + f": {text}"


def _wrap(purpose: Purpose, error: Exception) -> ModelCallError:
    return ModelCallError(f"The model call for {purpose} failed: {_one_line(error)}")


async def call_model(
    client: ChatCompletionClient,
    messages: Sequence[LLMMessage],
    *,
    purpose: Purpose,
    cancellation_token: CancellationToken,
    json_output: bool | type[BaseModel] | None = None,
    extra_args: Mapping[str, Any] | None = None,
) -> CreateResult:
    """``client.create`` with the token, image handling and a clear error.

    ``extra_args`` (from :func:`sampling_args`) are dropped, and remembered as refused for this
    client, if the server says it does not support them.
    """
    prepared = _prepare(client, messages)
    extra = dict(extra_args or {})
    if isinstance(json_output, type):
        _hide_parsed_warning()
    try:
        try:
            return await client.create(
                prepared, json_output=json_output, extra_create_args=extra, cancellation_token=cancellation_token
            )
        except Exception as error:
            if not _refuses_sampling(error, extra) or cancellation_token.is_cancelled():
                raise
            _refused_sampling.add(client)
            return await client.create(prepared, json_output=json_output, cancellation_token=cancellation_token)
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
    extra_args: Mapping[str, Any] | None = None,
) -> AsyncGenerator[str | CreateResult, None]:
    """``client.create_stream``: yields text chunks, then the final :class:`CreateResult`.

    OpenAI clients ask for usage in the stream, which the API sends only when asked (servers
    without it, like llama.cpp's, report none).
    """
    extra = dict(extra_args or {})
    if isinstance(client, BaseOpenAIChatCompletionClient):
        extra.setdefault("stream_options", {"include_usage": True})
    try:
        async for chunk in client.create_stream(
            _prepare(client, messages), extra_create_args=extra, cancellation_token=cancellation_token
        ):
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


async def generate(
    client: ChatCompletionClient,
    messages: Sequence[LLMMessage],
    *,
    stream: bool,
    source: str,
    purpose: Purpose,
    cancellation_token: CancellationToken,
    extra_args: Mapping[str, Any] | None = None,
) -> AsyncGenerator[CreateResult | ModelClientStreamingChunkEvent, None]:
    """One reply: the final :class:`CreateResult`, after a chunk event per streamed piece when ``stream``."""
    if not stream:
        yield await call_model(
            client, messages, purpose=purpose, cancellation_token=cancellation_token, extra_args=extra_args
        )
        return
    async for chunk in stream_model(
        client, messages, purpose=purpose, cancellation_token=cancellation_token, extra_args=extra_args
    ):
        yield chunk if isinstance(chunk, CreateResult) else ModelClientStreamingChunkEvent(content=chunk, source=source)
