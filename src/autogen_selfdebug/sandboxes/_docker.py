"""The Docker sandbox: one locked-down container per run, reused by every attempt of the run."""

from __future__ import annotations

import asyncio
import atexit
import logging
import os
import socket
import threading
import uuid
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, cast

import docker
from autogen_core import CancellationToken, Component
from autogen_core.code_executor import CodeBlock
from autogen_ext.code_executors._common import CommandLineCodeResult
from autogen_ext.code_executors.docker import DockerCommandLineCodeExecutor
from docker.errors import DockerException, ImageNotFound, NotFound
from pydantic import BaseModel
from typing_extensions import Self

from .._errors import SandboxError
from ._languages import SUPPORTED_LANGUAGES, UnsupportedLanguage, prepare_script
from ._output import DEFAULT_MAX_OUTPUT_BYTES, TIMEOUT_EXIT_CODE, OutputBuffer, timeout_marker
from ._packages import (
    LISTING_SCRIPT,
    LISTING_TIMEOUT_SECONDS,
    ensure_image_with_packages,
    parse_listing,
    validate_packages,
)
from ._run_dir import RunDirectory

__all__ = ["DEFAULT_IMAGE", "DockerSandbox", "DockerSandboxConfig"]

logger = logging.getLogger(__name__)

DEFAULT_IMAGE = "autogen-selfdebug-sandbox:2"
"""The image ``scripts/build-sandbox-image.sh`` builds: python3 with pytest and pip, bash, nodejs and tsc on Debian."""

ENGINE_SCRIPT = "scripts/docker-engine.sh"
IMAGE_SCRIPT = "scripts/build-sandbox-image.sh"

_LABEL = "autogen-selfdebug.sandbox"
_LABEL_PID = "autogen-selfdebug.pid"
_LABEL_HOST = "autogen-selfdebug.host"
_MOUNT = "/workspace"
_KILL_GRACE_SECONDS = 2
_HOST_GRACE_SECONDS = 10
# `timeout` sends its signal to the command and then to the command's process group, so a command
# it runs directly gets Ctrl-C twice, and a second one that lands while Python prints the first
# traceback loses it ("lost sys.stderr"). A shell in between takes the direct one, and its trap
# (a handler, not an ignore, so the program keeps the default) outlives it: the program and its
# children get one Ctrl-C each, from the group's.
_ONE_CTRL_C = ("sh", "-c", 'trap : INT; "$@"; exit $?', "sh")
_DIED_MESSAGE = (
    "The sandbox container stopped during the execution (killed from outside, or the engine went away). "
    "The next execution starts a fresh container. Output so far:\n"
)
_EXEC_FAILED = "OCI runtime exec failed"
_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
# Where `pip install` puts packages with allow_install: the container's own disk, not the
# work directory, so they go with the container and never land among the user's files.
_PIP_USER_BASE = "/tmp/selfdebug-pip"

# PID 1 of the container: reaps orphans (so killed processes do not pile up as zombies
# against the pids limit) and is immune to the `kill -9 -1` that ends each execution.
_REAPER = """\
import os, signal, time
signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
while True:
    try:
        os.waitpid(-1, 0)
    except ChildProcessError:
        time.sleep(1)
"""

# Containers this process started and has not removed yet: id -> engine address.
_live_containers: dict[str, str | None] = {}
_live_lock = threading.Lock()


def _remove_leftover_containers() -> None:
    """At interpreter exit, remove the containers of sandboxes that were never stopped."""
    with _live_lock:
        leftovers = dict(_live_containers)
        _live_containers.clear()
    for container_id, base_url in leftovers.items():
        try:
            client = docker.DockerClient(base_url=base_url) if base_url else docker.from_env()
            client.api.remove_container(container_id, force=True)
        except (DockerException, OSError) as error:
            logger.warning("Could not remove sandbox container %s at exit: %s", container_id[:12], error)


atexit.register(_remove_leftover_containers)


