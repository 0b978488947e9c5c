"""Sandboxes that run the model's code: local subprocesses, Docker containers, a Jupyter kernel."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._docker import DEFAULT_IMAGE, DockerSandbox, DockerSandboxConfig
from ._factory import SANDBOX_KINDS, SandboxKind, create_sandbox
from ._languages import (
    LANGUAGE_ALIASES,
    SUPPORTED_LANGUAGES,
    executor_languages,
    normalize_language,
    rename_snippets,
)
from ._local import DEFAULT_ENV_ALLOWLIST, LocalSandbox, LocalSandboxConfig
from ._output import TIMEOUT_EXIT_CODE

if TYPE_CHECKING:
    from ._jupyter import JupyterSandbox, JupyterSandboxConfig

__all__ = [
    "DEFAULT_ENV_ALLOWLIST",
    "DEFAULT_IMAGE",
    "LANGUAGE_ALIASES",
    "SANDBOX_KINDS",
    "SUPPORTED_LANGUAGES",
    "TIMEOUT_EXIT_CODE",
    "DockerSandbox",
    "DockerSandboxConfig",
    "JupyterSandbox",
    "JupyterSandboxConfig",
    "LocalSandbox",
    "LocalSandboxConfig",
    "SandboxKind",
    "create_sandbox",
    "executor_languages",
    "normalize_language",
    "rename_snippets",
]


def __getattr__(name: str) -> object:
    # The Jupyter sandbox needs an optional extra: import it only when asked for.
    if name in ("JupyterSandbox", "JupyterSandboxConfig"):
        from . import _jupyter

        return getattr(_jupyter, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
