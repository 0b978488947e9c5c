"""The model's rewrites of the suspicious lines on HumanEval's model-made bugs (tuning split for tuning).

For each bug whose visible tests fail: one patch search (the agent's defaults, a local sandbox); when it finds
no fix, the model (an OpenAI-compatible server) writes each of the 3 most suspicious lines again 4 times at
T=0.8 (``repair.ask_rewrites``, as ``RetryStrategy(rewrites=4)`` does), and the search runs the distinct
rewrites with the templates' best partial win (``search_patches(edits=...)``). A fix is graded on the hidden
tests. One JSON line per bug.

    .venv/bin/python scripts/line-rewrites-feasibility.py OUT.jsonl --base-url URL \
        --bugs-file docs/data/model-bugs-openai-local-0.5b-t08-seed5-tune.jsonl --split tune
"""

from __future__ import annotations

import argparse
import asyncio
import json
from pathlib import Path
from typing import Any

from autogen_core import CancellationToken
from autogen_core.code_executor import CodeBlock, CodeResult

from autogen_selfdebug import Verifier, resolve_model
from autogen_selfdebug._feedback import execution_feedback
from autogen_selfdebug.bench._humaneval import grade, load_split
from autogen_selfdebug.bench._model_bugs import ModelBugRecord
from autogen_selfdebug.edits import rewritable_lines
from autogen_selfdebug.repair import ask_rewrites, search_patches
from autogen_selfdebug.sandboxes import LocalSandbox


async def main(args: argparse.Namespace) -> None:
    problems = {p.task_id: p for p in load_split(args.split)}
    lines = (await asyncio.to_thread(Path(args.bugs_file).read_text)).splitlines()
    records = [ModelBugRecord.model_validate_json(line) for line in lines if line]
    client = resolve_model("openai:local", base_url=args.base_url).client
    token = CancellationToken()
    async with LocalSandbox() as sandbox:

        async def execute(blocks: list[CodeBlock], cancellation_token: CancellationToken) -> CodeResult:
            return await sandbox.execute_code_blocks(blocks, cancellation_token=cancellation_token)

        for record in records:
            problem = problems.get(record.task_id)
            if record.status != "bug" or problem is None or not problem.visible_tests:
                continue
            tests, program = problem.visible_tests, record.broken
            check = await Verifier(sandbox, tests=tests).check([CodeBlock(code=program, language="python")], token)
            if check.passed:
                continue
            searched = await search_patches(
                program, language="python", tests=tests, execute=execute, cancellation_token=token
            )
            row: dict[str, Any] = {"set": Path(args.bugs_file).stem, "task": record.task_id}
            found = searched
            if searched.fix is None and searched.localized.measured:
                ranked = [line for line, _ in searched.localized.top(len(program.splitlines()))]
                chosen = rewritable_lines(program, ranked, "python", 3)
                rewrites = await ask_rewrites(
                    client, program, language="python", tests=tests, report=execution_feedback(check),
                    lines=chosen, samples=4, temperature=0.8, seed=0, cancellation_token=token,
                )  # fmt: skip
                base = searched.improved.patch.edits if searched.improved is not None else ()
                row |= {
                    "lines": chosen,
                    "distinct": len(rewrites.edits),
                    "tokens": rewrites.usage.prompt_tokens + rewrites.usage.completion_tokens,
                    "seconds": round(rewrites.seconds, 1),
                }
                if rewrites.edits:
                    found = await search_patches(
                        program, language="python", tests=tests, execute=execute, cancellation_token=token,
                        edits=[*rewrites.edits, *base],
                    )  # fmt: skip
            row["by"] = "search" if found is searched else "rewrites"
            row["fixed"] = found.fix is not None
            if found.fix is not None:
                row["edit"] = found.fix.patch.description
                row["correct"] = (await grade(problem, found.fix.source)).passed
            print(json.dumps(row), flush=True)
            with open(args.out, "a", encoding="utf-8") as out:  # noqa: ASYNC230 (a line at a time)
                out.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--bugs-file", required=True)
    parser.add_argument("--split", choices=("tune", "heldout"), default="tune")
    asyncio.run(main(parser.parse_args()))
