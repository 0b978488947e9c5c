"""Model specs: the strings that name a model (``local``, ``local-1.5b``, ``gguf:PATH``, ``openai:MODEL``).

Parsing a spec and finding a local model's file import nothing heavy, so the llama.cpp client and
:func:`resolve_model` can both use them without importing each other.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from .._errors import ModelSelectionError
from ._local_weights import GGUF_MAGIC, local_model_path

__all__ = ["ModelKind", "ModelSpec", "local_model_file", "parse_model_spec"]

ModelKind = Literal["local", "local-1.5b", "gguf", "openai"]

_VALID_FORMS = "local, local-1.5b, gguf:PATH, openai:MODEL"


@dataclass(frozen=True)
class ModelSpec:
    """A parsed model spec.

    Attributes:
        kind: Which backend runs the model.
        model: The model name, for ``openai``.
        path: The GGUF file, for ``gguf``.

    Example:
        >>> parse_model_spec("openai:gpt-4o-mini")
        ModelSpec(kind='openai', model='gpt-4o-mini', path=None)
        >>> str(parse_model_spec("local"))
        'local'
    """

    kind: ModelKind
    model: str | None = None
    path: Path | None = None

    def __str__(self) -> str:
        if self.kind == "openai":
            return f"openai:{self.model}"
        if self.kind == "gguf":
            return f"gguf:{self.path}"
        return self.kind


def parse_model_spec(spec: str) -> ModelSpec:
    """Parse a model spec string.

    Raises:
        ModelSelectionError: The spec is not one of ``local``, ``local-1.5b``, ``gguf:PATH``, ``openai:MODEL``.

    Example:
        >>> parse_model_spec("gguf:~/models/m.gguf").kind
        'gguf'
    """
    text = spec.strip()
    lowered = text.lower()
    if lowered == "local":
        return ModelSpec(kind="local")
    if lowered == "local-1.5b":
        return ModelSpec(kind="local-1.5b")
    prefix, sep, rest = text.partition(":")
    rest = rest.strip()
    if sep and prefix.lower() == "openai":
        if not rest:
            raise ModelSelectionError(
                f"Model spec {spec!r} names no model; write openai:MODEL, e.g. openai:gpt-4o-mini."
            )
        return ModelSpec(kind="openai", model=rest)
    if sep and prefix.lower() == "gguf":
        if not rest:
            raise ModelSelectionError(f"Model spec {spec!r} names no file; write gguf:PATH.")
        return ModelSpec(kind="gguf", path=Path(rest).expanduser())
    hint = f" Did you mean openai:{text}?" if text and not sep and not lowered.startswith("local") else ""
    raise ModelSelectionError(f"Unknown model spec {spec!r}; valid forms are: {_VALID_FORMS}.{hint}")


def local_model_file(spec: ModelSpec, *, progress: Callable[[int, int], None] | None = None) -> Path:
    """The GGUF file for a ``local``, ``local-1.5b`` or ``gguf`` spec, assembling local weights if needed.

    Raises:
        ModelSelectionError: Weights not installed or damaged, or the file is missing or not GGUF.
    """
    if spec.kind in ("local", "local-1.5b"):
        return local_model_path(spec.kind, progress=progress)
    if spec.kind == "gguf" and spec.path is not None:
        path = spec.path
        try:
            with path.open("rb") as f:
                magic = f.read(len(GGUF_MAGIC))
        except OSError as exc:
            raise ModelSelectionError(f"Cannot read the GGUF file {path}: {exc.strerror or exc}.") from exc
        if magic != GGUF_MAGIC:
            raise ModelSelectionError(f"{path} is not a GGUF file (it does not start with {GGUF_MAGIC!r}).")
        return path
    raise ModelSelectionError(f"Model spec {spec} does not name a local model file.")
