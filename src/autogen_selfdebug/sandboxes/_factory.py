"""Build a sandbox from its kind: the one place that maps a name to a class."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Literal, get_args

from autogen_core.code_executor import CodeExecutor

from .._errors import SandboxError

__all__ = ["SANDBOX_KINDS", "SandboxKind", "create_sandbox"]

SandboxKind = Literal["local", "docker", "jupyter"]
# From the Literal, so the CLI's --executor choices and the unknown-kind error cannot miss a kind.
SANDBOX_KINDS: tuple[SandboxKind, ...] = get_args(SandboxKind)


def create_sandbox(
    kind: SandboxKind,
    *,
    timeout: int = 60,
    work_dir: Path | None = None,
    **options: object,
) -> CodeExecutor:
    """Create a sandbox of the given kind, not started: nothing runs until ``start()``.

    Args:
        kind: ``"local"`` (subprocesses on this machine), ``"docker"`` (a locked-down
            container) or ``"jupyter"`` (a local kernel that keeps state).
        timeout: Seconds one code block may run.
        work_dir: Parent directory of the per-run work directories.
        **options: Keyword arguments of the kind's class (for example ``mem_limit`` or
            ``packages`` for docker, ``pass_env`` for local); see :class:`LocalSandbox`,
            :class:`DockerSandbox`.

    Raises:
        SandboxError: Unknown kind, an option the kind does not take, or a missing extra.
            A missing Docker engine is reported by ``start()``.

    Example:
        >>> sandbox = create_sandbox("docker", timeout=30, mem_limit="256m")
        >>> type(sandbox).__name__
        'DockerSandbox'
    """
    cls = _sandbox_class(kind)
    try:
        return cls(timeout=timeout, work_dir=work_dir, **options)
    except TypeError as error:
        raise SandboxError(f"Bad option for the {kind} sandbox: {error}") from error


def _sandbox_class(kind: str) -> Callable[..., CodeExecutor]:
    # Imports are local so that a kind's dependencies load only when that kind is used.
    if kind == "local":
        from ._local import LocalSandbox

        return LocalSandbox
    if kind == "docker":
        from ._docker import DockerSandbox

        return DockerSandbox
    if kind == "jupyter":
        from ._jupyter import JupyterSandbox  # raises SandboxError naming the extra when it is missing

        return JupyterSandbox
    raise SandboxError(f"Unknown sandbox kind {kind!r}; choose one of {', '.join(SANDBOX_KINDS)}")
