"""The language of a file to fix, by its suffix (the job's prompt is the core's ``fix_prompt``)."""

from __future__ import annotations

from pathlib import Path

__all__ = ["LANGUAGE_BY_SUFFIX", "language_of"]

LANGUAGE_BY_SUFFIX: dict[str, str] = {
    ".py": "python",
    ".sh": "bash",
    ".bash": "bash",
    ".js": "javascript",
    ".mjs": "javascript",
    ".cjs": "javascript",
    ".ts": "typescript",
    ".mts": "typescript",
    ".cts": "typescript",
}


def language_of(path: Path) -> str | None:
    """The language a file's suffix names, or ``None`` when the suffix says nothing we know."""
    return LANGUAGE_BY_SUFFIX.get(path.suffix.lower())
