"""An in-process llama.cpp model client that can be cancelled, streams, and keeps finish reasons.

This module imports ``llama_cpp`` (the ``local`` extra). Only ``_models.resolve_model`` imports
it, lazily, so the core of the package never needs the extra.

Upstream ``LlamaCppChatCompletionClient`` (autogen-ext 0.7.5) already runs generation in a
worker thread, but:

* it does not cap generation: ``max_tokens``, ``temperature`` and ``seed`` reach llama.cpp only
  through ``extra_create_args``, so a small model rambles until the context is full at
  llama-cpp-python's default temperature of 0.2;
* a cancelled call only abandons the future: the thread keeps generating and a second call
  then runs concurrently on the same, non-thread-safe ``Llama`` object;
* an empty reply comes back as ``finish_reason="stop"`` with zero usage, whatever happened;
* ``create_stream`` raises ``NotImplementedError``;
* it is not a serialisable component, so an agent holding it cannot ``dump_component``.

:class:`LocalLlamaChatCompletionClient` fixes these. Calls are serialised by a lock; a
cancelled call stops generating at the next token.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import os
import threading
import time
from collections.abc import AsyncGenerator, Callable, Generator, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Literal, cast

from autogen_core import EVENT_LOGGER_NAME, CancellationToken, Component
from autogen_core.logging import LLMCallEvent
from autogen_core.models import (
    AssistantMessage,
    CreateResult,
    FinishReasons,
    FunctionExecutionResultMessage,
    LLMMessage,
    ModelFamily,
    ModelInfo,
    RequestUsage,
    SystemMessage,
    UserMessage,
    validate_model_info,
)
from autogen_core.tools import Tool, ToolSchema
from autogen_ext.models.llama_cpp import LlamaCppChatCompletionClient
from pydantic import BaseModel, Field
from typing_extensions import Self

__all__ = ["LOCAL_MODEL_INFO", "LocalLlamaChatCompletionClient", "LocalLlamaConfig"]

event_logger = logging.getLogger(EVENT_LOGGER_NAME)
logger = logging.getLogger(__name__)

LOCAL_MODEL_INFO = ModelInfo(
    vision=False,
    function_calling=False,
    json_output=True,
    structured_output=True,
    family=ModelFamily.UNKNOWN,
    multiple_system_messages=True,
)
"""What the embedded models can do. Structured output is enforced by a llama.cpp grammar."""

_FINISH_REASONS: dict[str, FinishReasons] = {"stop": "stop", "length": "length"}


MAX_JSON_STRING_CHARS = 800
"""Cap on free-text strings in structured output: a small model can otherwise write one string until
``max_tokens`` runs out, and the JSON never closes. Only the grammar sees this bound (hosted APIs
reject length constraints in strict schemas), so it lives in the local client, not in the schemas."""


def _bounded_strings(schema: Any, limit: int) -> Any:
    """A copy of a JSON schema where every string without a ``maxLength`` gets ``limit``."""
    if isinstance(schema, dict):
        bounded = {key: _bounded_strings(value, limit) for key, value in schema.items()}
        if bounded.get("type") == "string" and "maxLength" not in bounded and "enum" not in bounded:
            bounded["maxLength"] = limit
        return bounded
    if isinstance(schema, list):
        return [_bounded_strings(item, limit) for item in schema]
    return schema


class LocalLlamaConfig(BaseModel):
    """Configuration of :class:`LocalLlamaChatCompletionClient`.

    ``spec`` (``local``, ``local-1.5b`` or ``gguf:PATH``) is what gets re-resolved on load, so a
    dumped config works on another machine whose cache lives elsewhere.
    """

    spec: str = "local"
    model_path: str | None = None
    max_tokens: int = Field(default=1024, gt=0)
    temperature: float = Field(default=0.0, ge=0.0)
    seed: int | None = 0
    n_ctx: int = Field(default=8192, gt=0)
    n_threads: int | None = None
    model_info: ModelInfo | None = None


class _GenerationCancelled(Exception):
    """Raised inside llama.cpp's sampling loop to stop a cancelled generation."""


