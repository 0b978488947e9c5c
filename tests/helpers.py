"""Helpers for tests: scripted model clients, a scripted OpenAI-compatible server, and reply builders."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from autogen_core import CancellationToken
from autogen_core.code_executor import CodeBlock, CodeExecutor, CodeResult
from autogen_core.models import CreateResult, ModelInfo
from autogen_ext.models.replay import ReplayChatCompletionClient

from autogen_selfdebug import LocalServer, ModelCallError, SelfDebuggingCodeExecutorAgent, create_sandbox, resolve_model
from autogen_selfdebug.repair import SearchBudget, search_patches

STRUCTURED = ModelInfo(vision=False, function_calling=False, json_output=True, family="unknown", structured_output=True)
JSON_MODE = ModelInfo(vision=False, function_calling=False, json_output=True, family="unknown", structured_output=False)
PLAIN = ModelInfo(vision=False, function_calling=False, json_output=False, family="unknown", structured_output=False)


def scripted(replies: Sequence[str | CreateResult], model_info: ModelInfo = STRUCTURED) -> ReplayChatCompletionClient:
    """A model client that gives exactly these replies, in order, and records every call."""
    return ReplayChatCompletionClient(list(replies), model_info=model_info)


def record_json_output(client: Any) -> list[object]:
    """Wrap ``client.create`` to record the ``json_output`` form of each call, in order."""
    sent: list[object] = []
    create = client.create

    async def recording_create(*args: Any, **kwargs: Any) -> CreateResult:
        sent.append(kwargs.get("json_output"))
        return await create(*args, **kwargs)

    client.create = recording_create
    return sent


# The first lines of a child Python that a test stops with SIGINT. A shell that starts a job in the
# background has it ignore SIGINT (CI may start the tests so), and Python then keeps ignoring it:
# these give the child Python's own Ctrl-C handler back.
CTRL_C_HANDLER = "import signal\nsignal.signal(signal.SIGINT, signal.default_int_handler)\n"


# A program the repair search can only "fix" by a patch that leaves a computed value unused: the sentences
# keep their leading space, and looping over the text's letters instead counts the capital I's.
COUNT_I = (
    'def count_i(text):\n    sentences = text.split(".")\n    count = 0\n    for sentence in sentences:\n'
    '        if sentence.startswith("I"):\n            count += 1\n    return count\n'
)
COUNT_I_TESTS = 'assert count_i("Hello world") == 0\nassert count_i("The sky. I am. I see") == 2\n'


async def cancel_a_search_then_search_again(
    sandbox: CodeExecutor, drivers: Callable[[], list[str]]
) -> tuple[list[str], list[str]]:
    """Cancel a Python search in ``sandbox`` once ``drivers`` (the driver folders there) shows its driver
    running, then run a second search in the same sandbox; the folders after each."""
    token = CancellationToken()

    async def execute(blocks: list[CodeBlock], cancellation_token: CancellationToken) -> CodeResult:
        return await sandbox.execute_code_blocks(blocks, cancellation_token=cancellation_token)

    async def cancel_once_running() -> None:
        # The same driver seen a second apart is one of the runs that hang, not a short run that ends first.
        seen: list[str] = []
        for _ in range(120):  # a driver starts in well under 60 s
            now = await asyncio.to_thread(drivers)
            if set(now) & set(seen):
                break
            seen = now
            await asyncio.sleep(0.5)
        token.cancel()

    canceller = asyncio.create_task(cancel_once_running())
    # Every run of it hangs, the program as given too: a run is always going on when the cancellation comes.
    hangs = "def count_down(n):\n    while n > 0:\n        n += 1\n    return n\n"
    with pytest.raises(asyncio.CancelledError):
        await search_patches(
            hangs,
            language="python",
            tests="assert count_down(3) == 0",
            execute=execute,
            cancellation_token=token,
            budget=SearchBudget(candidate_timeout=30.0),
        )
    await canceller
    after_cancel = await asyncio.to_thread(drivers)
    program, tests = "def f():\n    return 2\n", "assert f() == 1"
    await search_patches(
        program, language="python", tests=tests, execute=execute, cancellation_token=CancellationToken()
    )
    return after_cancel, await asyncio.to_thread(drivers)


# Binary search with `lo = mid` (for `lo = mid + 1`): the checks hang, and so do most of the candidates.
BINARY_SEARCH = {
    "python": (
        "def find(xs, target):\n    lo, hi = 0, len(xs) - 1\n    while lo <= hi:\n        mid = (lo + hi) // 2\n"
        "        if xs[mid] == target:\n            return mid\n        if xs[mid] < target:\n            lo = mid\n"
        "        else:\n            hi = mid - 1\n    return -1\n",
        "assert find([1, 3, 5, 7], 1) == 0\nassert find([1, 3, 5, 7], 7) == 3\nassert find([1, 3, 5, 7], 4) == -1\n",
    ),
    "javascript": (
        "function find(xs, target) {\n  let lo = 0, hi = xs.length - 1;\n  while (lo <= hi) {\n"
        "    const mid = Math.floor((lo + hi) / 2);\n    if (xs[mid] === target) return mid;\n"
        "    if (xs[mid] < target) {\n      lo = mid;\n    } else {\n      hi = mid - 1;\n    }\n  }\n"
        "  return -1;\n}\n",
        "console.assert(find([1, 3, 5, 7], 1) === 0);\nconsole.assert(find([1, 3, 5, 7], 7) === 3);\n"
        "console.assert(find([1, 3, 5, 7], 4) === -1);\n",
    ),
}
BINARY_SEARCH["typescript"] = (
    BINARY_SEARCH["javascript"][0].replace("find(xs, target)", "find(xs: number[], target: number): number"),
    BINARY_SEARCH["javascript"][1],
)


def py(code: str) -> str:
    return f"Here is the code:\n```python\n{code}\n```"


def decision(retry: bool, reason: str) -> str:
    return json.dumps({"retry": retry, "reason": reason})


def run_dirs(parent: Path | None = None) -> set[Path]:
    """The sandboxes' per-run work directories under ``parent`` (the system temp dir by default)."""
    return set((parent or Path(tempfile.gettempdir())).glob("selfdebug-run-*"))


