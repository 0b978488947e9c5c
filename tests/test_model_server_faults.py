"""Faults from an OpenAI-compatible server, over real HTTP, with AutoGen's real OpenAI client.

A small stub server answers like an OpenAI endpoint, or fails in one way per base URL: HTTP 500
with a traceback in the message, a reply that is not JSON, a reply slower than the timeout, or
nothing listening at all. Every fault must reach the user as one clear line (``ModelCallError``
naming the call in the API, exit code 2 in the CLI), with no traceback and no work directory left
behind, and the agent keeps the conversation so far. The stub also checks that streaming asks the
server for usage.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

import pytest
from autogen_agentchat.base import TaskResult

from autogen_selfdebug import ModelCallError, SelfDebuggingCodeExecutorAgent, resolve_model
from autogen_selfdebug.models._server import _free_port
from autogen_selfdebug.sandboxes import create_sandbox
from helpers import run_dirs

REPLY = "```python\nprint('hi')\n```"
USAGE = {"prompt_tokens": 11, "completion_tokens": 7, "total_tokens": 18}
TRACEBACK = 'internal error: boom\n\n  File "/srv/app.py", line 376, in create_chat_completion\n    raise\n'


class _Stub(BaseHTTPRequestHandler):
    requests: ClassVar[list[dict[str, Any]]] = []

    def log_message(self, format: str, *args: Any) -> None:  # quiet
        pass

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        type(self).requests.append(body)
        mode = self.path.strip("/").split("/")[0]
        if mode == "fail":
            self._send(500, "application/json", json.dumps({"error": {"message": TRACEBACK, "type": "server_error"}}))
        elif mode == "garbage":
            self._send(200, "application/json", "<html>a proxy's error page</html>")
        else:
            if mode == "slow":
                time.sleep(3)
            self._answer(body)

    def _answer(self, body: dict[str, Any]) -> None:
        base = {"id": "c1", "created": 0, "model": "stub"}
        if not body.get("stream"):
            message = {"role": "assistant", "content": REPLY}
            choice = {"index": 0, "message": message, "finish_reason": "stop"}
            self._send(
                200,
                "application/json",
                json.dumps({**base, "object": "chat.completion", "choices": [choice], "usage": USAGE}),
            )
            return
        chunks = [
            {"index": 0, "delta": {"role": "assistant", "content": REPLY}, "finish_reason": None},
            {"index": 0, "delta": {}, "finish_reason": "stop"},
        ]
        events = [{**base, "object": "chat.completion.chunk", "choices": [c]} for c in chunks]
        if body.get("stream_options", {}).get("include_usage"):
            events.append({**base, "object": "chat.completion.chunk", "choices": [], "usage": USAGE})
        payload = "".join(f"data: {json.dumps(e)}\n\n" for e in events) + "data: [DONE]\n\n"
        self._send(200, "text/event-stream", payload)

    def _send(self, status: int, content_type: str, text: str) -> None:
        data = text.encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


@pytest.fixture(scope="module")
def stub() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Stub)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


async def test_streaming_asks_for_usage_and_sums_it(stub: str) -> None:
    client = resolve_model("openai:stub", base_url=f"{stub}/ok/v1").client
    _Stub.requests.clear()
    async with create_sandbox("local", timeout=30) as sandbox:
        agent = SelfDebuggingCodeExecutorAgent("coder", sandbox, model_client=client, model_client_stream=True)
        result = await agent.run(task="Print hi.")
    assert _Stub.requests and all(r["stream_options"] == {"include_usage": True} for r in _Stub.requests)
    calls = len(_Stub.requests)  # the code, and the reflection on success
    usage = result.messages[-1].models_usage
    assert usage is not None and (usage.prompt_tokens, usage.completion_tokens) == (11 * calls, 7 * calls)
    await client.close()


@pytest.mark.parametrize(
    ("base", "kwargs", "expected"),
    [
        ("refused", {}, "Connection"),
        ("fail", {}, "HTTP 500"),
        ("garbage", {}, "Error"),
        ("slow", {"timeout": 1.0}, "Timeout"),
    ],
)
async def test_each_fault_is_one_clear_error_and_the_conversation_is_kept(
    stub: str, base: str, kwargs: dict[str, float], expected: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"http://127.0.0.1:{_free_port()}/v1" if base == "refused" else f"{stub}/{base}/v1"
    client = resolve_model("openai:stub", base_url=url, **kwargs).client
    # A temp folder of its own: another run on the machine may leave its work directories in the shared one.
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    before = run_dirs()
    async with create_sandbox("local", timeout=30) as sandbox:
        agent = SelfDebuggingCodeExecutorAgent("coder", sandbox, model_client=client)
        with pytest.raises(ModelCallError, match="code generation") as raised:
            await agent.run(task="Print hi.")
    message = str(raised.value)
    assert expected in message, message
    assert "\n" not in message and 'File "' not in message and len(message) <= 400, message
    assert run_dirs() <= before, "a work directory was left behind"
    state = await agent.save_state()
    assert "Print hi." in json.dumps(state), "the task is kept, so the run can resume"
    await client.close()


def test_the_cli_reports_a_server_fault_in_one_line_and_exits_2(stub: str, tmp_path: Path) -> None:
    program = tmp_path / "prog.py"
    # The program as given runs first; it fails with no traceback, so any in the output would be ours.
    program.write_text("import sys\n\nsys.exit('wrong')\n")
    command = [
        sys.executable, "-m", "autogen_selfdebug", "fix", str(program),
        "--model", "openai:stub", "--base-url", f"{stub}/fail/v1",
    ]  # fmt: skip
    completed = subprocess.run(command, capture_output=True, text=True, timeout=120, env={"COLUMNS": "300", "PATH": ""})
    assert completed.returncode == 2, completed.stderr
    errors = [line for line in completed.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and "HTTP 500" in errors[0] and "internal error: boom" in errors[0], completed.stderr
    assert "Traceback" not in completed.stderr and 'File "' not in completed.stderr
    assert program.read_text() == "import sys\n\nsys.exit('wrong')\n"


async def test_a_result_that_completes_is_a_task_result(stub: str) -> None:
    client = resolve_model("openai:stub", base_url=f"{stub}/ok/v1").client
    async with create_sandbox("local", timeout=30) as sandbox:
        agent = SelfDebuggingCodeExecutorAgent("coder", sandbox, model_client=client)
        result = await agent.run(task="Print hi.")
    assert isinstance(result, TaskResult) and "hi" in str(result.messages[-1].content)
    await client.close()
