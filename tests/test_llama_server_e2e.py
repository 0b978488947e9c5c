"""``LocalServer(engine="llama-server")``: llama.cpp's own C++ server, with the embedded model.

The binary is the one ``scripts/build-llama-server.sh`` builds (set-up runs it, so CI has it).
Everything goes over HTTP: readiness and the slots, a fix with the CLI, the retry decision's
structured output and its fallback when the server refuses a schema, two requests decoded at
once, a server killed mid-run, every exit path stopping the process, and the errors when the
binary is not built or the server cannot start.
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from autogen_core import CancellationToken
from autogen_core.models import (
    AssistantMessage,
    ChatCompletionClient,
    CreateResult,
    LLMMessage,
    SystemMessage,
    UserMessage,
)

from autogen_selfdebug import (
    LocalServer,
    ModelSelectionError,
    resolve_model,
)
from autogen_selfdebug._decision import RetryDecision, _forms, decide_retry
from autogen_selfdebug.models import llama_server_binary, local_model_installed
from helpers import fix_average_with_the_cli, kill_the_server_mid_run, record_json_output


def _ready_to_run() -> bool:
    try:
        llama_server_binary()
    except ModelSelectionError:
        return False
    return local_model_installed("local")


# Tests that run the server; the error tests at the end need neither the binary nor the model.
runs_the_server = pytest.mark.skipif(
    not _ready_to_run() and not os.environ.get("CI"), reason="needs bash scripts/build-llama-server.sh"
)

CONVERSATION: list[LLMMessage] = [
    SystemMessage(content="You are a Python programmer."),
    UserMessage(content="Write average(values).", source="user"),
    AssistantMessage(content="```python\ndef average(values):\n    return sum(values) / len(value)\n```", source="a"),
    UserMessage(content="The run failed:\nNameError: name 'value' is not defined", source="user"),
]


@pytest.fixture(scope="module")
def server() -> Iterator[LocalServer]:
    started = time.perf_counter()
    with LocalServer("local", engine="llama-server", parallel=2, n_ctx=4096) as running:
        print(f"\nllama-server answered after {time.perf_counter() - started:.1f} s at {running.base_url}")
        yield running


def _get(server: LocalServer, path: str) -> Any:
    with urllib.request.urlopen(f"http://127.0.0.1:{server.port}{path}", timeout=10) as reply:
        return json.loads(reply.read())


def _client(server: LocalServer, *, max_tokens: int = 256) -> ChatCompletionClient:
    return resolve_model(f"openai:{server.alias}", base_url=server.base_url, max_tokens=max_tokens).client


@pytest.mark.local_model
@runs_the_server
def test_it_is_ready_with_its_slots_and_sampling(server: LocalServer) -> None:
    assert _get(server, "/health") == {"status": "ok"}
    assert [m["id"] for m in _get(server, "/v1/models")["data"]] == [server.alias]
    settings = _get(server, "/props")
    # --ctx-size is n_ctx * parallel, which llama-server splits among its slots.
    assert settings["total_slots"] == 2 and settings["default_generation_settings"]["n_ctx"] == 4096
    assert settings["default_generation_settings"]["params"]["repeat_penalty"] == 1.0
    command = server.command()
    assert command[0] == str(llama_server_binary()) and command[command.index("--parallel") + 1] == "2"


@pytest.mark.local_model
@runs_the_server
def test_cli_fixes_a_file_through_llama_server(server: LocalServer, tmp_path: Path) -> None:
    fix_average_with_the_cli(f"openai:{server.alias}", server.base_url, tmp_path)


@pytest.mark.local_model
@runs_the_server
async def test_decision_takes_the_schema_and_falls_back_when_llama_server_refuses_one(server: LocalServer) -> None:
    client = _client(server)
    sent = record_json_output(client)
    try:
        # llama-server compiles the JSON schema into a grammar: no fallback, one call.
        taken = await decide_retry(client, CONVERSATION, cancellation_token=CancellationToken())
        assert sent == [RetryDecision] and not taken.fell_back and taken.decision.reason.strip()
        assert _forms(client)[0] is RetryDecision
    finally:
        await client.close()

    # A schema it cannot compile is answered with HTTP 400 "JSON schema error"; the decision takes
    # that as a refused form and goes on in JSON mode, against the same server.
    client = _client(server)
    sent.clear()
    create = client.create
    unknown_type = {"type": "json_schema", "json_schema": {"name": "decision", "schema": {"type": "wibble"}}}

    async def uncompilable_schema(*args: Any, **kwargs: Any) -> CreateResult:
        sent.append(kwargs.get("json_output"))
        if kwargs.get("json_output") is RetryDecision:
            extra = {**kwargs.get("extra_create_args", {}), "response_format": unknown_type}
            kwargs = {**kwargs, "json_output": None, "extra_create_args": extra}
        return await create(*args, **kwargs)

    client.create = uncompilable_schema  # type: ignore[method-assign]
    try:
        fallen = await decide_retry(client, CONVERSATION, cancellation_token=CancellationToken())
        assert sent[:2] == [RetryDecision, True], sent
        assert _forms(client)[0] is True, "the refusal is remembered for this client"
        assert not fallen.fell_back and fallen.decision.reason.strip()
    finally:
        await client.close()


@pytest.mark.local_model
@runs_the_server
async def test_two_requests_are_decoded_at_once_and_streams_report_usage(server: LocalServer) -> None:
    # Long enough that the second request arrives well before the first ends, even on a loaded machine.
    clients = [_client(server, max_tokens=64) for _ in range(2)]
    first_chunk: dict[int, float] = {}
    finished: dict[int, float] = {}

    async def count(client: ChatCompletionClient, start: int) -> CreateResult:
        prompt = f"Count from {start} upwards, one number a line, without stopping."
        result: CreateResult | None = None
        usage = {"stream_options": {"include_usage": True}}  # as the agent asks (_model_call.stream_model)
        async for item in client.create_stream([UserMessage(content=prompt, source="user")], extra_create_args=usage):
            if isinstance(item, CreateResult):
                result = item
            elif item.strip():
                first_chunk.setdefault(start, time.perf_counter())
        finished[start] = time.perf_counter()
        assert result is not None
        return result

    try:
        results = await asyncio.gather(count(clients[0], 1), count(clients[1], 500))
    finally:
        for client in clients:
            await client.close()
    assert all(isinstance(r.content, str) and r.content.strip() for r in results)
    # Unlike llama-cpp-python's server, llama-server sends usage at the end of a stream.
    assert all(r.usage.prompt_tokens > 0 and r.usage.completion_tokens > 0 for r in results)
    # With one slot the second request would start only after the first had finished.
    assert len(first_chunk) == 2 and max(first_chunk.values()) < min(finished.values()), (first_chunk, finished)


@pytest.mark.local_model
@runs_the_server
async def test_a_llama_server_killed_mid_run_is_one_clear_error(tmp_path: Path) -> None:
    with LocalServer("local", engine="llama-server", n_ctx=2048) as doomed:
        await kill_the_server_mid_run(doomed, tmp_path)


@pytest.mark.local_model
@runs_the_server
def test_every_exit_path_stops_it(monkeypatch: pytest.MonkeyPatch) -> None:
    # Forcing llama.cpp's extra buffers off starts it as on an AMX CPU: with --no-repack.
    monkeypatch.setenv("AUTOGEN_SELFDEBUG_LLAMA_EXTRA_BUFFERS", "0")
    stopped = LocalServer("local", engine="llama-server", n_ctx=1024)
    assert "--no-repack" in stopped.command()
    stopped.start()
    process, log = stopped.process, stopped._log_path
    assert process is not None and log is not None and process.poll() is None
    stopped.stop()
    stopped.stop()  # twice is safe
    assert process.poll() is not None and not log.exists()

    with pytest.raises(RuntimeError, match="inside"), LocalServer("local", engine="llama-server", n_ctx=1024) as left:
        process = left.process
        raise RuntimeError("inside the with block")
    assert process is not None and process.poll() is not None

    dropped = LocalServer("local", engine="llama-server", n_ctx=1024)
    dropped.start()
    process = dropped.process
    del dropped
    gc.collect()  # the finalizer stops a server nobody stopped
    assert process is not None and process.poll() is not None


@pytest.mark.local_model
@runs_the_server
def test_a_script_killed_by_a_signal_leaves_no_server_running() -> None:
    # SIGTERM runs no finally and no finalizer: only the kernel can stop the server with its parent.
    script = (
        "from autogen_selfdebug import LocalServer\n"
        "server = LocalServer('local', engine='llama-server', n_ctx=1024)\n"
        "server.start()\n"
        "print(server.process.pid, flush=True)\n"
        "import time; time.sleep(600)\n"
    )
    parent = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    child = None
    try:
        assert parent.stdout is not None
        child = int(parent.stdout.readline())
        os.kill(child, 0)  # running
        parent.send_signal(signal.SIGTERM)
        parent.wait(timeout=30)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and _alive(child):
            time.sleep(0.2)
        assert not _alive(child), "llama-server outlived the script that started it"
    finally:
        parent.kill()
        if child is not None and _alive(child):
            os.kill(child, signal.SIGKILL)  # a failed test leaves no server behind either


def _alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie, dead but not yet reaped by its new parent, does not count)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, IndexError):
        return False
    return state != "Z"


@pytest.mark.local_model
@runs_the_server
def test_a_server_that_cannot_start_is_one_clear_error_with_its_log(tmp_path: Path) -> None:
    not_a_model = tmp_path / "empty.gguf"
    not_a_model.write_bytes(b"GGUF but not really")
    server = LocalServer(f"gguf:{not_a_model}", engine="llama-server")
    # The end of its log says why.
    with pytest.raises(ModelSelectionError, match=r"exited with code 1 before answering: .*failed to load model"):
        server.start()
    assert server.process is not None and server.process.poll() is not None


def test_a_missing_binary_names_the_command_that_builds_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AUTOGEN_SELFDEBUG_CACHE", str(tmp_path))
    server = LocalServer("local", engine="llama-server")
    with pytest.raises(ModelSelectionError, match=r"not built .* Build it with: bash \S*build-llama-server\.sh"):
        server.start()
    assert server.process is None and not any(tmp_path.iterdir()), "nothing started, nothing assembled"


def test_parallel_slots_need_the_llama_server_engine() -> None:
    with pytest.raises(ValueError, match="python engine"):
        LocalServer("local", parallel=2)
    with pytest.raises(ValueError, match="Unknown server engine 'vllm'; choose python or llama-server"):
        LocalServer("local", engine="vllm")  # type: ignore[arg-type]