class LocalLlamaChatCompletionClient(LlamaCppChatCompletionClient, Component[LocalLlamaConfig]):
    """A llama.cpp chat client with capped, cancellable, streamable generation.

    Loading takes well under a second (the GGUF file is memory-mapped); the client can be reused
    for any number of calls, which run one at a time.

    Args:
        model_path: The GGUF file.
        spec: The model spec the file came from, kept for ``dump_component``.
        max_tokens: The cap on generated tokens per call (override per call with
            ``extra_create_args={"max_tokens": ...}``).
        temperature: Sampling temperature; 0 is greedy.
        seed: Sampling seed, or None for a random one.
        n_ctx: Context window in tokens.
        n_threads: CPU threads; None lets llama.cpp choose.
        model_info: Overrides :data:`LOCAL_MODEL_INFO`.

    Example:
        .. code-block:: python

            from autogen_core.models import UserMessage
            from autogen_selfdebug import resolve_model

            client = resolve_model("local").client
            result = await client.create([UserMessage(content="Say hi", source="user")])
    """

    component_type = "model"
    component_config_schema = LocalLlamaConfig
    # Not re-exported from the package root, which must not import the optional llama.cpp.
    component_provider_override = "autogen_selfdebug.models._llama.LocalLlamaChatCompletionClient"

    def __init__(
        self,
        model_path: str | Path,
        *,
        spec: str | None = None,
        max_tokens: int = 1024,
        temperature: float = 0.0,
        seed: int | None = 0,
        n_ctx: int = 8192,
        n_threads: int | None = None,
        model_info: ModelInfo | None = None,
    ) -> None:
        info = model_info or LOCAL_MODEL_INFO
        validate_model_info(info)
        self._config = LocalLlamaConfig(
            spec=spec or f"gguf:{model_path}",
            model_path=str(model_path),
            max_tokens=max_tokens,
            temperature=temperature,
            seed=seed,
            n_ctx=n_ctx,
            n_threads=n_threads,
            model_info=model_info,
        )
        started = time.perf_counter()
        with _without_extra_buffer_types(_extra_buffer_types_unsafe()):
            super().__init__(
                model_info=info,
                model_path=str(model_path),
                n_ctx=n_ctx,
                n_threads=n_threads,
                seed=seed if seed is not None else 0xFFFFFFFF,
                verbose=False,
            )
        logger.info("Loaded %s in %.2f s.", model_path, time.perf_counter() - started)
        self._generation_lock = threading.Lock()

    # --- generation -------------------------------------------------------------------------

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
        """Generate one reply in a worker thread. Cancelling the token stops generation at the next token."""
        request = self._request(messages, tools, json_output, extra_create_args)
        cancelled = threading.Event()
        result = await _run_cancellable(lambda: self._generate(request, cancelled), cancelled, cancellation_token)
        text, finish_reason, usage = result
        return self._finish(request, text, finish_reason, usage)

    async def create_stream(
        self,
        messages: Sequence[LLMMessage],
        *,
        tools: Sequence[Tool | ToolSchema] = [],
        tool_choice: Tool | Literal["auto", "required", "none"] = "auto",
        json_output: bool | type[BaseModel] | None = None,
        extra_create_args: Mapping[str, Any] = {},
        cancellation_token: CancellationToken | None = None,
        include_usage: bool | None = None,
    ) -> AsyncGenerator[str | CreateResult, None]:
        """Stream text chunks as they are generated, then one final :class:`CreateResult`."""
        request = self._request(messages, tools, json_output, extra_create_args)
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[tuple[Literal["chunk", "done", "error"], Any]] = asyncio.Queue()
        cancelled = threading.Event()

        def emit(kind: Literal["chunk", "done", "error"], value: Any) -> None:
            loop.call_soon_threadsafe(queue.put_nowait, (kind, value))

        def work() -> None:
            try:
                emit("done", self._generate(request, cancelled, on_chunk=lambda c: emit("chunk", c)))
            except BaseException as exc:  # handed to the consumer, which re-raises it
                emit("error", exc)

        if cancellation_token is not None:
            cancellation_token.add_callback(cancelled.set)
        worker = loop.run_in_executor(None, work)
        try:
            while True:
                kind, value = await queue.get()
                if kind == "chunk":
                    yield cast(str, value)
                elif kind == "error":
                    if isinstance(value, _GenerationCancelled):
                        raise asyncio.CancelledError("The model call was cancelled.")
                    raise value
                else:
                    text, finish_reason, usage = value
                    yield self._finish(request, text, finish_reason, usage)
                    return
        finally:
            cancelled.set()  # stops generation if the consumer went away early
            await asyncio.shield(worker)

    def _request(
        self,
        messages: Sequence[LLMMessage],
        tools: Sequence[Tool | ToolSchema],
        json_output: bool | type[BaseModel] | None,
        extra_create_args: Mapping[str, Any],
    ) -> dict[str, Any]:
        if tools:
            raise ValueError("The local llama.cpp client does not support function calling (tools).")
        args: dict[str, Any] = {"max_tokens": self._config.max_tokens, "temperature": self._config.temperature}
        if self._config.seed is not None:
            args["seed"] = self._config.seed
        args.update(extra_create_args)
        args.pop("stream", None)  # decided by create() or create_stream()
        if isinstance(json_output, type) and issubclass(json_output, BaseModel):
            schema = _bounded_strings(json_output.model_json_schema(), MAX_JSON_STRING_CHARS)
            args["response_format"] = {"type": "json_object", "schema": schema}
        elif json_output is True:
            args["response_format"] = {"type": "json_object"}
        elif json_output not in (None, False):
            raise ValueError("json_output must be a boolean, a BaseModel subclass or None.")
        args["messages"] = [_convert_message(m) for m in messages]
        return args

    def _generate(
        self,
        request: Mapping[str, Any],
        cancelled: threading.Event,
        on_chunk: Callable[[str], None] | None = None,
    ) -> tuple[str, FinishReasons, RequestUsage]:
        """Run in a worker thread, one generation at a time; stop at the next token once ``cancelled`` is set.

        Generation always streams internally: llama.cpp calls Python logits processors from a
        ctypes callback that swallows exceptions, so the only reliable place to stop a cancelled
        generation is between two streamed tokens.
        """
        from llama_cpp import LogitsProcessorList

        sampled = 0

        def count(input_ids: Any, scores: Any) -> Any:
            nonlocal sampled
            sampled += 1
            return scores

        args = dict(request)
        args["logits_processor"] = LogitsProcessorList([count, *(args.get("logits_processor") or [])])
        pieces: list[str] = []
        finish: str | None = None
        with self._generation_lock:
            if cancelled.is_set():
                raise _GenerationCancelled
            stream = cast(Generator[dict[str, Any], None, None], self.llm.create_chat_completion(stream=True, **args))
            try:
                for chunk in stream:
                    if cancelled.is_set():
                        raise _GenerationCancelled
                    choice = chunk["choices"][0]
                    piece = choice["delta"].get("content")
                    if piece:
                        pieces.append(piece)
                        if on_chunk is not None:
                            on_chunk(piece)
                    finish = choice.get("finish_reason") or finish
            finally:
                stream.close()
            n_tokens = self.llm.n_tokens
        reason = _FINISH_REASONS.get(str(finish), "unknown")
        # llama-cpp-python reports no usage when streaming, so count sampled tokens: when the model
        # stops by itself the last one sampled is its end-of-turn token, which is not part of the
        # reply and is never evaluated. Checked against the non-streaming usage figures.
        completion = sampled - 1 if reason == "stop" else sampled
        prompt = n_tokens - sampled + 1
        usage = RequestUsage(prompt_tokens=max(prompt, 0), completion_tokens=max(completion, 0))
        return "".join(pieces), reason, usage

    def _finish(
        self, request: Mapping[str, Any], text: str, finish_reason: FinishReasons, usage: RequestUsage
    ) -> CreateResult:
        self._total_usage["prompt_tokens"] += usage.prompt_tokens
        self._total_usage["completion_tokens"] += usage.completion_tokens
        result = CreateResult(content=text, usage=usage, finish_reason=finish_reason, cached=False)
        event_logger.info(
            LLMCallEvent(
                messages=cast(list[dict[str, Any]], request["messages"]),
                response=result.model_dump(),
                prompt_tokens=usage.prompt_tokens,
                completion_tokens=usage.completion_tokens,
            )
        )
        return result

    # --- component --------------------------------------------------------------------------

    def _to_config(self) -> LocalLlamaConfig:
        return self._config.model_copy()

    @classmethod
    def _from_config(cls, config: LocalLlamaConfig) -> Self:
        from ._spec import local_model_file, parse_model_spec

        path = local_model_file(parse_model_spec(config.spec))
        return cls(
            path,
            spec=config.spec,
            max_tokens=config.max_tokens,
            temperature=config.temperature,
            seed=config.seed,
            n_ctx=config.n_ctx,
            n_threads=config.n_threads,
            model_info=config.model_info,
        )