class DockerSandboxConfig(BaseModel):
    """Configuration of :class:`DockerSandbox`; lists every constructor argument."""

    image: str = DEFAULT_IMAGE
    timeout: int = 60
    work_dir: str | None = None
    keep_work_dir: bool = False
    network_mode: str = "none"
    mem_limit: str = "512m"
    pids_limit: int = 256
    cpus: float = 1.0
    user: str | None = None
    extra_env: dict[str, str] = {}
    max_output_bytes: int = DEFAULT_MAX_OUTPUT_BYTES
    docker_host: str | None = None
    packages: list[str] = []
    allow_install: bool = False


class DockerSandbox(DockerCommandLineCodeExecutor, Component[DockerSandboxConfig]):
    """Runs code blocks in a Docker container, started by ``start()`` and removed by ``stop()``.

    One container serves every execution of a run, so files written by one attempt are
    there for the next. Between ``start()`` and ``stop()`` it has no network, at most
    ``mem_limit`` of memory, ``pids_limit`` processes and ``cpus`` CPUs, no capabilities,
    and runs as your user id. The run's work directory is a fresh host directory mounted
    at ``/workspace``; nothing else of the host is visible.

    Each execution ends by killing every process it left behind. A container that dies
    during an execution raises :class:`SandboxError`; the next execution starts a fresh
    one. Containers are removed on ``stop()``, on exit of the interpreter (Ctrl-C
    included), and, if a process was killed outright, by the next sandbox that starts on
    this host.

    Args:
        image: The image; it needs ``python3``, ``sh`` and coreutils' ``timeout`` (and
            ``bash``, ``node``, ``tsc`` for those languages). ``scripts/build-sandbox-image.sh``
            builds the default one.
        timeout: Seconds one code block may run.
        work_dir: Parent directory of the per-run work directories (default: the system
            temporary directory).
        keep_work_dir: Keep the run's work directory after ``stop()``.
        network_mode: Docker network mode; ``"none"`` disables the network.
        mem_limit: Memory limit (swap included), in Docker's notation (``"512m"``).
        pids_limit: Maximum number of processes in the container.
        cpus: CPUs the container may use.
        user: ``uid:gid`` to run as (default: the host's, so work files stay yours).
        extra_env: Environment variables for the code.
        max_output_bytes: Output kept per code block.
        docker_host: Engine address (default: ``DOCKER_HOST`` or the local socket).
        packages: PyPI packages to add to the image (``["numpy", "pandas==2.2.3"]``). The
            first ``start()`` builds an image from ``image`` with them (binary wheels, fetched
            on the host; cached under a tag derived from the base image and the packages);
            the container still runs with ``network_mode``.
        allow_install: Let the code ``pip install`` at run time. It needs a ``network_mode``
            other than ``"none"`` that reaches PyPI, so the code gets that network too: it
            can send your work directory's contents anywhere and download anything. Off by default.

    Example:
        >>> import asyncio
        >>> from autogen_core import CancellationToken
        >>> from autogen_core.code_executor import CodeBlock
        >>> async def demo() -> str:
        ...     async with DockerSandbox(timeout=10) as sandbox:
        ...         result = await sandbox.execute_code_blocks(
        ...             [CodeBlock(code="console.log(6 * 7)", language="js")], CancellationToken()
        ...         )
        ...         return result.output.strip()
        >>> asyncio.run(demo())  # doctest: +SKIP
        '42'
    """

    component_config_schema = DockerSandboxConfig  # type: ignore[assignment]
    component_provider_override = "autogen_selfdebug.sandboxes.DockerSandbox"

    def __init__(
        self,
        image: str = DEFAULT_IMAGE,
        *,
        timeout: int = 60,
        work_dir: Path | str | None = None,
        keep_work_dir: bool = False,
        network_mode: str = "none",
        mem_limit: str = "512m",
        pids_limit: int = 256,
        cpus: float = 1.0,
        user: str | None = None,
        extra_env: Mapping[str, str] | None = None,
        max_output_bytes: int = DEFAULT_MAX_OUTPUT_BYTES,
        docker_host: str | None = None,
        packages: Sequence[str] = (),
        allow_install: bool = False,
    ) -> None:
        super().__init__(image=image, timeout=timeout, auto_remove=False, stop_container=False)
        if max_output_bytes < 2:
            raise ValueError("max_output_bytes must be at least 2")
        if pids_limit < 8:
            raise ValueError("pids_limit must be at least 8")
        if cpus <= 0:
            raise ValueError("cpus must be positive")
        if allow_install and network_mode == "none":
            raise ValueError(
                "allow_install=True needs a network to reach PyPI, but network_mode is 'none'. "
                "Pass a network_mode that reaches PyPI, or install packages at build time with packages=[...]."
            )
        self._packages = validate_packages(packages)
        self._allow_install = allow_install
        self._run_image = image
        self._installed_packages: tuple[str, ...] | None = None
        self._run_dir = RunDirectory(work_dir, keep=keep_work_dir, kind="Docker")
        self._network_mode = network_mode
        self._mem_limit = mem_limit
        self._pids_limit = pids_limit
        self._cpus = cpus
        self._user = user
        self._extra_env = dict(extra_env or {})
        self._max_output_bytes = max_output_bytes
        self._docker_host = docker_host
        self._client: Any = None
        self._container_id: str | None = None
        self._lock = asyncio.Lock()

    @property
    def supported_languages(self) -> list[str]:
        """The languages the sandbox image runs."""
        return list(SUPPORTED_LANGUAGES)

    @property
    def work_dir(self) -> Path:
        """This run's work directory on the host, mounted at ``/workspace``."""
        return self._run_dir.path

    @property
    def container_id(self) -> str | None:
        """The id of the current container, or None when there is none."""
        return self._container_id

    @property
    def run_image(self) -> str:
        """The image containers start from: ``image``, or after ``start()`` the one built with ``packages``."""
        return self._run_image

    @property
    def installed_packages(self) -> tuple[str, ...] | None:
        """Top-level modules the code can import beyond the standard library, listed at the first ``start()``.

        None before that, or when the listing failed. Packages the code installs itself are not in it.
        """
        return self._installed_packages

    @property
    def can_install(self) -> bool:
        """Whether the code may ``pip install`` (``allow_install``)."""
        return self._allow_install

    async def start(self) -> None:
        """Connect to the engine, check the image (build the one with ``packages`` once), start the container.

        Raises:
            SandboxError: No engine answers, the image is missing, or a package cannot be installed.
        """
        if self._started:
            return
        self._client = await asyncio.to_thread(self._connect)
        try:
            await asyncio.to_thread(self._check_image)
            if self._packages:
                self._run_image = await asyncio.to_thread(
                    ensure_image_with_packages, self._client, self._image, self._packages
                )
        except BaseException:
            client, self._client = self._client, None
            client.close()
            raise
        await asyncio.to_thread(self._remove_orphans)
        self._run_dir.create()
        self._started = True
        try:
            await self._start_container()
            if self._installed_packages is None:
                self._installed_packages = await self._list_packages()
        except BaseException:
            await self.stop()
            raise

    async def stop(self) -> None:
        """Remove the container and the work directory (unless ``keep_work_dir``). Safe to call twice."""
        if not self._started:
            return
        self._started = False
        self._running = False
        await self._remove_container()
        self._run_dir.remove()
        client, self._client = self._client, None
        if client is not None:
            client.close()

    async def restart(self) -> None:
        """Start over: a fresh container and a fresh, empty work directory."""
        await self.stop()
        await self.start()

    async def execute_code_blocks(
        self, code_blocks: list[CodeBlock], cancellation_token: CancellationToken
    ) -> CommandLineCodeResult:
        """Run the blocks in order in the container, stopping at the first that fails.

        Returns:
            The exit code of the last block run (124 on timeout) and the output of all of them.

        Raises:
            SandboxError: The sandbox is not started, or its container died during the
                execution (the next execution then starts a fresh container).
            asyncio.CancelledError: ``cancellation_token`` was cancelled; the running
                processes are killed first.
        """
        if not self._started:
            raise SandboxError("The Docker sandbox is not started: call start() or use `async with`.")
        task = asyncio.create_task(self._run_blocks(code_blocks))
        cancellation_token.link_future(task)
        return await task

    # -- execution -------------------------------------------------------------------------

    async def _run_blocks(self, code_blocks: list[CodeBlock]) -> CommandLineCodeResult:
        async with self._lock:
            if self._container_id is None:
                await self._start_container()
            outputs: list[str] = []
            exit_code = 0
            code_file: str | None = None
            try:
                for block in code_blocks:
                    try:
                        script = prepare_script(block.code, block.language, self.work_dir, python="python3")
                    except UnsupportedLanguage as error:
                        outputs.append(f"{error}\n")
                        exit_code = 1
                        break
                    code_file = code_file or str(script.path)
                    exit_code, output = await self._exec(list(script.argv))
                    outputs.append(output)
                    if exit_code != 0:
                        break
            finally:
                alive = await self._kill_leftovers()
            if not alive:
                raise SandboxError(_DIED_MESSAGE + "".join(outputs))
            return CommandLineCodeResult(exit_code=exit_code, output="".join(outputs), code_file=code_file)

    async def _exec(self, argv: list[str], *, retry: bool = True) -> tuple[int, str]:
        container_id = self._container_id
        assert container_id is not None
        buffer = OutputBuffer(self._max_output_bytes)
        # Ctrl-C (SIGINT) at the limit: Python prints where it was, so a loop that never ends shows its line.
        command = ["timeout", "-s", "INT", "-k", str(_KILL_GRACE_SECONDS), str(self._timeout), *_ONE_CTRL_C, *argv]
        loop = asyncio.get_running_loop()
        started = loop.time()
        future = asyncio.ensure_future(asyncio.to_thread(self._exec_blocking, container_id, command, buffer))
        try:
            exit_code = await asyncio.wait_for(asyncio.shield(future), self._timeout + _HOST_GRACE_SECONDS)
        except asyncio.TimeoutError:
            # `timeout` inside the container did not end it: kill everything there.
            await self._kill_leftovers()
            await asyncio.wait({future}, timeout=_HOST_GRACE_SECONDS)
            exit_code = TIMEOUT_EXIT_CODE
        except asyncio.CancelledError:
            await self._kill_leftovers()
            raise
        elapsed = loop.time() - started
        if exit_code in (TIMEOUT_EXIT_CODE, 137) and elapsed >= self._timeout:
            return TIMEOUT_EXIT_CODE, buffer.text() + timeout_marker(self._timeout)
        if exit_code == 126 and _EXEC_FAILED in buffer.text() and retry:
            # The engine could not even start the process (say, the pids limit is still full):
            # the code never ran, so running it again in a fresh container is safe.
            logger.warning("Could not exec in sandbox container %s; replacing it.", container_id[:12])
            await self._replace_container()
            return await self._exec(argv, retry=False)
        if (exit_code is None or exit_code >= 128) and await self._container_died(container_id):
            await self._remove_container()
            raise SandboxError(_DIED_MESSAGE + buffer.text())
        return (exit_code if exit_code is not None else 1), buffer.text()

    async def _list_packages(self) -> tuple[str, ...] | None:
        container_id = self._container_id
        assert container_id is not None
        buffer = OutputBuffer(self._max_output_bytes)
        command = ["timeout", str(int(LISTING_TIMEOUT_SECONDS)), "python3", "-c", LISTING_SCRIPT]
        exit_code = await asyncio.to_thread(self._exec_blocking, container_id, command, buffer)
        packages = parse_listing(buffer.text())
        if packages is None:
            logger.warning("Could not list the packages of %s (exit %s): %s", self._run_image, exit_code, buffer.text())
        return packages

    async def _container_died(self, container_id: str) -> bool:
        # A killed container's exec can end a moment before the engine marks the container stopped.
        for _ in range(5):
            if not await asyncio.to_thread(self._container_running, container_id):
                return True
            await asyncio.sleep(0.2)
        return False

    def _exec_blocking(self, container_id: str, command: list[str], buffer: OutputBuffer) -> int | None:
        api = self._client.api
        try:
            exec_id = api.exec_create(container_id, command, workdir=_MOUNT, environment=self._environment())["Id"]
            for chunk in api.exec_start(exec_id, stream=True):
                buffer.feed(chunk)
            return cast("int | None", api.exec_inspect(exec_id).get("ExitCode"))
        except (DockerException, OSError) as error:
            # The container or the engine went away mid-run; the caller checks which.
            logger.debug("exec in sandbox container %s failed: %s", container_id[:12], error)
            return None

    async def _kill_leftovers(self) -> bool:
        """Kill every process in the container but PID 1. False if the container is dead.

        If the kill cannot run (for example the pids limit is full) the container is replaced.
        """
        container_id = self._container_id
        if container_id is None:
            return True
        if await asyncio.to_thread(self._kill_all_blocking, container_id):
            return True
        if not await asyncio.to_thread(self._container_running, container_id):
            await self._remove_container()
            return False
        logger.warning("Could not clean sandbox container %s; replacing it.", container_id[:12])
        await self._replace_container()
        return True

    async def _replace_container(self) -> None:
        await self._remove_container()
        if self._started:
            await self._start_container()

    def _kill_all_blocking(self, container_id: str) -> bool:
        api = self._client.api
        try:
            # kill fails with "no such process" when nothing is left, which is the usual case: only
            # a shell that cannot start at all (the pids limit is full) means the container needs replacing.
            exec_id = api.exec_create(container_id, ["sh", "-c", "kill -9 -1 2>/dev/null; true"])["Id"]
            api.exec_start(exec_id)
            exit_code = api.exec_inspect(exec_id).get("ExitCode")
        except (DockerException, OSError) as error:
            logger.debug("kill in sandbox container %s failed: %s", container_id[:12], error)
            return False
        return bool(exit_code == 0)

    def _container_running(self, container_id: str) -> bool:
        try:
            state = self._client.api.inspect_container(container_id)["State"]
        except (DockerException, OSError):
            return False
        return bool(state.get("Running"))

    def _environment(self) -> dict[str, str]:
        env = {"PATH": _PATH, "HOME": _MOUNT, "LANG": "C.UTF-8", "PYTHONUNBUFFERED": "1"}
        if self._allow_install:
            # Debian's pip refuses the system Python (PEP 668): install per user, into the container's /tmp.
            env.update(
                PATH=f"{_PIP_USER_BASE}/bin:{_PATH}",
                PIP_BREAK_SYSTEM_PACKAGES="1",
                PIP_USER="1",
                PYTHONUSERBASE=_PIP_USER_BASE,
                PIP_NO_CACHE_DIR="1",
                PIP_DISABLE_PIP_VERSION_CHECK="1",
            )
        env.update(self._extra_env)
        return env

    # -- container lifecycle -------------------------------------------------------------------

    def _connect(self) -> Any:
        where = self._docker_host or os.environ.get("DOCKER_HOST") or "the default socket"
        try:
            client = docker.DockerClient(base_url=self._docker_host) if self._docker_host else docker.from_env()
            client.ping()
        except (DockerException, OSError) as error:
            raise SandboxError(
                f"No Docker engine answers at {where}: {error}. "
                f"Start one with `bash {ENGINE_SCRIPT}`, or use the local sandbox."
            ) from error
        return client

    def _check_image(self) -> None:
        try:
            self._client.images.get(self._image)
        except ImageNotFound as error:
            raise SandboxError(
                f"The sandbox image {self._image!r} does not exist on this engine. Build it with `bash {IMAGE_SCRIPT}`."
            ) from error
        except (DockerException, OSError) as error:
            raise SandboxError(f"Could not inspect the sandbox image {self._image!r}: {error}") from error

    def _remove_orphans(self) -> None:
        """Remove sandbox containers on this host whose Python process is gone (killed outright)."""
        try:
            containers = self._client.api.containers(all=True, filters={"label": _LABEL})
        except (DockerException, OSError) as error:
            logger.debug("Could not list sandbox containers: %s", error)
            return
        for info in containers:
            labels = info.get("Labels") or {}
            if labels.get(_LABEL_HOST) != socket.gethostname() or _pid_alive(labels.get(_LABEL_PID, "")):
                continue
            try:
                self._client.api.remove_container(info["Id"], force=True)
                logger.info("Removed orphaned sandbox container %s", info["Id"][:12])
            except (DockerException, OSError) as error:
                logger.debug("Could not remove orphaned container %s: %s", info["Id"][:12], error)

    async def _start_container(self) -> None:
        self.container_name = f"selfdebug-sandbox-{uuid.uuid4().hex[:12]}"
        container_id = await asyncio.to_thread(self._create_container_blocking)
        self._container_id = container_id
        self._running = True

    def _create_container_blocking(self) -> str:
        user = self._user if self._user is not None else f"{os.getuid()}:{os.getgid()}"
        try:
            container = self._client.containers.create(
                self._run_image,
                command=["python3", "-c", _REAPER],
                name=self.container_name,
                labels={_LABEL: "1", _LABEL_PID: str(os.getpid()), _LABEL_HOST: socket.gethostname()},
                detach=True,
                network_mode=self._network_mode,
                mem_limit=self._mem_limit,
                memswap_limit=self._mem_limit,
                pids_limit=self._pids_limit,
                nano_cpus=int(self._cpus * 1e9),
                user=user,
                cap_drop=["ALL"],
                security_opt=["no-new-privileges"],
                environment=self._environment(),
                volumes={str(self.work_dir.resolve()): {"bind": _MOUNT, "mode": "rw"}},
                working_dir=_MOUNT,
            )
        except (DockerException, OSError) as error:
            raise SandboxError(f"Could not create the sandbox container from {self._run_image!r}: {error}") from error
        container_id = cast(str, container.id)
        with _live_lock:
            _live_containers[container_id] = self._docker_host
        try:
            container.start()
        except (DockerException, OSError) as error:
            self._remove_container_blocking(container_id)
            raise SandboxError(f"Could not start the sandbox container: {error}") from error
        return container_id

    async def _remove_container(self) -> None:
        container_id, self._container_id = self._container_id, None
        self._running = False
        if container_id is not None:
            await asyncio.to_thread(self._remove_container_blocking, container_id)

    def _remove_container_blocking(self, container_id: str) -> None:
        try:
            self._client.api.remove_container(container_id, force=True)
        except NotFound:
            pass  # already gone: removed from outside, which is what we wanted
        except (DockerException, OSError) as error:
            logger.warning("Could not remove sandbox container %s: %s", container_id[:12], error)
            return
        with _live_lock:
            _live_containers.pop(container_id, None)

    def _to_config(self) -> DockerSandboxConfig:  # type: ignore[override]
        return DockerSandboxConfig(
            image=self._image,
            timeout=self._timeout,
            work_dir=str(self._run_dir.parent) if self._run_dir.parent is not None else None,
            keep_work_dir=self._run_dir.keep,
            network_mode=self._network_mode,
            mem_limit=self._mem_limit,
            pids_limit=self._pids_limit,
            cpus=self._cpus,
            user=self._user,
            extra_env=dict(self._extra_env),
            max_output_bytes=self._max_output_bytes,
            docker_host=self._docker_host,
            packages=list(self._packages),
            allow_install=self._allow_install,
        )

    @classmethod
    def _from_config(cls, config: DockerSandboxConfig) -> Self:  # type: ignore[override]
        return cls(
            config.image,
            timeout=config.timeout,
            work_dir=config.work_dir,
            keep_work_dir=config.keep_work_dir,
            network_mode=config.network_mode,
            mem_limit=config.mem_limit,
            pids_limit=config.pids_limit,
            cpus=config.cpus,
            user=config.user,
            extra_env=config.extra_env,
            max_output_bytes=config.max_output_bytes,
            docker_host=config.docker_host,
            packages=config.packages,
            allow_install=config.allow_install,
        )


def _pid_alive(pid_text: str) -> bool:
    try:
        os.kill(int(pid_text), 0)
    except (ValueError, ProcessLookupError):
        return False
    except PermissionError:
        return True
    return True
