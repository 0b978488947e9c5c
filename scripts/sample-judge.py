"""Would one more sample from the model, used as a judge, make the fix-rate claims right more often?

An analysis for docs/benchmarks.md, of a rule not built: when an arm is about to claim a program that passes the
visible tests, draw one more answer from the 0.5B model (temperature 0.8, a new seed); if that answer passes the
visible tests too, run both on inputs near the visible ones (``neighbour-inputs.py``'s changes of the examples'
arguments) and claim only if they return the same on every input where both return. Otherwise the claim is left
``unconfirmed``. With no answer that passes, or no near inputs, the claim stands.

The answers are the recorded single-shot answers of ``docs/data/model-bugs-*-t08-seed*-{split}.jsonl``, one seed
at a time as "the" second sample; their tokens are what the draw would cost. The claims are those of the 84-task
(held-out) and 80-task (tuning) fix-rate runs of 2026-11-30. Nothing here calls a model.

    .venv/bin/python scripts/sample-judge.py --split tune|heldout [--draws N] [--out OUT.jsonl]

``--draws 2`` draws a second answer when the first fails the visible tests (and pays for both).
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import re
from collections import Counter
from pathlib import Path

from autogen_selfdebug.bench._bugfix import exit_code
from autogen_selfdebug.bench._humaneval import Problem, load_split

DATA = Path(__file__).resolve().parent.parent / "docs" / "data"
RUNS = {"tune": "fix-rate-tune-all-80-2026-11-30.jsonl", "heldout": "fix-rate-heldout-all-84-2026-11-30.jsonl"}

_spec = importlib.util.spec_from_file_location("neighbour_inputs", Path(__file__).with_name("neighbour-inputs.py"))
assert _spec is not None and _spec.loader is not None
near = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(near)


def passes_visible(code: str, problem: Problem) -> bool:
    """Whether the answer, then the visible tests, runs to exit code 0, checked as the model-made sets check it."""
    if not problem.visible_tests:
        return False
    return asyncio.run(exit_code(f"{code}\n\n{problem.visible_tests}\n", 20)) == 0


def answers(split: str) -> dict[int, dict[str, dict[str, object]]]:
    """Each seed's single-shot answer to each task: its code and the tokens it cost."""
    found: dict[int, dict[str, dict[str, object]]] = {}
    for path in sorted(DATA.glob(f"model-bugs-*-t08-seed*-{split}.jsonl")):
        seed = int(re.search(r"seed(\d+)", path.name).group(1))  # type: ignore[union-attr]
        for record in map(json.loads, path.read_text().splitlines()):
            code = record.get("code") or record.get("broken")
            tokens = int(record.get("prompt_tokens") or 0) + int(record.get("completion_tokens") or 0)
            found.setdefault(seed, {})[record["task_id"]] = {"code": code, "tokens": tokens}
    return found


def main(split: str, draws: int, out: Path | None) -> None:
    problems = {p.task_id: p for p in load_split(split)}
    runs = [r for r in map(json.loads, (DATA / RUNS[split]).read_text().splitlines()) if "task_id" in r]
    claims = [r for r in runs if r.get("verdict") == "success" and r["arm"] in ("ours", "cascade")]
    by_seed = answers(split)
    seeds = sorted(by_seed)
    inputs = {t: near.neighbours(problems[t]) for t in {c["task_id"] for c in claims}}
    outcomes: dict[tuple[str, str], list[list[str]] | None] = {}
    visible: dict[tuple[str, str], bool] = {}

    def outcome(task: str, code: str) -> list[list[str]] | None:
        if (task, code) not in outcomes:
            outcomes[(task, code)] = near.run(code, problems[task].entry_point, inputs[task])
        return outcomes[(task, code)]

    lines: list[dict[str, object]] = []
    totals: Counter[tuple[str, int, str]] = Counter()
    for claim in claims:
        task, arm, right = claim["task_id"], claim["arm"], bool(claim["passed"])
        mine = outcome(task, claim["code"]) if inputs[task] else None
        for i, seed in enumerate(seeds):
            # The seeds after this one, in turn, are the further draws.
            order = [seeds[(i + j) % len(seeds)] for j in range(draws)]
            verdict, tokens, used = "kept: no near inputs", 0, None
            if mine is not None:
                verdict = "kept: no answer passes the visible tests"
                for s in order:
                    answer = by_seed[s].get(task)
                    if answer is None:
                        continue
                    tokens += int(answer["tokens"])  # type: ignore[call-overload]
                    if not answer["code"]:
                        continue  # a reply with no code costs its tokens all the same
                    code = str(answer["code"])
                    key = (task, code)
                    if key not in visible:
                        visible[key] = passes_visible(code, problems[task])
                    if not visible[key]:
                        continue
                    theirs = outcome(task, code)
                    if theirs is None:
                        continue
                    used = s
                    same = near.agreement(mine, [theirs]) == 1.0
                    verdict = "kept: agrees" if same else "withheld: disagrees"
                    break
            lines.append({"task": task, "arm": arm, "right": right, "seed": seed, "sample": used,
                          "verdict": verdict, "tokens": tokens})  # fmt: skip
            kept = verdict.startswith("kept")
            totals[(arm, seed, f"{'kept' if kept else 'withheld'} {'right' if right else 'wrong'}")] += 1
            totals[(arm, seed, "tokens")] += tokens
    if out is not None:
        out.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    for arm in ("ours", "cascade"):
        mine_runs = [r for r in runs if r["arm"] == arm]
        solved = sum(r["passed"] for r in mine_runs)
        tokens = sum(r["prompt_tokens"] + r["completion_tokens"] for r in mine_runs)
        right = sum(r["passed"] and r["verdict"] == "success" for r in mine_runs)
        claimed = sum(r["verdict"] == "success" for r in mine_runs)
        print(f"{split} {arm}: as run, precision {right}/{claimed}; {solved} solved, {tokens} tokens")
        for seed in seeds:
            t = {what: n for (a, s, what), n in totals.items() if a == arm and s == seed}
            kr, kw, wr, ww = (t.get(k, 0) for k in ("kept right", "kept wrong", "withheld right", "withheld wrong"))
            print(
                f"  second sample seed {seed}: precision {kr}/{kr + kw}; withheld {wr} right, {ww} wrong; "
                f"+{t.get('tokens', 0)} tokens ({(tokens + t.get('tokens', 0)) / max(solved, 1):.0f} per solved)"
            )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=sorted(RUNS), required=True)
    parser.add_argument("--draws", type=int, default=1)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    main(args.split, args.draws, args.out)
