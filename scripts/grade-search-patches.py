"""Grade every patch the search finds, not only the one it picks: the data behind SearchBudget.max_passing.

For each bug whose program fails its visible tests, run one patch search (the agent's defaults, a
local sandbox) and grade up to 12 of the passing patches on the hidden tests. One JSON line per bug:
the visible asserts, how many passed before, how many patches passed, and each graded patch.

    .venv/bin/python scripts/grade-search-patches.py injected tune OUT.jsonl
    .venv/bin/python scripts/grade-search-patches.py injected-2 tune OUT.jsonl
    .venv/bin/python scripts/grade-search-patches.py model tune OUT.jsonl \
        --bugs-file docs/data/model-bugs-local-0.5b-tune.jsonl

``--with-source`` also keeps each graded patch's program (``scripts/neighbour-inputs.py`` reads it).
"""

from __future__ import annotations

import argparse
import ast
import asyncio
import json
from pathlib import Path

from autogen_core import CancellationToken
from autogen_core.code_executor import CodeBlock, CodeResult

from autogen_selfdebug import Verifier
from autogen_selfdebug.bench._bugfix import build_bugfix_problems
from autogen_selfdebug.bench._humaneval import Problem, grade, load_split
from autogen_selfdebug.bench._model_bugs import ModelBugRecord
from autogen_selfdebug.repair import search_patches
from autogen_selfdebug.sandboxes import LocalSandbox


async def bugs(kind: str, split: str, bugs_file: Path | None) -> list[tuple[Problem, str]]:
    problems = {p.task_id: p for p in load_split(split)}
    if kind.startswith("injected"):
        found = await build_bugfix_problems(list(problems.values()), bugs=2 if kind == "injected-2" else 1, timeout=10)
        return [(b.problem, b.broken) for b in found]
    if bugs_file is None:
        raise SystemExit("--bugs-file is needed for model-made bugs")
    lines = (await asyncio.to_thread(bugs_file.read_text)).splitlines()
    records = [ModelBugRecord.model_validate_json(line) for line in lines if line]
    return [(problems[r.task_id], r.broken) for r in records if r.status == "bug" and r.task_id in problems]


async def main(kind: str, split: str, out: Path, bugs_file: Path | None, *, with_source: bool) -> None:
    found = await bugs(kind, split, bugs_file)
    token = CancellationToken()
    async with LocalSandbox() as sandbox:

        async def execute(blocks: list[CodeBlock], cancellation_token: CancellationToken) -> CodeResult:
            return await sandbox.execute_code_blocks(blocks, cancellation_token=cancellation_token)

        with out.open("w", encoding="utf-8") as f:
            for problem, broken in found:
                tests = problem.visible_tests
                check = await Verifier(sandbox, tests=tests).check([CodeBlock(code=broken, language="python")], token)
                if check.passed or not tests:
                    continue  # nothing for the search to do
                result = await search_patches(
                    broken, language="python", tests=tests, execute=execute, cancellation_token=token
                )
                graded = [
                    {
                        "desc": s.patch.description,
                        "templates": [e.template for e in s.patch.edits],
                        "n_edits": len(s.patch.edits),
                        "susp": s.suspiciousness,
                        "unread": list(s.unread),
                        "correct": (await grade(problem, s.source, timeout=10)).passed,
                        **({"source": s.source} if with_source else {}),
                    }
                    for s in result.passing[:12]
                ]
                base = result.baseline
                line = {
                    "task": problem.task_id,
                    "kind": kind,
                    "tests": base.total if base else None,
                    # The asserts the tests hold (``tests`` counts those the program given ran: none if it crashed).
                    "visible_asserts": sum(isinstance(node, ast.Assert) for node in ast.walk(ast.parse(tests))),
                    "baseline": [base.passed, base.total] if base else None,
                    "tried": result.tried,
                    "stopped": result.stopped,
                    "n_passing": len(result.passing),
                    "claimed": result.fix is not None,
                    "graded": graded,
                }
                f.write(json.dumps(line) + "\n")
                f.flush()
                print(problem.task_id, len(result.passing), [g["correct"] for g in graded[:3]], flush=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kind", choices=("injected", "injected-2", "model"))
    parser.add_argument("split", choices=("tune", "heldout", "all"))
    parser.add_argument("out", type=Path)
    parser.add_argument("--bugs-file", type=Path, default=None)
    parser.add_argument("--with-source", action="store_true", help="keep each graded patch's program")
    args = parser.parse_args()
    asyncio.run(main(args.kind, args.split, args.out, args.bugs_file, with_source=args.with_source))
