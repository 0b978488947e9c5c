"""The alternatives that call the model server themselves: smolagents' ``CodeAgent`` and AG2's
bug-fixer pair, each run in a subprocess with the interpreter of its own virtualenv.

Their pins are not ours: AG2's classic agents (``ConversableAgent``, the PyPI package ``autogen``)
need ``openai<3`` and this package has ``openai`` 3, so each framework lives in
``.venv-alternatives/<framework>``, built by ``scripts/setup-alternatives.sh``. A subprocess also
keeps the model's code, which smolagents runs inside its own interpreter, out of the benchmark's
process, and lets a run that hangs be killed. ``_alternative_runner.py`` is the script each
subprocess runs; this module starts it, reads its snapshots and says which code is graded.

Both frameworks get the server and the sampling settings of our own model client
(:meth:`Endpoint.of`): the same model, ``max_tokens``, temperature and seed.
"""

from __future__ import annotations

import ast
import asyncio
import contextlib
import json
import os
import signal
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, get_args

from autogen_core.models import ChatCompletionClient

from .. import extract_code_blocks, normalize_language

__all__ = [
    "FRAMEWORKS",
    "AlternativeRun",
    "Endpoint",
    "Framework",
    "graded_code",
    "interpreter",
    "missing_message",
    "run_alternative",
    "runnable",
]

Framework = Literal["smolagents", "ag2"]
FRAMEWORKS: tuple[Framework, ...] = get_args(Framework)

_RUNNER = Path(__file__).with_name("_alternative_runner.py")
_VENVS = ".venv-alternatives"
_PYTHON_VAR = "AUTOGEN_SELFDEBUG_ALTERNATIVES"
"""A directory holding one virtualenv per framework, in place of ``.venv-alternatives``."""
_CALL_SECONDS = 600
"""How long one model call may take: the OpenAI SDK's default timeout, which both libraries keep."""
_START_SECONDS = 60


@dataclass(frozen=True)
class Endpoint:
    """The OpenAI-compatible server and sampling settings of our model client, for the frameworks
    that call the server with their own clients. ``None`` settings are left to the library."""

    model: str
    base_url: str | None
    api_key: str
    max_tokens: int | None
    temperature: float | None
    seed: int | None

    @classmethod
    def of(cls, client: ChatCompletionClient) -> Endpoint | None:
        """The endpoint behind an ``openai:`` model client (``None`` for any other client).

        Read from the client's own component config, so every arm sends what our arms send.
        """
        from autogen_ext.models.openai import OpenAIChatCompletionClient

        if not isinstance(client, OpenAIChatCompletionClient):
            return None
        config = client.dump_component().config
        key = config.get("api_key")
        secret = getattr(key, "get_secret_value", None)
        return cls(
            model=str(config["model"]),
            base_url=config.get("base_url"),
            api_key=str(secret() if callable(secret) else key or "not-needed"),
            max_tokens=config.get("max_tokens"),
            temperature=config.get("temperature"),
            seed=config.get("seed"),
        )


@dataclass(frozen=True)
class AlternativeRun:
    """What one framework did on one task, as its last snapshot said.

    Attributes:
        codes: smolagents: the code of each step; AG2: each reply of the coder (markdown).
        final_output: smolagents' final answer as text (``None`` for AG2, or if it gave none).
        claimed: The framework's own "done": smolagents returned a final answer before its step
            limit; AG2's coder ended the conversation with TERMINATE.
        model_calls: Model calls made (a call that failed is not counted).
        prompt_tokens: As the server reported them, summed; ``None`` if a reply carried no usage.
        completion_tokens: Likewise.
        seconds: The run inside the subprocess, without its start and imports (``None`` if killed).
        error: The framework's exception, or why the subprocess failed.
    """

    codes: tuple[str, ...] = ()
    final_output: str | None = None
    claimed: bool = False
    model_calls: int = 0
    prompt_tokens: int | None = 0
    completion_tokens: int | None = 0
    seconds: float | None = None
    error: str | None = None


