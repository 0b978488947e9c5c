"""The local sandbox: runs code in a subprocess on this machine, without inherited secrets."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import os
import shutil
import signal
import subprocess
import sys
import warnings
import weakref
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from autogen_core import CancellationToken, Component
from autogen_core.code_executor import CodeBlock
from autogen_ext.code_executors._common import CommandLineCodeResult
from autogen_ext.code_executors.local import LocalCommandLineCodeExecutor
from pydantic import BaseModel
from typing_extensions import Self

from ._languages import SUPPORTED_LANGUAGES, Script, UnsupportedLanguage, prepare_script
from ._output import DEFAULT_MAX_OUTPUT_BYTES, TIMEOUT_EXIT_CODE, OutputBuffer, timeout_marker
from ._packages import LISTING_SCRIPT, LISTING_TIMEOUT_SECONDS, parse_listing
from ._run_dir import RunDirectory

__all__ = ["DEFAULT_ENV_ALLOWLIST", "LocalSandbox", "LocalSandboxConfig", "sandbox_environment"]

logger = logging.getLogger(__name__)

DEFAULT_ENV_ALLOWLIST: tuple[str, ...] = (
    "PATH",
    "HOME",
    "LANG",
    "LANGUAGE",
    "LC_ALL",
    "LC_CTYPE",
    "LC_MESSAGES",
    "TERM",
    "TZ",
    "USER",
    "LOGNAME",
    "SHELL",
    "TMPDIR",
    "SYSTEMROOT",
)
"""The parent's environment variables that generated code sees; everything else is dropped."""

_DRAIN_SECONDS = 2.0
_INTERRUPT_SECONDS = 1.0
"""How long a run stopped by the time limit gets to exit on Ctrl-C (SIGINT) before it is killed."""


def sandbox_environment(
    *,
    pass_env: Sequence[str] = (),
    extra_env: Mapping[str, str] | None = None,
    home: Path | None = None,
) -> dict[str, str]:
    """Build the environment of generated code from an allowlist of the parent's variables.

    Args:
        pass_env: More variable names to copy from the parent, beyond :data:`DEFAULT_ENV_ALLOWLIST`.
        extra_env: Variables to set, whatever the parent has.
        home: If given, ``HOME`` points there, so tools do not find credentials in the real
            home directory (``~/.netrc``, ``~/.aws``, ``~/.docker/config.json``).
    """
    env = {name: os.environ[name] for name in (*DEFAULT_ENV_ALLOWLIST, *pass_env) if name in os.environ}
    if home is not None:
        env["HOME"] = str(home)
    # Unbuffered, so the output printed before a timeout kill is not lost in a buffer.
    env["PYTHONUNBUFFERED"] = "1"
    env["PYTHONIOENCODING"] = "utf-8"
    env.update(extra_env or {})
    return env


class LocalSandboxConfig(BaseModel):
    """Configuration of :class:`LocalSandbox`; lists every constructor argument."""

    timeout: int = 60
    work_dir: str | None = None
    keep_work_dir: bool = False
    python_executable: str | None = None
    pass_env: list[str] = []
    extra_env: dict[str, str] = {}
    isolate_home: bool = True
    max_output_bytes: int = DEFAULT_MAX_OUTPUT_BYTES


