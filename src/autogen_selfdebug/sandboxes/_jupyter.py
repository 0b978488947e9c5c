"""The Jupyter sandbox: a local IPython kernel whose state survives between attempts.

Imported only by :func:`~autogen_selfdebug.sandboxes.create_sandbox` (or on first use of
``JupyterSandbox``), because it needs the optional ``jupyter`` extra.
"""

from __future__ import annotations

import asyncio
import base64
import inspect
import logging
import re
from collections.abc import Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any, cast

from autogen_core import CancellationToken, Component
from autogen_core.code_executor import CodeBlock, CodeExecutor, CodeResult
from pydantic import BaseModel
from typing_extensions import Self

from .._errors import SandboxError
from ._languages import normalize_language
from ._local import sandbox_environment
from ._output import TIMEOUT_EXIT_CODE, timeout_marker
from ._packages import LISTING_EXPRESSION, LISTING_TIMEOUT_SECONDS, parse_listing
from ._run_dir import RunDirectory

try:
    from nbclient import NotebookClient
    from nbformat import v4 as nbformat
except ImportError as error:  # pragma: no cover - exercised only without the extra
    raise SandboxError(
        "The jupyter sandbox needs the optional extra: pip install 'autogen-selfdebug[jupyter]'"
    ) from error

__all__ = ["JupyterSandbox", "JupyterSandboxConfig"]

logger = logging.getLogger(__name__)

_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


class JupyterSandboxConfig(BaseModel):
    """Configuration of :class:`JupyterSandbox`; lists every constructor argument."""

    timeout: int = 60
    work_dir: str | None = None
    keep_work_dir: bool = False
    kernel_name: str = "python3"
    pass_env: list[str] = []
    extra_env: dict[str, str] = {}


