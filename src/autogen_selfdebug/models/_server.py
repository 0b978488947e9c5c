"""llama.cpp's OpenAI-compatible server, started and stopped from Python.

Most users point the agent at an OpenAI-compatible endpoint. :class:`LocalServer` runs one on
this machine with a local model, so that path can be used, tested and benchmarked with no API
key: it picks a free port on 127.0.0.1, waits until the server answers, and stops it on every
exit path (``with`` block, :meth:`stop`, or the interpreter exiting). On Linux, started from the main
thread, the server also dies with the process that started it, so a script killed by a signal (which
runs no ``finally``) leaves no server decoding on the machine's cores. Linux ties this to the starting
thread, so a server started from another thread is left out of it.

It has two engines. ``python`` is llama-cpp-python's server (``_serve``), which answers one
request at a time. ``llama-server`` is llama.cpp's own C++ server (``_llama_server``), built from
the same llama.cpp by ``scripts/build-llama-server.sh``, with ``parallel`` slots that decode
together (continuous batching). :meth:`LocalServer.command` is what a user would type to start
either by hand.
"""

from __future__ import annotations

import ctypes
import importlib.util
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import weakref
from pathlib import Path
from types import TracebackType
from typing import Literal

from typing_extensions import Self

from .._errors import ModelSelectionError, check_choice
from ._llama_server import llama_server_binary, llama_server_command
from ._spec import local_model_file, parse_model_spec

__all__ = ["LocalServer", "ServerEngine"]

ServerEngine = Literal["python", "llama-server"]
"""``python``: llama-cpp-python's server, one request at a time; ``llama-server``: llama.cpp's C++ server."""

