"""Model selection: one function turns a model spec into an AutoGen ``ChatCompletionClient``.

The CLI, the notebooks and the benchmark all call :func:`resolve_model`. The specs are:

* ``local``: Qwen2.5-Coder-0.5B-Instruct (Q4_K_M), run in-process by llama.cpp (``local`` extra);
* ``local-1.5b``: Qwen2.5-Coder-1.5B-Instruct (Q4_K_M), the same way;
* ``gguf:PATH``: any GGUF file, the same way;
* ``openai:MODEL``: the OpenAI API, or any OpenAI-compatible server with ``base_url``.

With no spec, ``AUTOGEN_SELFDEBUG_MODEL`` is used if set; otherwise ``openai:gpt-4o-mini`` if
``OPENAI_API_KEY`` is set; otherwise ``local``. The result says which was picked and why.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

from autogen_core.models import ChatCompletionClient, ModelInfo

from .._errors import ModelSelectionError
from ._local_weights import LOCAL_WEIGHTS, LocalKind
from ._spec import ModelSpec, local_model_file, parse_model_spec

__all__ = ["DEFAULT_OPENAI_MODEL", "OPENAI_COMPATIBLE_MODEL_INFO", "ResolvedModel", "resolve_model"]

logger = logging.getLogger(__name__)

DEFAULT_OPENAI_MODEL = "gpt-4o-mini"
"""The model picked when no spec is given and ``OPENAI_API_KEY`` is set."""

MODEL_ENV_VAR = "AUTOGEN_SELFDEBUG_MODEL"

OPENAI_COMPATIBLE_MODEL_INFO = ModelInfo(
    vision=False,
    function_calling=True,
    json_output=True,
    structured_output=True,
    family="unknown",
    multiple_system_messages=True,
)
"""Assumed for model names that AutoGen does not know, typically behind an OpenAI-compatible server."""

_REASONING_MODEL = re.compile(r"^(o\d|gpt-5)")


@dataclass(frozen=True)
class ResolvedModel:
    """A ready model client, with the spec it came from and a line describing it for people.

    Attributes:
        client: The model client to hand to an agent.
        spec: The spec that was resolved (after default selection).
        description: What was picked and, for a default choice, why; for example
            ``"openai:gpt-4o-mini (picked because OPENAI_API_KEY is set)"``.
    """

    client: ChatCompletionClient
    spec: ModelSpec
    description: str


def retry_base_url(retry_spec: str, base_url: str | None) -> str | None:
    """The server for a retry model: the main model's ``base_url`` when the retry model is ``openai:``
    too, and none when it is local (the 1.5B model in process after a served 0.5B one)."""
    return base_url if parse_model_spec(retry_spec).kind == "openai" else None


def resolve_model(
    spec: str | None = None,
    *,
    base_url: str | None = None,
    api_key: str | None = None,
    max_tokens: int = 1024,
    temperature: float = 0.0,
    seed: int | None = 0,
    n_ctx: int = 8192,
    progress: Callable[[int, int], None] | None = None,
    model_info: ModelInfo | None = None,
    timeout: float | None = None,
) -> ResolvedModel:
    """Turn a model spec into a ready ``ChatCompletionClient``.

    Args:
        spec: ``local``, ``local-1.5b``, ``gguf:PATH`` or ``openai:MODEL``. None picks a default:
            ``$AUTOGEN_SELFDEBUG_MODEL`` if set, else ``openai:gpt-4o-mini`` if ``OPENAI_API_KEY``
            is set, else ``local``.
        base_url: For ``openai:MODEL``, the address of an OpenAI-compatible server
            (Ollama, a llama.cpp server, vLLM, LM Studio).
        api_key: For ``openai:MODEL``; defaults to ``OPENAI_API_KEY``. A server at ``base_url``
            that needs no key gets a placeholder.
        max_tokens: The cap on tokens generated per call.
        temperature: Sampling temperature; 0 by default, so runs repeat.
        seed: Sampling seed (None for random).
        n_ctx: Context window of a local model, in tokens.
        progress: Called as ``progress(bytes_done, bytes_total)`` while local weights are copied
            into the cache on first use.
        model_info: Overrides the model's capabilities; for ``openai:MODEL`` with an unknown
            name the default is :data:`OPENAI_COMPATIBLE_MODEL_INFO`.
        timeout: For ``openai:MODEL``, seconds before a request counts as failed (the SDK's
            default, 10 minutes, when None). A timed-out call raises ``ModelCallError``.

    Returns:
        The client, the resolved spec and a description naming what was picked and why.

    Raises:
        ModelSelectionError: Unknown spec, missing extra or weights, missing API key.

    Example:
        .. code-block:: python

            resolved = resolve_model()  # local, unless OPENAI_API_KEY is set
            print(f"Using {resolved.description}")
            agent = SelfDebuggingCodeExecutorAgent("coder", model_client=resolved.client, ...)
    """
    reason = ""
    if spec is None:
        spec, reason = _default_spec(base_url=base_url)
    parsed = parse_model_spec(spec)
    if parsed.kind == "openai":
        client, description = _openai_client(
            parsed,
            base_url=base_url,
            api_key=api_key,
            max_tokens=max_tokens,
            temperature=temperature,
            seed=seed,
            model_info=model_info,
            timeout=timeout,
        )
    else:
        if base_url is not None:
            raise ModelSelectionError(f"base_url is only for openai:MODEL specs, not {parsed}.")
        client, description = _local_client(
            parsed,
            max_tokens=max_tokens,
            temperature=temperature,
            seed=seed,
            n_ctx=n_ctx,
            progress=progress,
            model_info=model_info,
        )
    if reason:
        description = f"{description} ({reason})"
    logger.info("Model: %s", description)
    return ResolvedModel(client=client, spec=parsed, description=description)


def _default_spec(*, base_url: str | None) -> tuple[str, str]:
    configured = os.environ.get(MODEL_ENV_VAR, "").strip()
    if configured:
        return configured, f"from {MODEL_ENV_VAR}"
    if base_url is not None:
        raise ModelSelectionError("base_url was given without a model; pass a spec such as openai:qwen2.5-coder:7b.")
    if os.environ.get("OPENAI_API_KEY"):
        return f"openai:{DEFAULT_OPENAI_MODEL}", "picked because OPENAI_API_KEY is set"
    return "local", "the default: no model configured and OPENAI_API_KEY is not set"


def _openai_client(
    spec: ModelSpec,
    *,
    base_url: str | None,
    api_key: str | None,
    max_tokens: int,
    temperature: float,
    seed: int | None,
    model_info: ModelInfo | None,
    timeout: float | None,
) -> tuple[ChatCompletionClient, str]:
    from autogen_ext.models.openai import OpenAIChatCompletionClient
    from autogen_ext.models.openai.config import OpenAIClientConfiguration

    assert spec.model is not None
    key = api_key or os.environ.get("OPENAI_API_KEY")
    if not key:
        if base_url is None:
            raise ModelSelectionError(
                f"{spec} needs an API key: set OPENAI_API_KEY or pass api_key (or use --model local)."
            )
        key = "not-needed"  # OpenAI-compatible local servers ignore the key, but the SDK requires one.
    description = str(spec) if base_url is None else f"{spec} at {base_url}"
    config: OpenAIClientConfiguration = {"model": spec.model, "api_key": key}
    if base_url is not None:
        config["base_url"] = base_url
    if timeout is not None:
        config["timeout"] = timeout
    if not _REASONING_MODEL.match(spec.model):
        # Reasoning models (o1, o3, gpt-5, ...) reject temperature and max_tokens.
        config["max_tokens"] = max_tokens
        config["temperature"] = temperature
        if seed is not None:
            config["seed"] = seed

    def build(info: ModelInfo | None) -> OpenAIChatCompletionClient:
        with_info = config.copy()
        if info is not None:
            with_info["model_info"] = info
        return OpenAIChatCompletionClient(**with_info)

    if model_info is not None:
        return build(model_info), description
    try:
        return build(None), description  # AutoGen knows this model's capabilities
    except ValueError:
        return build(OPENAI_COMPATIBLE_MODEL_INFO), description


def _local_client(
    spec: ModelSpec,
    *,
    max_tokens: int,
    temperature: float,
    seed: int | None,
    n_ctx: int,
    progress: Callable[[int, int], None] | None,
    model_info: ModelInfo | None,
) -> tuple[ChatCompletionClient, str]:
    try:
        from ._llama import LocalLlamaChatCompletionClient
    except ImportError as exc:
        raise ModelSelectionError(
            f"The {spec} model runs in-process with llama.cpp, which could not be imported ({exc}). "
            "Install it with: pip install 'autogen-selfdebug[local]'"
        ) from exc
    path = local_model_file(spec, progress=progress)
    client = LocalLlamaChatCompletionClient(
        path,
        spec=str(spec),
        max_tokens=max_tokens,
        temperature=temperature,
        seed=seed,
        n_ctx=n_ctx,
        model_info=model_info,
    )
    if spec.kind == "gguf":
        description = f"{spec} (llama.cpp)"
    else:
        weights = LOCAL_WEIGHTS[cast(LocalKind, spec.kind)]
        name, _, quant = weights.display_name.partition(" (")
        description = f"{spec.kind} {name} ({quant.rstrip(')')}, llama.cpp)"
    return client, description
