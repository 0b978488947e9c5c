"""The local sandbox starts processes off the loop's thread: a cancellation mid-start leaves nothing behind."""

from __future__ import annotations

import asyncio
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest
from autogen_core import CancellationToken
from autogen_core.code_executor import CodeBlock

from autogen_selfdebug.sandboxes import LocalSandbox


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