class LocalSandbox(LocalCommandLineCodeExecutor, Component[LocalSandboxConfig]):
    """Runs code blocks in subprocesses on this machine, in a fresh work directory per run.

    This is not isolation: the code runs as you, with your files and your network. It is
    for trusted tasks and for machines without Docker. What it does guarantee:

    * the code sees only an allowlist of environment variables (no API keys, tokens or
      cloud credentials), with ``HOME`` pointing at the work directory;
    * each ``start()`` creates a fresh work directory, removed by ``stop()``;
    * a run that exceeds ``timeout`` is killed with its whole process group, keeps the
      output printed so far, and exits with 124;
    * output is capped at ``max_output_bytes`` (head and tail kept, a marker between).

    Args:
        timeout: Seconds one code block may run.
        work_dir: Parent directory of the per-run work directories (default: the system
            temporary directory).
        keep_work_dir: Keep the run's work directory after ``stop()``.
        python_executable: Interpreter for Python blocks (default: this one, ``sys.executable``).
        pass_env: More environment variable names to pass through.
        extra_env: Environment variables to set.
        isolate_home: Point ``HOME`` at the work directory.
        max_output_bytes: Output kept per code block.

    Example:
        >>> import asyncio
        >>> from autogen_core import CancellationToken
        >>> from autogen_core.code_executor import CodeBlock
        >>> async def demo() -> str:
        ...     async with LocalSandbox(timeout=10) as sandbox:
        ...         result = await sandbox.execute_code_blocks(
        ...             [CodeBlock(code="print(6 * 7)", language="py")], CancellationToken()
        ...         )
        ...         return result.output.strip()
        >>> asyncio.run(demo())
        '42'
    """

    component_config_schema = LocalSandboxConfig  # type: ignore[assignment]
    component_provider_override = "autogen_selfdebug.sandboxes.LocalSandbox"

    def __init__(
        self,
        timeout: int = 60,
        work_dir: Path | str | None = None,
        *,
        keep_work_dir: bool = False,
        python_executable: str | None = None,
        pass_env: Sequence[str] = (),
        extra_env: Mapping[str, str] | None = None,
        isolate_home: bool = True,
        max_output_bytes: int = DEFAULT_MAX_OUTPUT_BYTES,
    ) -> None:
        with warnings.catch_warnings():
            # Upstream warns that local execution is unsafe and points at its Docker
            # executor; choosing between the two is the caller's decision, made knowingly.
            warnings.simplefilter("ignore", UserWarning)
            super().__init__(timeout=timeout, work_dir=None, cleanup_temp_files=False)
        if max_output_bytes < 2:
            raise ValueError("max_output_bytes must be at least 2")
        self._run_dir = RunDirectory(work_dir, keep=keep_work_dir, kind="local")
        self._python_executable = python_executable
        self._pass_env = list(pass_env)
        self._extra_env = dict(extra_env or {})
        self._isolate_home = isolate_home
        self._max_output_bytes = max_output_bytes
        self._installed_packages: tuple[str, ...] | None = None
        self._languages: list[str] | None = None

    @property
    def supported_languages(self) -> list[str]:
        """The languages this machine can run: Python always, the others when their tool is on PATH.

        Looked up at ``start()`` and kept until ``stop()``; before that, looked up at each call.
        """
        return list(self._languages) if self._languages is not None else _find_languages()

    @property
    def work_dir(self) -> Path:
        """This run's work directory; exists between ``start()`` and ``stop()``."""
        return self._run_dir.path

    @property
    def installed_packages(self) -> tuple[str, ...] | None:
        """Top-level modules the code can import beyond the standard library, listed at the first ``start()``.

        None before that, or when the listing failed.
        """
        return self._installed_packages

    @property
    def can_install(self) -> bool:
        """False: the local sandbox does not offer ``pip install`` to the code (it would change your environment)."""
        return False

    async def start(self) -> None:
        """Create a fresh work directory, and list the interpreter's packages once. Does nothing if already started.

        The file-system work runs in a worker thread. Sandboxes that start at the same time with the same
        interpreter and environment share one listing process.
        """
        if self._run_dir.exists:
            return
        prepare = asyncio.ensure_future(asyncio.to_thread(self._prepare_start))
        try:
            work_dir, languages = await asyncio.shield(prepare)
        except asyncio.CancelledError:
            # Cancelled mid-start: let the thread finish (milliseconds), then remove the directory it made.
            with contextlib.suppress(Exception):
                await asyncio.to_thread(RunDirectory.delete, (await prepare)[0])
            raise
        if self._run_dir.exists:  # a concurrent start() finished first: keep its directory
            await asyncio.to_thread(RunDirectory.delete, work_dir)
            return
        self._run_dir.adopt(work_dir)
        self._languages = languages
        self._started = True
        if self._installed_packages is None:
            self._installed_packages = await self._shared_listing()

    async def stop(self) -> None:
        """Remove the work directory (unless ``keep_work_dir``), in a worker thread. Safe to call twice."""
        path = self._run_dir.release()
        self._languages = None
        self._started = False
        await asyncio.to_thread(RunDirectory.delete, path)

    async def restart(self) -> None:
        """Start over with a fresh, empty work directory."""
        await self.stop()
        await self.start()

    async def execute_code_blocks(
        self, code_blocks: list[CodeBlock], cancellation_token: CancellationToken
    ) -> CommandLineCodeResult:
        """Run the blocks in order, stopping at the first that fails.

        Returns:
            The exit code of the last block run (124 on timeout) and the output of all of them.

        Raises:
            SandboxError: The sandbox is not started.
            asyncio.CancelledError: ``cancellation_token`` was cancelled; the running process
                group is killed first.
        """
        work_dir = self.work_dir
        task = asyncio.create_task(self._run_blocks(code_blocks, work_dir))
        cancellation_token.link_future(task)
        return await task

    async def _run_blocks(self, code_blocks: list[CodeBlock], work_dir: Path) -> CommandLineCodeResult:
        python = self._python_executable or sys.executable
        env = self._environment(work_dir)
        outputs: list[str] = []
        exit_code = 0
        code_file: str | None = None
        for block in code_blocks:
            # The block's file is written in the worker thread that starts it, off the loop's thread.
            prepare = functools.partial(prepare_script, block.code, block.language, work_dir, python=python)
            try:
                script, exit_code, output = await self._run_script(prepare, work_dir, env)
            except UnsupportedLanguage as error:
                outputs.append(f"{error}\n")
                exit_code = 1
                break
            code_file = code_file or str(script.path)
            outputs.append(output)
            if exit_code != 0:
                break
        return CommandLineCodeResult(exit_code=exit_code, output="".join(outputs), code_file=code_file)

    def _prepare_start(self) -> tuple[Path, list[str]]:
        """In a worker thread: a new work directory, and the languages whose tools are on PATH."""
        return self._run_dir.make(), _find_languages()

    async def _shared_listing(self) -> tuple[str, ...] | None:
        """The packages the code can import, listed by the interpreter and environment the code gets.

        Sandboxes listing at the same time with the same interpreter and environment (an isolated
        ``HOME`` aside: a fresh directory adds nothing) wait for one listing instead of starting one each.
        """
        python = self._python_executable or sys.executable
        home = Path("<work dir>") if self._isolate_home else None
        env = sandbox_environment(pass_env=self._pass_env, extra_env=self._extra_env, home=home)
        key = (python, *sorted(f"{name}={value}" for name, value in env.items()))
        running = _listings.setdefault(asyncio.get_running_loop(), {})
        listing = running.get(key)
        if listing is None:
            # In a directory of its own: a waiting sandbox may stop, and remove its own, before it ends.
            place = RunDirectory(self._run_dir.parent, keep=False, kind="local")
            listing = asyncio.create_task(_list_packages(python, place, self._environment))
            running[key] = listing
            listing.add_done_callback(lambda _: running.pop(key, None))
        # One waiter's cancellation does not cancel the listing the others wait for.
        return await asyncio.shield(listing)

    def _environment(self, work_dir: Path) -> dict[str, str]:
        return sandbox_environment(
            pass_env=self._pass_env,
            extra_env=self._extra_env,
            home=work_dir if self._isolate_home else None,
        )

    async def _run_script(
        self, prepare: Callable[[], Script], work_dir: Path, env: Mapping[str, str]
    ) -> tuple[Script, int, str]:
        try:
            script, code, output = await _run_process(
                prepare, cwd=work_dir, env=env, timeout=self._timeout, max_output_bytes=self._max_output_bytes
            )
        except _ToolMissing as missing:
            script = missing.script
            return script, 127, f"{script.language} is not installed on this machine: {missing.error}\n"
        if code is None:
            return script, TIMEOUT_EXIT_CODE, output + timeout_marker(self._timeout)
        return script, (128 - code if code < 0 else code), output

    def _to_config(self) -> LocalSandboxConfig:  # type: ignore[override]
        return LocalSandboxConfig(
            timeout=self._timeout,
            work_dir=str(self._run_dir.parent) if self._run_dir.parent is not None else None,
            keep_work_dir=self._run_dir.keep,
            python_executable=self._python_executable,
            pass_env=list(self._pass_env),
            extra_env=dict(self._extra_env),
            isolate_home=self._isolate_home,
            max_output_bytes=self._max_output_bytes,
        )

    @classmethod
    def _from_config(cls, config: LocalSandboxConfig) -> Self:  # type: ignore[override]
        return cls(
            timeout=config.timeout,
            work_dir=config.work_dir,
            keep_work_dir=config.keep_work_dir,
            python_executable=config.python_executable,
            pass_env=config.pass_env,
            extra_env=config.extra_env,
            isolate_home=config.isolate_home,
            max_output_bytes=config.max_output_bytes,
        )