async def _run_cancellable(
    work: Callable[[], tuple[str, FinishReasons, RequestUsage]],
    cancelled: threading.Event,
    token: CancellationToken | None,
) -> tuple[str, FinishReasons, RequestUsage]:
    """Run ``work`` in a thread; a cancelled token or task sets ``cancelled`` so ``work`` stops early."""
    task = asyncio.ensure_future(asyncio.to_thread(work))
    if token is not None:
        token.add_callback(cancelled.set)
        token.link_future(task)
    try:
        return await task
    except _GenerationCancelled as exc:
        raise asyncio.CancelledError("The model call was cancelled.") from exc
    except asyncio.CancelledError:
        cancelled.set()
        raise


def _convert_message(message: LLMMessage) -> dict[str, str]:
    if isinstance(message, FunctionExecutionResultMessage):
        raise ValueError("The local llama.cpp client does not support function results.")
    role = {SystemMessage: "system", UserMessage: "user", AssistantMessage: "assistant"}[type(message)]
    content = message.content
    if isinstance(content, str):
        return {"role": role, "content": content}
    if isinstance(content, list) and all(isinstance(part, str) for part in content):
        return {"role": role, "content": "\n".join(cast(list[str], content))}
    raise ValueError(f"The local llama.cpp client supports text messages only, not {type(content).__name__}.")


