"""The hand-written classic bugs (docs/data/classic-bugs) are what they say: each program fails its own
checks and the hidden ones, and its one-line fix passes both. Otherwise a report on the set would grade
fixes against checks that are themselves wrong."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
SET = ROOT / "docs" / "data" / "classic-bugs"
FIXES: dict[str, dict[str, str]] = json.loads((SET / "fixes.json").read_text(encoding="utf-8"))


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("classic_bugs", ROOT / "scripts" / "classic-bugs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SCRIPT = _script()


def _passes_own_checks(program: Path) -> bool:
    try:
        return subprocess.run([sys.executable, str(program)], capture_output=True, timeout=5).returncode == 0
    except subprocess.TimeoutExpired:
        return False


def test_every_program_has_hidden_checks_and_a_fix() -> None:
    programs = sorted(p.stem for p in SET.glob("*.py"))
    assert len(programs) == 20
    assert programs == sorted(FIXES) == sorted(p.stem for p in (SET / "hidden").glob("*.py"))


@pytest.mark.parametrize("name", sorted(FIXES))
def test_the_bug_fails_both_checks_and_the_fix_passes_both(name: str, tmp_path: Path) -> None:
    broken = SET / f"{name}.py"
    hidden = SET / "hidden" / f"{name}.py"
    source = broken.read_text(encoding="utf-8")
    assert source.count(FIXES[name]["bug"]) == 1
    fixed = tmp_path / f"{name}.py"
    fixed.write_text(source.replace(FIXES[name]["bug"], FIXES[name]["fix"]), encoding="utf-8")
    assert not _passes_own_checks(broken)
    assert _passes_own_checks(fixed)
    assert SCRIPT.grade(fixed, hidden)
    assert not SCRIPT.grade(broken, hidden, timeout=5)
