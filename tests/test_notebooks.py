"""The notebooks in notebooks/ run top to bottom on the embedded local model, and keep real outputs.

The committed files are checked as they are (fast, no kernel). Then each notebook is executed on a
temporary copy, in a kernel of the interpreter running pytest, by ``scripts/run-notebooks.py``;
a cell that raises fails the test. To refresh the committed outputs, run that script.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from autogen_selfdebug.models import LOCAL_WEIGHTS

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
RUNNER = ROOT / "scripts" / "run-notebooks.py"
NOTEBOOK_TIMEOUT = 2400
"""Seconds for one whole notebook: the local model is slow on a busy 2-core machine."""

_NEEDED = ("nbclient", "nbformat", "ipykernel", "pandas", "matplotlib", "llama_cpp", *LOCAL_WEIGHTS["local"].packages)
_MISSING = [name for name in _NEEDED if importlib.util.find_spec(name) is None]

by_name = pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])


def _code_cells(notebook: dict[str, Any]) -> list[dict[str, Any]]:
    return [cell for cell in notebook["cells"] if cell["cell_type"] == "code"]


def _runner() -> ModuleType:
    spec = importlib.util.spec_from_file_location("run_notebooks", RUNNER)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_there_are_notebooks() -> None:
    assert [p.name for p in NOTEBOOKS] == [
        "01_quickstart.ipynb",
        "02_bug_fixer.ipynb",
        "03_data_analysis.ipynb",
        "04_human_handoff.ipynb",
        "05_write_tests.ipynb",
    ]


@by_name
def test_committed_notebook_keeps_the_outputs_of_a_full_run(path: Path) -> None:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    assert notebook["metadata"]["kernelspec"]["name"] == "python3"
    cells = _code_cells(notebook)
    counts = [cell["execution_count"] for cell in cells]
    assert counts == list(range(1, len(cells) + 1)), f"{path.name} was not run top to bottom in one go: {counts}"
    outputs = [output for cell in cells for output in cell["outputs"]]
    assert outputs, f"{path.name} has no outputs: run scripts/run-notebooks.py"
    errors = [output for output in outputs if output["output_type"] == "error"]
    assert not errors, f"{path.name} was committed with an error: {errors[0].get('ename')}"


@pytest.mark.notebooks
@pytest.mark.local_model
@pytest.mark.timeout(NOTEBOOK_TIMEOUT)
@pytest.mark.skipif(
    bool(_MISSING),
    reason=f"needs {', '.join(_MISSING)}: pip install 'autogen-selfdebug[local,jupyter,notebooks]'",
)
@by_name
def test_notebook_runs_top_to_bottom(path: Path, tmp_path: Path) -> None:
    original = path.read_bytes()
    committed = json.loads(original)
    copy = tmp_path / path.name
    shutil.copyfile(path, copy)

    # Raises CellExecutionError, naming the cell and the error, if any cell fails.
    executed = _runner().execute_notebook(copy, work_dir=tmp_path)

    cells = _code_cells(executed)
    assert all(cell["execution_count"] is not None for cell in cells)
    assert any(cell["outputs"] for cell in cells), f"{path.name} printed nothing"
    for before, after in zip(_code_cells(committed), cells, strict=True):
        if before["outputs"]:
            assert after["outputs"], f"this cell of {path.name} printed nothing:\n{after['source']}"
    assert path.read_bytes() == original, "the committed notebook must not be rewritten by the test"
