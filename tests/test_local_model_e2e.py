"""End to end with the real embedded model: Qwen2.5-Coder-0.5B-Instruct run in-process by llama.cpp.

Slow (a few tokens per second on a busy 2-core machine), so every call is capped tightly.
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import os
import time
from collections.abc import Iterator

import pytest
from autogen_core import CancellationToken
from autogen_core.models import ChatCompletionClient, CreateResult, LLMMessage, SystemMessage, UserMessage
from pydantic import BaseModel

from autogen_selfdebug.models import LOCAL_WEIGHTS, ResolvedModel, resolve_model

pytestmark = [
    pytest.mark.local_model,
    # In CI the extra is always installed, so a missing model fails there instead of skipping.
    pytest.mark.skipif(
        (
            importlib.util.find_spec("llama_cpp") is None
            or any(importlib.util.find_spec(p) is None for p in LOCAL_WEIGHTS["local"].packages)
        )
        and not os.environ.get("CI"),
        reason="needs the 'local' extra: pip install 'autogen-selfdebug[local]'",
    ),
]

CODE_TASK: list[LLMMessage] = [
    SystemMessage(content="You are a Python programmer. Reply with exactly one ```python code block and nothing else."),
    UserMessage(content="Write a function add(a, b) that returns the sum of a and b.", source="user"),
]


class RetryDecision(BaseModel):
    retry: bool
    reason: str


@pytest.fixture(scope="module")
def resolved() -> Iterator[ResolvedModel]:
    started = time.perf_counter()
    model = resolve_model("local", max_tokens=256)
    print(f"\nresolve_model('local') took {time.perf_counter() - started:.2f} s: {model.description}")
    yield model
    asyncio.run(model.client.close())


@pytest.fixture
def client(resolved: ResolvedModel) -> ChatCompletionClient:
    return resolved.client


def test_description_and_capabilities(resolved: ResolvedModel) -> None:
    assert resolved.description == "local Qwen2.5-Coder-0.5B-Instruct (Q4_K_M, llama.cpp)"
    info = resolved.client.model_info
    assert info["structured_output"] is True and info["json_output"] is True
    assert info["function_calling"] is False and info["vision"] is False


async def test_plain_completion_has_a_python_block(client: ChatCompletionClient) -> None:
    result = await client.create(CODE_TASK)
    assert isinstance(result.content, str)
    assert "```python" in result.content and "def add" in result.content
    assert result.finish_reason == "stop"
    assert result.usage.prompt_tokens > 10 and result.usage.completion_tokens > 5


async def test_structured_output_validates(client: ChatCompletionClient) -> None:
    messages: list[LLMMessage] = [
        SystemMessage(content="You decide whether a failed coding attempt should be retried. Answer in JSON."),
        UserMessage(content="The tests failed with AssertionError: add(2, 3) returned 6, expected 5.", source="user"),
    ]
    result = await client.create(messages, json_output=RetryDecision)
    assert isinstance(result.content, str)
    decision = RetryDecision.model_validate_json(result.content)
    assert decision.reason
    assert result.finish_reason == "stop"


class Essay(BaseModel):
    text: str
    done: bool


async def test_structured_strings_are_bounded_so_the_json_closes(client: ChatCompletionClient) -> None:
    from autogen_selfdebug.models._llama import MAX_JSON_STRING_CHARS

    messages: list[LLMMessage] = [
        UserMessage(
            content="Write the longest essay you can about every Python keyword, in the text field.", source="u"
        )
    ]
    result = await client.create(messages, json_output=Essay, extra_create_args={"max_tokens": 600})
    assert isinstance(result.content, str)
    # Closed, not cut off mid-string. llama.cpp's grammar allows raw newlines in strings, hence strict=False.
    essay = Essay.model_validate(json.loads(result.content, strict=False))
    assert len(essay.text) <= MAX_JSON_STRING_CHARS and result.finish_reason == "stop"


def test_bounded_strings_leave_the_schema_otherwise_alone() -> None:
    from autogen_selfdebug._decision import RetryDecision as Decision
    from autogen_selfdebug.models._llama import _bounded_strings

    schema = Decision.model_json_schema()
    bounded = _bounded_strings(schema, 50)
    assert bounded["properties"]["reason"]["maxLength"] == 50
    assert "maxLength" not in bounded["properties"]["retry"]
    assert "maxLength" not in schema["properties"]["reason"]  # the original is untouched


async def test_cut_off_reply_reports_length(client: ChatCompletionClient) -> None:
    result = await client.create(CODE_TASK, extra_create_args={"max_tokens": 5})
    assert result.finish_reason == "length"
    assert result.usage.completion_tokens == 5


async def test_generation_does_not_block_the_event_loop(client: ChatCompletionClient) -> None:
    ticks = 0

    async def tick() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.01)
            ticks += 1

    ticker = asyncio.create_task(tick())
    started = time.perf_counter()
    await client.create(CODE_TASK, extra_create_args={"max_tokens": 12})
    elapsed = time.perf_counter() - started
    ticker.cancel()
    assert ticks >= elapsed / 0.01 * 0.3  # the loop kept running while the model generated


async def test_stream_matches_create(client: ChatCompletionClient) -> None:
    chunks = [c async for c in client.create_stream(CODE_TASK, extra_create_args={"max_tokens": 20})]
    final = chunks[-1]
    assert isinstance(final, CreateResult)
    text = "".join(c for c in chunks[:-1] if isinstance(c, str))
    assert len(chunks) > 3 and text == final.content
    again = await client.create(CODE_TASK, extra_create_args={"max_tokens": 20})
    assert again.content == final.content  # temperature 0 and a fixed seed repeat exactly
    assert again.usage == final.usage and again.finish_reason == final.finish_reason


async def test_cancellation_stops_generation(client: ChatCompletionClient) -> None:
    token = CancellationToken()
    long_task = [UserMessage(content="Count from 1 to 300, one number per line.", source="user")]
    call = asyncio.ensure_future(client.create(long_task, cancellation_token=token))
    await asyncio.sleep(0.5)
    token.cancel()
    with pytest.raises(asyncio.CancelledError):
        await call
    # The cancelled generation stops at its next token, so the next call does not wait for it.
    started = time.perf_counter()
    result = await client.create(CODE_TASK, extra_create_args={"max_tokens": 3})
    assert result.finish_reason == "length"
    assert time.perf_counter() - started < 30


async def test_component_round_trip(client: ChatCompletionClient) -> None:
    first = client.dump_component()
    assert first.provider == "autogen_selfdebug.models._llama.LocalLlamaChatCompletionClient"
    assert first.config["spec"] == "local" and first.config["max_tokens"] == 256
    loaded = ChatCompletionClient.load_component(first)
    try:
        assert loaded.dump_component() == first
    finally:
        await loaded.close()


def test_extra_buffer_types_switch(monkeypatch: pytest.MonkeyPatch) -> None:
    from autogen_selfdebug.models._llama import _extra_buffer_types_unsafe

    monkeypatch.setenv("AUTOGEN_SELFDEBUG_LLAMA_EXTRA_BUFFERS", "0")
    assert _extra_buffer_types_unsafe() is True
    monkeypatch.setenv("AUTOGEN_SELFDEBUG_LLAMA_EXTRA_BUFFERS", "1")
    assert _extra_buffer_types_unsafe() is False
