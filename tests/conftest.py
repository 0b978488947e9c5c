"""Shared fixtures: a real subprocess executor, scripted model clients, and a guard against real model calls."""

from __future__ import annotations

import socket
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from autogen_ext.code_executors.local import LocalCommandLineCodeExecutor


@pytest.fixture
async def executor(tmp_path: Path) -> AsyncIterator[LocalCommandLineCodeExecutor]:
    """The real subprocess executor, in a fresh directory."""
    async with LocalCommandLineCodeExecutor(work_dir=tmp_path / "work", timeout=30) as ex:
        yield ex


_LOCAL_HOSTS = ("127.", "::1", "localhost", "0.0.0.0")


@pytest.fixture(autouse=True)
def _no_real_model_calls(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Refuse network connections off this machine, so no test can call a hosted model by accident."""
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    real_connect = socket.socket.connect

    def guarded(self: socket.socket, address: Any) -> Any:
        if self.family in (socket.AF_INET, socket.AF_INET6):
            host = str(address[0])
            if not host.startswith(_LOCAL_HOSTS):
                raise RuntimeError(f"Tests must not reach the network (tried {host}).")
        return real_connect(self, address)

    monkeypatch.setattr(socket.socket, "connect", guarded)
    yield