class JupyterSandbox(CodeExecutor, Component[JupyterSandboxConfig]):
    """Runs Python blocks in a Jupyter kernel on this machine; variables survive between attempts.

    Like :class:`~autogen_selfdebug.sandboxes.LocalSandbox`, this is not isolation: the
    kernel runs as you. The kernel sees only the allowlisted environment, runs in a fresh
    work directory per ``start()``, and a cell that exceeds ``timeout`` is interrupted
    (exit code 124, output so far kept) without losing the kernel's state.

    Args:
        timeout: Seconds one code block may run.
        work_dir: Parent directory of the per-run work directories.
        keep_work_dir: Keep the run's work directory after ``stop()``.
        kernel_name: The Jupyter kernel to start.
        pass_env: More environment variable names to pass through.
        extra_env: Environment variables to set.

    Example:
        >>> import asyncio
        >>> from autogen_core import CancellationToken
        >>> from autogen_core.code_executor import CodeBlock
        >>> async def demo() -> str:
        ...     async with JupyterSandbox(timeout=30) as sandbox:
        ...         run = sandbox.execute_code_blocks
        ...         await run([CodeBlock(code="x = 41", language="python")], CancellationToken())
        ...         result = await run([CodeBlock(code="print(x + 1)", language="python")], CancellationToken())
        ...         return result.output.strip()
        >>> asyncio.run(demo())  # doctest: +SKIP
        '42'
    """

    component_config_schema = JupyterSandboxConfig
    component_provider_override = "autogen_selfdebug.sandboxes.JupyterSandbox"

    def __init__(
        self,
        timeout: int = 60,
        work_dir: Path | str | None = None,
        *,
        keep_work_dir: bool = False,
        kernel_name: str = "python3",
        pass_env: Sequence[str] = (),
        extra_env: Mapping[str, str] | None = None,
    ) -> None:
        if timeout < 1:
            raise ValueError("timeout must be at least 1")
        self._timeout = timeout
        self._run_dir = RunDirectory(work_dir, keep=keep_work_dir, kind="Jupyter")
        self._kernel_name = kernel_name
        self._pass_env = list(pass_env)
        self._extra_env = dict(extra_env or {})
        self._figures: list[Path] = []
        self._client: Any = None
        self._kernel: AbstractAsyncContextManager[None] | None = None
        self._installed_packages: tuple[str, ...] | None = None

    @property
    def supported_languages(self) -> list[str]:
        """The kernel runs Python only."""
        return ["python"]

    @property
    def timeout(self) -> int:
        """Seconds one code block may run."""
        return self._timeout

    @property
    def work_dir(self) -> Path:
        """This run's work directory: the kernel's current directory."""
        return self._run_dir.path

    @property
    def installed_packages(self) -> tuple[str, ...] | None:
        """Top-level modules the kernel can import beyond the standard library, listed at the first ``start()``.

        None before that, or when the listing failed.
        """
        return self._installed_packages

    @property
    def can_install(self) -> bool:
        """False: the Jupyter sandbox does not offer ``pip install`` to the code (it would change your environment)."""
        return False

    async def start(self) -> None:
        """Create a fresh work directory, start the kernel, and list its packages once.

        Does nothing if already started.
        """
        if self._client is not None:
            return
        run_dir = self._run_dir.create()
        self._figures = []
        client = NotebookClient(
            nbformat.new_notebook(),  # type: ignore[no-untyped-call]
            kernel_name=self._kernel_name,
            timeout=self._timeout,
            allow_errors=True,
            interrupt_on_timeout=True,
            resources={"metadata": {"path": str(run_dir)}},
        )
        env = sandbox_environment(pass_env=self._pass_env, extra_env=self._extra_env, home=run_dir)
        kernel: AbstractAsyncContextManager[None] = client.async_setup_kernel(env=env, cwd=str(run_dir))
        try:
            await kernel.__aenter__()
        except Exception as error:
            await self.stop()
            raise SandboxError(f"Could not start the Jupyter kernel {self._kernel_name!r}: {error}") from error
        self._client, self._kernel = client, kernel
        if self._installed_packages is None:
            self._installed_packages = await self._list_packages()

    async def stop(self) -> None:
        """Shut the kernel down and remove the work directory (unless ``keep_work_dir``)."""
        kernel, self._kernel, self._client = self._kernel, None, None
        if kernel is not None:
            await kernel.__aexit__(None, None, None)
        self._run_dir.remove()

    async def restart(self) -> None:
        """Start over: a new kernel (state lost) in a fresh work directory."""
        await self.stop()
        await self.start()

    async def execute_code_blocks(
        self, code_blocks: list[CodeBlock], cancellation_token: CancellationToken
    ) -> CodeResult:
        """Run the blocks as cells, stopping at the first that fails (124 on timeout).

        Raises:
            SandboxError: The sandbox is not started.
            asyncio.CancelledError: ``cancellation_token`` was cancelled; the kernel is interrupted first.
        """
        if self._client is None:
            raise SandboxError("The Jupyter sandbox is not started: call start() or use `async with`.")
        task = asyncio.create_task(self._run_blocks(code_blocks))
        cancellation_token.link_future(task)
        return await task

    async def _list_packages(self) -> tuple[str, ...] | None:
        """Ask the kernel, as a silent user expression: no cell, no history, no name left in the user namespace."""
        kernel_client = self._client.kc

        async def reply_to(msg_id: str) -> dict[str, Any]:
            while True:
                reply = kernel_client.get_shell_msg()
                reply = await reply if inspect.isawaitable(reply) else reply
                if reply.get("parent_header", {}).get("msg_id") == msg_id:
                    return cast("dict[str, Any]", reply)

        try:
            msg_id = kernel_client.execute(
                "", silent=True, store_history=False, user_expressions={"packages": LISTING_EXPRESSION}
            )
            reply = await asyncio.wait_for(reply_to(msg_id), LISTING_TIMEOUT_SECONDS)
        except (asyncio.TimeoutError, OSError, RuntimeError) as error:
            logger.warning("Could not list the packages of the Jupyter kernel: %s", error or type(error).__name__)
            return None
        expression = reply.get("content", {}).get("user_expressions", {}).get("packages", {})
        packages = parse_listing(expression.get("data", {}).get("text/plain", ""))
        if packages is None:
            logger.warning("Could not list the packages of the Jupyter kernel: %s", expression)
        return packages

    async def _run_blocks(self, code_blocks: list[CodeBlock]) -> CodeResult:
        outputs: list[str] = []
        exit_code = 0
        for block in code_blocks:
            if normalize_language(block.language) != "python":
                outputs.append(f"unsupported language {block.language!r}; this sandbox runs python\n")
                exit_code = 1
                break
            exit_code, output = await self._run_cell(block.code)
            outputs.append(output)
            if exit_code != 0:
                break
        return CodeResult(exit_code=exit_code, output="".join(outputs))

    async def _run_cell(self, code: str) -> tuple[int, str]:
        client = self._client
        cell = nbformat.new_code_cell(code)  # type: ignore[no-untyped-call]
        client.nb.cells.append(cell)
        loop = asyncio.get_running_loop()
        started = loop.time()
        try:
            await client.async_execute_cell(cell, cell_index=len(client.nb.cells) - 1)
        except asyncio.CancelledError:
            await client.km.interrupt_kernel()
            raise
        finally:
            client.nb.cells.pop()
        texts: list[str] = []
        exit_code = 0
        interrupted = False
        for out in cell.get("outputs", []):
            kind = out.get("output_type")
            if kind == "stream":
                texts.append(out.get("text", ""))
            elif kind == "error":
                exit_code = 1
                interrupted = out.get("ename") == "KeyboardInterrupt"
                texts.append(_ANSI.sub("", "\n".join(out.get("traceback", []))) + "\n")
            elif kind in ("execute_result", "display_data"):
                data = out.get("data", {})
                if "image/png" in data:
                    texts.append(f"[figure saved to {self._save_figure(data['image/png'])}]\n")
                elif data.get("text/plain"):
                    texts.append(data["text/plain"] + "\n")
        if interrupted and loop.time() - started >= self._timeout:
            return TIMEOUT_EXIT_CODE, "".join(texts) + timeout_marker(self._timeout)
        return exit_code, "".join(texts)

    def _save_figure(self, encoded: str) -> Path:
        """Write an inline PNG (a matplotlib figure) into the work dir, so the model and the caller can see it."""
        path = self.work_dir / f"figure_{len(self._figures) + 1}.png"
        path.write_bytes(base64.b64decode(encoded))
        self._figures.append(path)
        return path

    @property
    def figures(self) -> list[Path]:
        """The images the code displayed in this run (``plt.show()``), saved as PNG files in the work dir."""
        return list(self._figures)

    def _to_config(self) -> JupyterSandboxConfig:
        return JupyterSandboxConfig(
            timeout=self._timeout,
            work_dir=str(self._run_dir.parent) if self._run_dir.parent is not None else None,
            keep_work_dir=self._run_dir.keep,
            kernel_name=self._kernel_name,
            pass_env=list(self._pass_env),
            extra_env=dict(self._extra_env),
        )

    @classmethod
    def _from_config(cls, config: JupyterSandboxConfig) -> Self:
        return cls(
            timeout=config.timeout,
            work_dir=config.work_dir,
            keep_work_dir=config.keep_work_dir,
            kernel_name=config.kernel_name,
            pass_env=config.pass_env,
            extra_env=config.extra_env,
        )
