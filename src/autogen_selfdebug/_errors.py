"""The package's exception hierarchy.

Errors in the model's code are data and go back to the model; these exceptions are for
failures of the infrastructure around it: a sandbox that cannot start, a model spec that
cannot be resolved, a command line used wrongly. ``check_choice`` words the error for an option
outside its ``Literal`` choices the same way everywhere.
"""

from __future__ import annotations

from typing import Any, get_args

__all__ = [
    "ModelCallError",
    "ModelSelectionError",
    "SandboxError",
    "SelfDebugError",
    "UsageError",
    "check_choice",
]


class SelfDebugError(Exception):
    """Base class of every error raised by autogen-selfdebug."""


class SandboxError(SelfDebugError):
    """A sandbox could not be created, started or used (for example, no Docker engine)."""


class ModelSelectionError(SelfDebugError):
    """A model spec could not be turned into a model client (unknown spec, missing extra, bad weights)."""


class UsageError(SelfDebugError):
    """The caller asked for something that cannot be done (bad file, unknown language, bad option)."""


class ModelCallError(SelfDebugError):
    """A call to the model client failed (network, authentication, server error). The cause is chained."""


def check_choice(what: str, value: str, choices: Any) -> None:
    """Refuse a value outside the ``Literal`` type ``choices``, naming the ones it allows."""
    allowed = get_args(choices)
    if value not in allowed:
        raise ValueError(f"Unknown {what} {value!r}; choose {', '.join(allowed[:-1])} or {allowed[-1]}.")