def interpreter(framework: Framework) -> Path | None:
    """The Python of the framework's virtualenv, or ``None`` if it is not set up.

    Looked up in ``$AUTOGEN_SELFDEBUG_ALTERNATIVES``, else in ``.venv-alternatives`` in the current
    directory, else in the source tree's.
    """
    roots = [Path(os.environ[_PYTHON_VAR])] if os.environ.get(_PYTHON_VAR) else []
    roots += [Path.cwd() / _VENVS, Path(__file__).resolve().parents[3] / _VENVS]
    for root in roots:
        python = root / framework / "bin" / "python"
        if python.exists():
            return python
    return None


def missing_message(framework: Framework) -> str:
    return (
        f"The {framework} arm runs {framework} in its own virtualenv, which is not set up: "
        f"run scripts/setup-alternatives.sh (or set {_PYTHON_VAR} to a directory holding {framework}/bin/python)."
    )


async def run_alternative(
    framework: Framework, task: str, endpoint: Endpoint, *, attempts: int, exec_timeout: int
) -> AlternativeRun:
    """Run one framework on one task in its own interpreter; failures are returned, not raised.

    The subprocess is killed, with everything it started, once it has had time for every call
    (k, and smolagents' closing one) at the SDK's timeout and every execution at ``exec_timeout``:
    a hang in the framework then ends the run with an error and whatever its last snapshot said.
    """
    python = interpreter(framework)
    if python is None:
        return AlternativeRun(error=missing_message(framework))
    deadline = _START_SECONDS + (attempts + 1) * _CALL_SECONDS + attempts * exec_timeout
    with tempfile.TemporaryDirectory(prefix=f"selfdebug-{framework}-") as work_dir:
        request = {
            "framework": framework,
            "task": task,
            "attempts": attempts,
            "exec_timeout": exec_timeout,
            "work_dir": work_dir,
            "model": endpoint.model,
            "base_url": endpoint.base_url,
            "api_key": endpoint.api_key,
            "max_tokens": endpoint.max_tokens,
            "temperature": endpoint.temperature,
            "seed": endpoint.seed,
        }
        env = {k: v for k, v in os.environ.items() if k != "OPENAI_API_KEY"}  # the key travels in the request
        try:
            process = await asyncio.create_subprocess_exec(
                str(python),
                "-I",  # isolated: no user site, no PYTHONPATH, the script's directory not on sys.path
                str(_RUNNER),
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
                cwd=work_dir,
                env={**env, "PYTHONUNBUFFERED": "1"},
                start_new_session=True,  # its own process group, so the code it runs dies with it
            )
        except OSError as error:
            return AlternativeRun(error=f"could not start {python}: {error}")
        return await _follow(process, json.dumps(request), deadline)


async def _follow(process: asyncio.subprocess.Process, request: str, deadline: float) -> AlternativeRun:
    assert process.stdin is not None and process.stdout is not None and process.stderr is not None
    last: dict[str, object] = {}
    errors = bytearray()

    async def snapshots() -> None:
        assert process.stdout is not None
        async for line in process.stdout:
            with contextlib.suppress(json.JSONDecodeError):
                last.update(json.loads(line))

    async def drain_stderr() -> None:
        assert process.stderr is not None
        while chunk := await process.stderr.read(65536):
            errors.extend(chunk)
            del errors[: max(0, len(errors) - 4000)]  # only the tail is kept

    with contextlib.suppress(BrokenPipeError, ConnectionResetError):  # a runner that died at once says why below
        process.stdin.write(request.encode())
        await process.stdin.drain()
        process.stdin.close()
    readers = asyncio.gather(snapshots(), drain_stderr())
    started = time.perf_counter()
    killed = False
    try:
        await asyncio.wait_for(asyncio.shield(readers), timeout=deadline)
    except asyncio.TimeoutError:
        killed = True
    finally:
        if process.returncode is None and (killed or not readers.done()):
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)  # the runner and the programs it started
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(asyncio.shield(readers), timeout=5)
        if not readers.done():
            readers.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await readers
        await process.wait()
    run = _run_of(last)
    if killed:
        took = time.perf_counter() - started
        return _with_error(run, f"killed after {took:.0f} s (the deadline): the framework did not finish", killed)
    if not last.get("done"):
        tail = errors.decode(errors="replace").strip().splitlines()[-3:]
        return _with_error(run, f"the runner exited with {process.returncode}: {' / '.join(tail)}", False)
    return run


