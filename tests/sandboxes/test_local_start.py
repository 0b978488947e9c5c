"""The local sandbox keeps blocking work off the loop's thread: processes start, and files are written and
removed, in worker threads, with the same results; a cancellation mid-start leaves nothing behind; sandboxes
that start together share one package listing."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

import pytest
from autogen_core import CancellationToken
from autogen_core.code_executor import CodeBlock

from autogen_selfdebug import SandboxError
from autogen_selfdebug.sandboxes import LocalSandbox, _local
from autogen_selfdebug.sandboxes._languages import prepare_script
from autogen_selfdebug.sandboxes._run_dir import RunDirectory

T = TypeVar("T")


async def test_cancelled_while_starting_leaves_no_process(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    real_popen = subprocess.Popen
    started: list[subprocess.Popen[bytes]] = []

    def slow_popen(*args: Any, **kwargs: Any) -> subprocess.Popen[bytes]:
        time.sleep(0.5)  # a slow start, in the worker thread
        process = real_popen(*args, **kwargs)
        started.append(process)
        return process

    async with LocalSandbox(timeout=30, work_dir=tmp_path) as sandbox:
        # Patched after start(), which lists the installed packages in a process of its own.
        monkeypatch.setattr(subprocess, "Popen", slow_popen)
        token = CancellationToken()
        run = asyncio.create_task(
            sandbox.execute_code_blocks([CodeBlock(code="import time; time.sleep(60)", language="python")], token)
        )
        await asyncio.sleep(0.1)
        token.cancel()
        with pytest.raises(asyncio.CancelledError):
            await run
    assert len(started) == 1, "the start finished before the cancellation returned"
    assert started[0].poll() is not None, "the process started mid-cancellation was stopped"


async def test_many_runs_at_once_all_complete(tmp_path: Path) -> None:
    async with LocalSandbox(timeout=30, work_dir=tmp_path) as sandbox:
        blocks = [[CodeBlock(code=f"print({i} * 2)", language="python")] for i in range(20)]
        results = await asyncio.gather(*(sandbox.execute_code_blocks(b, CancellationToken()) for b in blocks))
    assert [r.output.strip() for r in results] == [str(i * 2) for i in range(20)]
    assert all(r.exit_code == 0 for r in results)


async def test_file_system_work_runs_off_the_loop_thread(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    threads: dict[str, set[int]] = {}
    languages = _local._find_languages()

    def recorded(name: str, function: Callable[..., T]) -> Callable[..., T]:
        def wrapper(*args: Any, **kwargs: Any) -> T:
            threads.setdefault(name, set()).add(threading.get_ident())
            return function(*args, **kwargs)

        return wrapper

    monkeypatch.setattr(_local, "prepare_script", recorded("write the block", prepare_script))
    monkeypatch.setattr(RunDirectory, "make", recorded("make the work dir", RunDirectory.make))
    monkeypatch.setattr(RunDirectory, "delete", staticmethod(recorded("remove the work dir", RunDirectory.delete)))
    monkeypatch.setattr(shutil, "which", recorded("look up tools", shutil.which))
    async with LocalSandbox(timeout=30, work_dir=tmp_path) as sandbox:
        work_dir = sandbox.work_dir
        assert sandbox.supported_languages == languages  # looked up at start, in the worker thread
        written = [CodeBlock(code="# filename: pkg/hello.py\nprint('hi')", language="python")]
        result = await sandbox.execute_code_blocks(written, CancellationToken())
        unsupported = await sandbox.execute_code_blocks([CodeBlock(code="x", language="cobol")], CancellationToken())
    # The same results as when this work ran on the loop's thread.
    assert (result.exit_code, result.output, result.code_file) == (0, "hi\n", str(work_dir / "pkg" / "hello.py"))
    assert unsupported.exit_code == 1 and "unsupported language 'cobol'" in unsupported.output
    assert not work_dir.exists()
    assert set(threads) == {"write the block", "make the work dir", "remove the work dir", "look up tools"}
    assert all(threading.get_ident() not in ids for ids in threads.values()), threads


async def test_a_missing_interpreter_is_reported_as_data(tmp_path: Path) -> None:
    async with LocalSandbox(timeout=10, work_dir=tmp_path, python_executable=str(tmp_path / "nope")) as sandbox:
        result = await sandbox.execute_code_blocks([CodeBlock(code="print(1)", language="python")], CancellationToken())
    assert result.exit_code == 127 and result.output.startswith("python is not installed on this machine:")
    assert result.code_file is not None and result.code_file.endswith(".py")


async def test_sandboxes_starting_together_share_one_listing(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    listed: list[str | None] = []
    real = _local._list_packages

    async def counted(
        python: str, place: RunDirectory, environment: Callable[[Path], Mapping[str, str]]
    ) -> tuple[str, ...] | None:
        listed.append(environment(tmp_path).get("PYTHONPATH"))
        return await real(python, place, environment)

    monkeypatch.setattr(_local, "_list_packages", counted)
    alike = [LocalSandbox(timeout=10, work_dir=tmp_path) for _ in range(5)]
    other = LocalSandbox(timeout=10, work_dir=tmp_path, extra_env={"PYTHONPATH": str(tmp_path)})
    try:
        await asyncio.gather(*(sandbox.start() for sandbox in [*alike, other]))
        assert len(listed) == 2 and set(listed) == {None, str(tmp_path)}  # one listing per environment
        packages = alike[0].installed_packages
        assert packages is not None and "pytest" in packages
        assert all(sandbox.installed_packages == packages for sandbox in alike)
        assert len({sandbox.work_dir for sandbox in alike}) == 5  # each still has its own work dir
        # Nothing is cached once the listing is over: a sandbox started later lists again.
        async with LocalSandbox(timeout=10, work_dir=tmp_path) as later:
            assert later.installed_packages == packages
        assert len(listed) == 3
    finally:
        await asyncio.gather(*(sandbox.stop() for sandbox in [*alike, other]))


async def test_a_sandbox_stopped_during_the_shared_listing_does_not_spoil_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    listing = asyncio.Event()
    real = _local._list_packages

    async def started(
        python: str, place: RunDirectory, environment: Callable[[Path], Mapping[str, str]]
    ) -> tuple[str, ...] | None:
        listing.set()
        return await real(python, place, environment)

    monkeypatch.setattr(_local, "_list_packages", started)
    # The first sandbox starts the listing, then stops (removing its work dir) before the listing ends.
    first, second = LocalSandbox(timeout=10, work_dir=tmp_path), LocalSandbox(timeout=10, work_dir=tmp_path)
    starting = asyncio.create_task(first.start())
    await listing.wait()
    await first.stop()
    try:
        await second.start()
        assert second.installed_packages is not None and "pytest" in second.installed_packages
        await starting
        assert first.installed_packages == second.installed_packages
    finally:
        await second.stop()
    assert not await asyncio.to_thread(os.listdir, tmp_path)  # the listing's own directory is gone too


async def test_a_listing_that_hangs_is_stopped(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    hangs = tmp_path / "python"
    hangs.write_text("#!/bin/sh\nsleep 60\n")
    hangs.chmod(0o755)
    monkeypatch.setattr(_local, "LISTING_TIMEOUT_SECONDS", 0.5)
    started = time.perf_counter()
    async with LocalSandbox(timeout=10, work_dir=tmp_path, python_executable=str(hangs)) as sandbox:
        assert sandbox.installed_packages is None
        assert sandbox.work_dir.is_dir()
    assert time.perf_counter() - started < 10
    assert "no listing within 0.5 s" in caplog.text


async def test_cancelled_while_making_the_work_dir_leaves_no_directory(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    real_make = RunDirectory.make

    def slow_make(self: RunDirectory) -> Path:
        time.sleep(0.3)  # a slow file system, in the worker thread
        return real_make(self)

    monkeypatch.setattr(RunDirectory, "make", slow_make)
    sandbox = LocalSandbox(timeout=10, work_dir=tmp_path)
    start = asyncio.create_task(sandbox.start())
    await asyncio.sleep(0.1)
    start.cancel()
    with pytest.raises(asyncio.CancelledError):
        await start
    assert os.listdir(tmp_path) == []
    with pytest.raises(SandboxError):
        sandbox.work_dir  # noqa: B018 - not started
