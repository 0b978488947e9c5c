"""The README's first example runs as written, on the embedded model (end to end)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"


def first_python_block() -> str:
    match = re.search(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.DOTALL)
    assert match is not None, "the README has no python example"
    return match.group(1)


def test_first_screen_example_is_short_and_uses_the_public_api() -> None:
    code = first_python_block()
    assert len(code.strip().splitlines()) <= 15
    assert "from autogen_selfdebug import" in code and "._" not in code


@pytest.mark.local_model
def test_first_screen_example_runs(tmp_path: Path) -> None:
    script = tmp_path / "example.py"
    script.write_text(first_python_block())
    completed = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=900, cwd=tmp_path)
    assert completed.returncode == 0, completed.stderr[-3000:]
    outcome = completed.stdout.strip().splitlines()[-1]
    assert outcome in ("success", "failure", "no_code")
    assert "CodeGenerationEvent" in completed.stdout and "CodeExecutionEvent" in completed.stdout
