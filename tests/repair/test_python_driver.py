"""The Python driver, run for real in the local sandbox: many candidates in one execution, each in a forked child."""

from __future__ import annotations

from pathlib import Path

from autogen_core import CancellationToken
from autogen_core.code_executor import CodeBlock

from autogen_selfdebug import LocalSandbox
from autogen_selfdebug._verification import combined_source
from autogen_selfdebug.repair._batch import parse_batch
from autogen_selfdebug.repair._python_driver import python_batch_code


async def test_what_the_tests_import_is_imported_once_before_the_candidates_fork(tmp_path: Path) -> None:
    # Each candidate's child imported pytest again (150 ms each: 100 candidates took 9.7 s where 0.5 s ran them).
    site = tmp_path / "site"
    site.mkdir()
    log = tmp_path / "imports.log"
    (site / "heavy.py").write_text(f"open({str(log)!r}, 'a').write('imported\\n')\n", encoding="utf-8")
    (site / "failing.py").write_text("raise SystemExit(3)\n", encoding="utf-8")
    program = "def f(x):\n    return x\n"
    # Inside the harness's guard, as a tests file's imports are; one that fails to load fails in each child.
    tests = "import heavy\nassert f(1) == 1\n"
    candidates = [program.replace("return x", f"return x + {k}") for k in range(4)]
    broken = [(program, combined_source(program, "import failing\n" + tests, "python", detail=False)[len(program) :])]
    batch = [(p, combined_source(p, tests, "python", detail=False)[len(p) :]) for p in candidates] + broken
    code = python_batch_code(batch, timeout=5, budget=30)
    async with LocalSandbox(timeout=60, extra_env={"PYTHONPATH": str(site)}) as sandbox:
        result = await sandbox.execute_code_blocks([CodeBlock(code=code, language="python")], CancellationToken())
    trials = parse_batch(result.output, len(batch))
    assert [t.exit_code if t is not None else None for t in trials] == [0, 1, 1, 1, 3]
    assert log.read_text(encoding="utf-8") == "imported\n"