def _run_of(snapshot: dict[str, object]) -> AlternativeRun:
    codes = snapshot.get("codes")
    final_output = snapshot.get("final_output")
    return AlternativeRun(
        codes=tuple(str(c) for c in codes) if isinstance(codes, list) else (),
        final_output=final_output if isinstance(final_output, str) else None,
        claimed=snapshot.get("claimed") is True,
        model_calls=_int(snapshot.get("model_calls")) or 0,
        prompt_tokens=_int(snapshot.get("prompt_tokens", 0)),
        completion_tokens=_int(snapshot.get("completion_tokens", 0)),
        seconds=_float(snapshot.get("seconds")),
        error=str(snapshot["error"]) if snapshot.get("error") else None,
    )


def _with_error(run: AlternativeRun, error: str, killed: bool) -> AlternativeRun:
    return AlternativeRun(
        codes=run.codes,
        final_output=run.final_output,
        claimed=run.claimed and not killed,
        model_calls=run.model_calls,
        prompt_tokens=run.prompt_tokens,
        completion_tokens=run.completion_tokens,
        seconds=None,
        error=run.error or error,
    )


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _float(value: object) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def graded_code(framework: Framework, run: AlternativeRun) -> str:
    """The code the hidden tests grade ("" for none).

    AG2: the Python blocks of the coder's last reply that had any, the last code it wrote.
    smolagents: its final answer if that is a program (a function definition, fenced or not);
    otherwise the last step's code that defines a function, without its ``final_answer(...)`` calls
    (a name that exists only inside smolagents' interpreter).
    """
    if framework == "ag2":
        for reply in reversed(run.codes):
            code = _python_blocks(reply)
            if code:
                return code
        return ""
    if run.final_output is not None:
        answer = _python_blocks(run.final_output) or run.final_output
        if _defines_function(answer):
            return answer.strip() + "\n"
    for code in reversed(run.codes):
        if _defines_function(code):
            return _without_final_answer(code)
    return ""


def _python_blocks(text: str) -> str:
    blocks = extract_code_blocks(text, ["python"]).blocks
    return "\n\n".join(b.code for b in blocks if normalize_language(b.language or "python") == "python")


def _parse(code: str) -> ast.Module | None:
    try:
        return ast.parse(code)
    except SyntaxError:
        return None


def _defines_function(code: str) -> bool:
    tree = _parse(code)
    return tree is not None and any(isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) for node in tree.body)


def _without_final_answer(code: str) -> str:
    """The code without the top-level statements that call ``final_answer``, cut by the parser's spans."""
    tree = _parse(code)
    if tree is None:
        return code
    cut: set[int] = set()
    for node in tree.body:
        if _calls_final_answer(node):
            cut.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    kept = [line for n, line in enumerate(code.splitlines(), start=1) if n not in cut]
    return "\n".join(kept).strip("\n") + "\n"


def _calls_final_answer(node: ast.stmt) -> bool:
    return any(
        isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "final_answer"
        for call in ast.walk(node)
    )


def runnable(frameworks: Sequence[Framework]) -> list[Framework]:
    """The frameworks whose virtualenv is set up."""
    return [f for f in frameworks if interpreter(f) is not None]
