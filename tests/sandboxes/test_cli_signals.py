"""The command line stopped mid-run by SIGTERM or Ctrl-C leaves no container behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import docker
import pytest

from helpers import CTRL_C_HANDLER

pytestmark = [pytest.mark.docker, pytest.mark.usefixtures("require_docker")]

# Runs the real CLI with a scripted model whose code sleeps in the Docker sandbox.
DRIVER = (
    CTRL_C_HANDLER
    + """
import sys
from autogen_ext.models.replay import ReplayChatCompletionClient
from autogen_selfdebug import ModelSpec, ResolvedModel
from autogen_selfdebug.cli import _main as cli_main

reply = "```python\\nimport time\\nprint('sleeping', flush=True)\\ntime.sleep(120)\\n```"
def fake(spec=None, **_):
    return ResolvedModel(client=ReplayChatCompletionClient([reply]), spec=ModelSpec(kind="local"), description="x")
cli_main.resolve_model = fake
sys.exit(cli_main.main(["fix", sys.argv[1], "--executor", "docker", "--max-attempts", "1"]))
"""
)


def containers_of(pid: int) -> list[str]:
    client = docker.from_env()
    try:
        found = client.containers.list(all=True, filters={"label": f"autogen-selfdebug.pid={pid}"})
        return [c.id for c in found]
    finally:
        client.close()


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_signal_mid_run_removes_the_container(tmp_path: Path, sig: signal.Signals) -> None:
    program = tmp_path / "prog.py"
    # The program as given runs first (no model call) and sleeps in the container when the signal comes.
    program.write_text("import time\nprint('sleeping', flush=True)\ntime.sleep(120)\n")
    process = subprocess.Popen(
        [sys.executable, "-c", DRIVER, str(program)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        deadline = time.monotonic() + 60
        while not containers_of(process.pid):
            assert process.poll() is None, process.communicate()
            assert time.monotonic() < deadline, "no container appeared"
            time.sleep(0.5)
        time.sleep(2)  # let the code start sleeping inside the container
        os.kill(process.pid, sig)
        _, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 130, err
    assert "interrupted; the sandbox was stopped" in err and "Traceback" not in err
    assert containers_of(process.pid) == []
