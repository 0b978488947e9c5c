"""The fresh work directory every sandbox run gets: made at ``start()``, removed at ``stop()``."""

from __future__ import annotations

import logging
import shutil
import tempfile
from pathlib import Path

from .._errors import SandboxError

__all__ = ["RunDirectory"]

logger = logging.getLogger(__name__)


class RunDirectory:
    """A ``selfdebug-run-*`` directory under ``parent`` (the system temp dir if ``None``).

    Args:
        parent: Where run directories are made.
        keep: Leave the directory in place at :meth:`remove`, for inspection.
        kind: The sandbox's name, for the "not started" error.
    """

    def __init__(self, parent: str | Path | None, *, keep: bool, kind: str) -> None:
        self.parent = Path(parent) if parent is not None else None
        self.keep = keep
        self._kind = kind
        self._path: Path | None = None

    @property
    def path(self) -> Path:
        """The current run's directory; a :class:`SandboxError` before ``start()``."""
        if self._path is None:
            raise SandboxError(f"The {self._kind} sandbox is not started: call start() or use `async with`.")
        return self._path

    @property
    def exists(self) -> bool:
        return self._path is not None

    def create(self) -> Path:
        self._path = self.make()
        return self._path

    def make(self) -> Path:
        """Make a new directory without recording it; :meth:`adopt` records it. Safe in a worker thread."""
        if self.parent is not None:
            self.parent.mkdir(parents=True, exist_ok=True)
        return Path(tempfile.mkdtemp(prefix="selfdebug-run-", dir=self.parent))

    def adopt(self, path: Path) -> None:
        """Record ``path`` (from :meth:`make`) as the current run's directory."""
        self._path = path

    def remove(self) -> None:
        """Forget the directory and delete it unless ``keep``; safe to call twice."""
        self.delete(self.release())

    def release(self) -> Path | None:
        """Forget the directory; return it if it should be deleted (:meth:`delete`), None if ``keep`` or none."""
        path, self._path = self._path, None
        return None if self.keep else path

    @staticmethod
    def delete(path: Path | None) -> None:
        """Delete a directory from :meth:`release`, logging a failure. Safe in a worker thread."""
        if path is None:
            return
        try:
            shutil.rmtree(path)
        except OSError as error:
            logger.warning("Could not remove the sandbox work directory %s: %s", path, error)