_INSTALL_HINT = "pip install 'autogen-selfdebug[server]'"


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _die_with_parent() -> None:
    """In the child, before it runs the server: ask Linux to send it SIGTERM when its parent dies."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGTERM)  # 1 is PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass  # not Linux: the other exit paths still stop the server


def _dies_with_parent() -> bool:
    # Linux sends the signal when the *thread* that started the child exits: only the main thread lasts.
    return sys.platform.startswith("linux") and threading.current_thread() is threading.main_thread()


def _stop(process: subprocess.Popen[bytes], log: Path, grace: float = 10.0) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    log.unlink(missing_ok=True)


class LocalServer:
    """llama.cpp's OpenAI-compatible server for a local model, on 127.0.0.1.

    Args:
        model: A model spec naming a local file: ``local``, ``local-1.5b`` or ``gguf:PATH``.
        engine: ``python`` (llama-cpp-python's server, the ``server`` extra) or ``llama-server``
            (llama.cpp's C++ server, built by ``scripts/build-llama-server.sh``).
        parallel: Slots that generate at the same time (``llama-server`` only; ``python`` has one).
        port: The port; a free one is picked by default.
        alias: The model name clients send; use it as ``openai:ALIAS``.
        n_ctx: Context window of each slot, in tokens.
        startup_timeout: Seconds to wait for the server to answer before giving up.

    Example:
        >>> with LocalServer("local", engine="llama-server", parallel=4) as server:  # doctest: +SKIP
        ...     model = resolve_model(f"openai:{server.alias}", base_url=server.base_url)
    """

    def __init__(
        self,
        model: str = "local",
        *,
        engine: ServerEngine = "python",
        parallel: int = 1,
        port: int | None = None,
        alias: str = "local",
        n_ctx: int = 8192,
        startup_timeout: float = 120.0,
    ) -> None:
        check_choice("server engine", engine, ServerEngine)
        if parallel < 1 or (engine == "python" and parallel != 1):
            raise ValueError(
                f"parallel must be at least 1, and 1 for the python engine (it has no slots), not {parallel}."
            )
        self.model = model
        self.engine: ServerEngine = engine
        self.parallel = parallel
        self.port = port or _free_port()
        self.alias = alias
        self.n_ctx = n_ctx
        self.startup_timeout = startup_timeout
        self.process: subprocess.Popen[bytes] | None = None
        self._log_path: Path | None = None
        self._finalizer: weakref.finalize[..., LocalServer] | None = None

    @property
    def base_url(self) -> str:
        """The address to give ``resolve_model(..., base_url=...)`` or ``--base-url``."""
        return f"http://127.0.0.1:{self.port}/v1"

    def command(self) -> list[str]:
        """The command that starts this server; ``shlex.join`` of it is what a user would type.

        Raises:
            ModelSelectionError: The model file, or for ``llama-server`` its binary, is not there.
        """
        if self.engine == "llama-server":
            binary = llama_server_binary()  # before the model file, which may take a while to assemble
            return llama_server_command(
                binary,
                local_model_file(parse_model_spec(self.model)),
                alias=self.alias,
                port=self.port,
                n_ctx=self.n_ctx,
                parallel=self.parallel,
            )
        path = local_model_file(parse_model_spec(self.model))
        return [
            sys.executable,
            "-m",
            "autogen_selfdebug.models._serve",  # llama_cpp.server, with the local client's AMX workaround
            "--model",
            str(path),
            "--model_alias",
            self.alias,
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--n_ctx",
            str(self.n_ctx),
        ]

    def log(self) -> str:
        """What the server has printed so far."""
        if self._log_path is None or not self._log_path.exists():
            return ""
        return self._log_path.read_text(errors="replace")

    def start(self) -> None:
        """Start the server and wait until it answers.

        Raises:
            ModelSelectionError: The ``server`` extra is missing, ``llama-server`` is not built, the
                model file is not there, or the server exited or did not answer within
                ``startup_timeout``; the message has the end of its log.
        """
        if self.process is not None and self.process.poll() is None:
            return
        needs = ("llama_cpp", "uvicorn") if self.engine == "python" else ()
        if any(importlib.util.find_spec(name) is None for name in needs):
            raise ModelSelectionError(
                f"The local server needs llama.cpp's server extra. Install it with: {_INSTALL_HINT}"
            )
        command = self.command()
        fd, name = tempfile.mkstemp(prefix="autogen-selfdebug-server-", suffix=".log")
        self._log_path = Path(name)
        with os.fdopen(fd, "wb") as log:
            self.process = subprocess.Popen(
                command,
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                preexec_fn=_die_with_parent if _dies_with_parent() else None,
            )
        self._finalizer = weakref.finalize(self, _stop, self.process, self._log_path)
        deadline = time.monotonic() + self.startup_timeout
        while not self._answers():
            if self.process.poll() is not None:
                problem = f"exited with code {self.process.returncode} before answering"
            elif time.monotonic() > deadline:
                problem = f"did not answer on {self.base_url} within {self.startup_timeout:.0f} s"
            else:
                time.sleep(0.25)
                continue
            tail = self._log_tail()
            self.stop()
            raise ModelSelectionError(f"The local server {problem}: {tail}")

    def _answers(self) -> bool:
        # llama-server answers /health with 503 until the model is loaded; the Python server has no /health.
        url = f"{self.base_url}/models" if self.engine == "python" else f"http://127.0.0.1:{self.port}/health"
        try:
            with urllib.request.urlopen(url, timeout=2.0) as reply:
                return int(reply.status) == 200
        except (urllib.error.URLError, OSError):
            return False

    def stop(self) -> None:
        """Stop the server (SIGTERM, then SIGKILL after 10 s) and remove its log. Safe to call twice."""
        if self._finalizer is not None:
            self._finalizer()  # stops the process and removes the log once; later calls do nothing
        self._log_path = None

    def _log_tail(self, lines: int = 5) -> str:
        tail = [line for line in self.log().splitlines() if line.strip()][-lines:]
        return " | ".join(tail) or "(no output)"

    def __enter__(self) -> Self:
        self.start()
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()

    def __repr__(self) -> str:
        state = "running" if self.process is not None and self.process.poll() is None else "stopped"
        engine = f"engine={self.engine!r}, parallel={self.parallel}"
        return f"LocalServer({self.model!r}, {engine}, {state} at {self.base_url})"