def _find_languages() -> list[str]:
    """The supported languages whose tool is on PATH (a file-system lookup: milliseconds)."""
    tools = {"python": True, "bash": "bash", "sh": "sh", "javascript": "node", "typescript": "tsc"}
    found = [lang for lang in SUPPORTED_LANGUAGES if tools[lang] is True or shutil.which(str(tools[lang]))]
    if "javascript" not in found and "typescript" in found:
        found.remove("typescript")
    return found


# The listings running now, per loop, by interpreter and environment (see LocalSandbox._shared_listing).
_listings: weakref.WeakKeyDictionary[
    asyncio.AbstractEventLoop, dict[tuple[str, ...], asyncio.Task[tuple[str, ...] | None]]
] = weakref.WeakKeyDictionary()


async def _list_packages(
    python: str, place: RunDirectory, environment: Callable[[Path], Mapping[str, str]]
) -> tuple[str, ...] | None:
    """Run the listing script like a code block, in a fresh directory from ``place`` with the environment
    the code gets there: started off the loop's thread, its output read by the loop."""
    try:
        work_dir = await asyncio.to_thread(place.make)
    except OSError as error:
        logger.warning("Could not list the packages of %s: %s", python, error)
        return None

    def prepare() -> Script:
        return Script(language="python", path=work_dir, argv=(python, "-c", LISTING_SCRIPT))

    try:
        _, code, output = await _run_process(
            prepare,
            cwd=work_dir,
            env=environment(work_dir),
            timeout=LISTING_TIMEOUT_SECONDS,
            max_output_bytes=DEFAULT_MAX_OUTPUT_BYTES,
        )
    except (_ToolMissing, OSError) as error:
        logger.warning("Could not list the packages of %s: %s", python, error)
        return None
    finally:
        await asyncio.to_thread(RunDirectory.delete, work_dir)
    packages = parse_listing(output) if code is not None else None
    if packages is None:
        why = output[-500:] if code is not None else f"no listing within {LISTING_TIMEOUT_SECONDS:g} s"
        logger.warning("Could not list the packages of %s: %s", python, why)
    return packages


