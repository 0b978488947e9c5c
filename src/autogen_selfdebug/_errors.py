"""The package's exception hierarchy.

Errors in the model's code are data and go back to the model; these exceptions are for
failures of the infrastructure around it: a sandbox that cannot start, a model spec that
cannot be resolved, a command line used wrongly.
"""

from __future__ import annotations

__all__ = ["ModelCallError", "ModelSelectionError", "SandboxError", "SelfDebugError", "UsageError"]


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
