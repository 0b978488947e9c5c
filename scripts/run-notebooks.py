"""Execute the notebooks in notebooks/ in place, so the committed files keep the outputs of a real run.

Usage: ``python scripts/run-notebooks.py [NAME ...]`` (default: every notebook), with the venv's
Python. Each notebook runs in a fresh kernel of *this* interpreter, whatever kernels the machine
has registered. ``tests/test_notebooks.py`` uses :func:`execute_notebook` on temporary copies.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import nbformat
from ipykernel.kernelspec import install
from jupyter_client.kernelspec import KernelSpecManager
from jupyter_client.manager import AsyncKernelManager
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
KERNEL_NAME = "autogen-selfdebug-notebooks"
CELL_TIMEOUT = 900
"""Seconds one cell may run: generous, since the local model is slow on a busy 2-core machine."""


def execute_notebook(
    path: Path, *, work_dir: Path | None = None, cell_timeout: int = CELL_TIMEOUT
) -> nbformat.NotebookNode:
    """Run every cell of the notebook at ``path`` in a kernel of this interpreter and return it.

    The file is not written. Cells run in ``work_dir`` (default: the notebook's folder).
    A cell that raises stops the run with ``nbclient.exceptions.CellExecutionError``.
    """
    nb: nbformat.NotebookNode = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    with tempfile.TemporaryDirectory(prefix="selfdebug-kernelspec-") as prefix:
        # A kernelspec that points at sys.executable, found only by this client: a "python3"
        # kernel registered for another interpreter (in ~/.local, say) cannot be picked by mistake.
        install(kernel_name=KERNEL_NAME, prefix=prefix)
        specs = KernelSpecManager(kernel_dirs=[str(Path(prefix) / "share" / "jupyter" / "kernels")])
        client = NotebookClient(
            nb,
            km=AsyncKernelManager(kernel_name=KERNEL_NAME, kernel_spec_manager=specs),
            kernel_name=KERNEL_NAME,
            timeout=cell_timeout,
            record_timing=False,
            resources={"metadata": {"path": str(work_dir or path.parent)}},
        )
        client.execute()
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = _merge_streams(cell.outputs)
    return nb


def _merge_streams(outputs: list[nbformat.NotebookNode]) -> list[nbformat.NotebookNode]:
    """Join consecutive prints to the same stream into one output, as Jupyter shows them."""
    merged: list[nbformat.NotebookNode] = []
    for output in outputs:
        last = merged[-1] if merged else None
        if (
            last is not None
            and output.output_type == "stream"
            and last.output_type == "stream"
            and last.name == output.name
        ):
            last.text += output.text
        else:
            merged.append(output)
    return merged


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Execute the notebooks in place, refreshing their outputs.")
    parser.add_argument("names", nargs="*", metavar="NAME", help="notebook file names (default: all)")
    args = parser.parse_args(argv)
    paths = [NOTEBOOKS / name for name in args.names] or sorted(NOTEBOOKS.glob("*.ipynb"))
    for path in paths:
        if not path.is_file():
            print(f"{path}: no such notebook", file=sys.stderr)
            return 2
    for path in paths:
        started = time.perf_counter()
        print(f"running {path.name} ...", flush=True)
        nb = execute_notebook(path)
        nbformat.write(nb, path)  # type: ignore[no-untyped-call]
        print(f"  {path.name}: {time.perf_counter() - started:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