# The fix both server engines are tested with (tests/test_openai_server_e2e.py, tests/test_llama_server_e2e.py).
# Async totals (`result -= v` for `result += v`), checked in an async main function.
TOTALS_ASYNC = """\
import asyncio


async def fetch(n):
    await asyncio.sleep(0)
    return n * 10


async def total(ids):
    values = await asyncio.gather(*(fetch(i) for i in ids))
    result = 0
    for v in values:
        result -= v
    return result
"""
TOTALS_ASYNC_CHECKS = """\
async def main():
    \"\"\"The checks.\"\"\"
    assert await total([1, 2]) == 30
    assert await total([]) == 0
    assert await total([5]) == 50


asyncio.run(main())
"""
AVERAGE_BROKEN = "def average(values):\n    return sum(values) / len(value)\n\n\nprint(average([1, 2, 3, 4]))\n"
AVERAGE_TESTS = "assert average([1, 2, 3, 4]) == 2.5\nassert average([5]) == 5"


def fix_average_with_the_cli(model: str, base_url: str, tmp_path: Path) -> None:
    """Fix :data:`AVERAGE_BROKEN` in place with ``autogen-selfdebug fix`` through a server, and check the fix."""
    broken = tmp_path / "avg.py"
    broken.write_text(AVERAGE_BROKEN)
    tests = tmp_path / "test_avg.py"
    tests.write_text(AVERAGE_TESTS)
    command = [
        sys.executable, "-m", "autogen_selfdebug", "fix", str(broken), "--tests", str(tests), "--in-place",
        "--model", model, "--base-url", base_url, "--max-tokens", "384",
    ]  # fmt: skip
    completed = subprocess.run(
        command, capture_output=True, text=True, timeout=600, env={**os.environ, "COLUMNS": "120"}
    )
    assert completed.returncode == 0, completed.stderr
    assert f"{model} at {base_url}" in completed.stderr
    fixed = subprocess.run([sys.executable, "-c", broken.read_text() + "\n" + AVERAGE_TESTS], capture_output=True)
    assert fixed.returncode == 0, broken.read_text()
    assert (tmp_path / "avg.py.bak").read_text() == AVERAGE_BROKEN


async def kill_the_server_mid_run(server: LocalServer, tmp_path: Path) -> None:
    """Kill ``server`` one second into a long generation: the run must end in one short ``ModelCallError``
    line (no traceback) and leave no work directory behind."""
    client = resolve_model(f"openai:{server.alias}", base_url=server.base_url, max_tokens=512).client
    try:
        async with create_sandbox("local", timeout=30, work_dir=tmp_path) as sandbox:
            agent = SelfDebuggingCodeExecutorAgent("coder", sandbox, model_client=client)
            run = asyncio.create_task(agent.run(task="Write a long, fully commented module of sorting algorithms."))
            await asyncio.sleep(1.0)
            assert server.process is not None
            server.process.kill()
            with pytest.raises(ModelCallError, match="code generation") as raised:
                await run
        message = str(raised.value)
        assert "\n" not in message and 'File "' not in message and len(message) <= 400, message
        assert not run_dirs(tmp_path), "the work directory was removed"
    finally:
        await client.close()


Reply = Callable[[dict[str, Any]], str]


class ScriptedServer:
    """A tiny OpenAI-compatible server: ``POST /v1/chat/completions`` answers ``reply(request)``.

    Reply ``n`` (from 0) reports ``100 + n`` prompt and ``10 + n`` completion tokens. Every request
    body is kept in :attr:`requests`, and :attr:`in_flight_seen` keeps, for each, how many requests
    were in flight when it arrived (itself included); ``delay`` seconds before each reply let
    concurrent requests overlap.
    """

    def __init__(self, reply: Reply, *, delay: float = 0.0) -> None:
        self.requests: list[dict[str, Any]] = []
        self.in_flight_seen: list[int] = []
        self._in_flight = 0
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                if not self.path.endswith("/chat/completions") or body.get("stream"):
                    self.send_error(404)
                    return
                with server._lock:
                    n = len(server.requests)
                    server.requests.append(body)
                    server._in_flight += 1
                    server.in_flight_seen.append(server._in_flight)
                try:
                    time.sleep(delay)
                    self._answer(n, body, reply(body))
                finally:
                    with server._lock:
                        server._in_flight -= 1

            def _answer(self, n: int, body: dict[str, Any], content: str) -> None:
                answer = {
                    "id": f"chatcmpl-{n}",
                    "object": "chat.completion",
                    "created": 0,
                    "model": body.get("model", "scripted"),
                    "choices": [
                        {"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}
                    ],
                    "usage": {"prompt_tokens": 100 + n, "completion_tokens": 10 + n, "total_tokens": 110 + 2 * n},
                }
                data = json.dumps(answer).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, format: str, *args: Any) -> None:
                return None

        self._http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._thread = threading.Thread(target=self._http.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._http.server_address[1]}/v1"

    def __enter__(self) -> ScriptedServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._http.shutdown()
        self._http.server_close()

    def usage(self) -> tuple[int, int]:
        """The prompt and completion tokens of every reply sent so far."""
        n = len(self.requests)
        return sum(100 + i for i in range(n)), sum(10 + i for i in range(n))