async def _run_process(
    prepare: Callable[[], Script], *, cwd: Path, env: Mapping[str, str], timeout: float, max_output_bytes: int
) -> tuple[Script, int | None, str]:
    """Write and start a script (:func:`_start`), read its output on the loop, and wait for it to exit.

    Returns:
        The script, its exit code (None when ``timeout`` stopped it; negative for a signal) and its
        output (stdout and stderr together), bounded to ``max_output_bytes``.

    Raises:
        UnsupportedLanguage: From ``prepare``.
        _ToolMissing: The script's command is not installed.
    """
    buffer = OutputBuffer(max_output_bytes)
    # Our own pipe, read by the loop, and the exit seen on its own: waiting for the pipe to
    # close would let a background child that inherited it delay the result until the timeout.
    read_fd, write_fd = os.pipe()
    try:
        script, proc = await _start(prepare, cwd=cwd, env=env, output=write_fd)
    except BaseException:
        os.close(read_fd)
        raise
    finally:
        os.close(write_fd)
    pump = asyncio.create_task(_pump(read_fd, buffer))
    timed_out = False
    try:
        await asyncio.wait_for(_exited(proc), timeout)
    except asyncio.TimeoutError:
        timed_out = True
        # Ctrl-C first: Python prints where it was (a traceback), so a loop that never ends shows its line.
        _signal_group(proc.pid, signal.SIGINT)
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(_exited(proc), _INTERRUPT_SECONDS)
    finally:
        # Kill the whole group: the script's children, and whatever it left in the background.
        _kill_group(proc.pid)
        await _exited(proc)
        await asyncio.wait({pump}, timeout=_DRAIN_SECONDS)
        pump.cancel()
    code = None if timed_out else (proc.returncode if proc.returncode is not None else 1)
    return script, code, buffer.text()