def _extra_buffer_types_unsafe() -> bool:
    """Whether llama.cpp's extra (weight-repacking) buffer types must be turned off.

    A llama.cpp built for a CPU with AMX (``GGML_NATIVE`` on such a CPU) repacks weights for AMX,
    and under some virtual machines (seen on a Firecracker VM with llama-cpp-python 0.3.36) the
    first decode then dies with a segmentation fault. So when the build reports ``AMX_INT8 = 1``
    the extra buffer types are turned off. ``AUTOGEN_SELFDEBUG_LLAMA_EXTRA_BUFFERS=1`` (or ``0``)
    forces them on (or off).
    """
    forced = os.environ.get("AUTOGEN_SELFDEBUG_LLAMA_EXTRA_BUFFERS")
    if forced in ("0", "1"):
        return forced == "0"
    import llama_cpp

    info = llama_cpp.llama_print_system_info()
    text = info.decode(errors="replace") if isinstance(info, bytes) else str(info)
    return "AMX_INT8 = 1" in text


_params_lock = threading.Lock()


@contextlib.contextmanager
def _without_extra_buffer_types(active: bool) -> Iterator[None]:
    """Make ``Llama()`` load with ``use_extra_bufts = False`` (llama-cpp-python exposes no argument for it)."""
    if not active:
        yield
        return
    # llama_cpp.llama calls this through its module, so patching the attribute is enough.
    bindings: Any = importlib.import_module("llama_cpp.llama_cpp")
    original = bindings.llama_model_default_params

    def patched() -> Any:
        params = original()
        params.use_extra_bufts = False
        return params

    with _params_lock:
        bindings.llama_model_default_params = patched
        try:
            yield
        finally:
            bindings.llama_model_default_params = original
