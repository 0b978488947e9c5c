"""The write-tests job: the module name of a file, the task text, and the test file from a run.

The command line, the notebook and the benchmark phrase the job the same way, so their results
compare.
"""

from __future__ import annotations

import ast
from pathlib import Path

from .. import RunSummary, UsageError, extract_code_blocks, module_name_problem

__all__ = ["module_of", "tests_source", "write_tests_prompt"]


def module_of(path: Path) -> str:
    """The module name tests import ``path`` by; refuses files Python cannot import by name."""
    if path.suffix != ".py":
        raise UsageError(f"{path}: write-tests writes pytest tests for Python files (*.py).")
    problem = module_name_problem(path.stem)
    if problem is not None:
        raise UsageError(f"{path}: {problem} Rename the file.")
    return path.stem


def write_tests_prompt(source: str, module: str, *, focus: str = "") -> str:
    """The task: write tests for the public functions and classes of ``module``."""
    try:
        names = [
            n.name
            for n in ast.parse(source).body
            if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) and not n.name.startswith("_")
        ]
    except SyntaxError as error:
        raise UsageError(
            f"{module}.py does not parse (line {error.lineno}: {error.msg}); tests need code that runs."
        ) from None
    subject = f"`{'`, `'.join(names)}` from {module}.py" if names else f"the code in {module}.py"
    extra = f" {focus.strip()}" if focus.strip() else ""
    return (
        f"Write a pytest test file for {subject}.{extra} Reply with the complete test file in one ```python code block."
    )


def tests_source(summary: RunSummary) -> str | None:
    """The written test file from a run's summary."""
    found = extract_code_blocks(summary.code, ["python"], default_language="python")
    if not found.blocks:
        return None
    return "\n\n".join(block.code.rstrip("\n") for block in found.blocks) + "\n"