async def _pump(read_fd: int, buffer: OutputBuffer) -> None:
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    transport, _ = await loop.connect_read_pipe(
        lambda: asyncio.StreamReaderProtocol(reader), os.fdopen(read_fd, "rb", buffering=0)
    )
    try:
        while chunk := await reader.read(65536):
            buffer.feed(chunk)
    finally:
        transport.close()


# One process starts at a time per loop: the starts run in worker threads, and several at once
# would hold the GIL between them long enough to stall the loop again.
_start_locks: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock] = weakref.WeakKeyDictionary()


async def _start(
    prepare: Callable[[], Script], *, cwd: Path, env: Mapping[str, str], output: int
) -> tuple[Script, subprocess.Popen[bytes]]:
    """Write a script and start it in its own session, from a worker thread, one at a time.

    Starting a process (fork and exec) takes milliseconds, and the GIL is free meanwhile only off
    the loop's thread: 100 sessions starting from the loop stalled it for half a second. Writing the
    script's file in the same thread keeps that file-system work off the loop's thread too.
    """
    async with _start_locks.setdefault(asyncio.get_running_loop(), asyncio.Lock()):
        start = asyncio.ensure_future(asyncio.to_thread(_launch, prepare, cwd=cwd, env=env, output=output))
        try:
            return await asyncio.shield(start)
        except asyncio.CancelledError:
            # Cancelled mid-start: let the start finish (milliseconds), so the caller does not close
            # the output pipe under it, then stop what it started.
            with contextlib.suppress(Exception):
                _, proc = await start
                _kill_group(proc.pid)
                await _exited(proc)
            raise


class _ToolMissing(Exception):
    """The command of a prepared script is not installed."""

    def __init__(self, script: Script, error: FileNotFoundError) -> None:
        super().__init__(str(error))
        self.script = script
        self.error = error


def _launch(
    prepare: Callable[[], Script], *, cwd: Path, env: Mapping[str, str], output: int
) -> tuple[Script, subprocess.Popen[bytes]]:
    """In a worker thread: write the script, then start it with ``output`` as its stdout and stderr."""
    script = prepare()
    # A host started in the background by a script ignores Ctrl-C, and children inherit that: the
    # limit's Ctrl-C would then do nothing, and Python would never print where it was.
    restore_ctrl_c = signal.getsignal(signal.SIGINT) == signal.SIG_IGN
    try:
        proc = subprocess.Popen(
            list(script.argv),
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=output,
            stderr=output,
            start_new_session=True,
            preexec_fn=functools.partial(signal.signal, signal.SIGINT, signal.SIG_DFL) if restore_ctrl_c else None,
        )
    except FileNotFoundError as error:
        raise _ToolMissing(script, error) from error
    return script, proc


async def _exited(proc: subprocess.Popen[bytes]) -> int:
    """Wait for ``proc`` to exit without a thread: a pidfd becomes readable when it does (Linux)."""
    if proc.poll() is not None:
        return proc.returncode
    try:
        pidfd = os.pidfd_open(proc.pid)
    except (AttributeError, OSError):  # not Linux 5.3+: a worker thread waits
        return await asyncio.to_thread(proc.wait)
    loop = asyncio.get_running_loop()
    done = loop.create_future()

    def on_exit() -> None:
        if not done.done():
            done.set_result(None)

    loop.add_reader(pidfd, on_exit)
    try:
        await done
    finally:
        loop.remove_reader(pidfd)
        os.close(pidfd)
    return proc.wait()


def _kill_group(pgid: int) -> None:
    _signal_group(pgid, signal.SIGKILL)


def _signal_group(pgid: int, signal_number: signal.Signals) -> None:
    # The group is gone once all its processes have exited: nothing left to signal.
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, signal_number)
