"""Do programs that pass the visible tests but fail the hidden ones give themselves away on inputs near them?

An analysis for docs/benchmarks.md, on the tuning split only: it asks whether a claim could be doubted, with no
model call, because the program raises on a small change of a visible test's arguments (an empty list, a number
plus one, a string cut short). It pools every tuning program in docs/data that passes its visible tests and
whose hidden-test grade is recorded (the model's single-shot answers, fix-rate claims, every attempt of ours) and
the passing patches in GRADED files (``scripts/grade-search-patches.py --with-source``); runs each, and the
canonical solution, on up to 40 such neighbour inputs of its task; compares each program that is not a
single-shot answer with the task's single-shot answers that pass the visible tests (a second sample as the
judge); and writes one JSON line per program.

    .venv/bin/python scripts/neighbour-inputs.py OUT.jsonl [GRADED.jsonl ...]

The canonical solution is only for reading the result (does it raise on the same input, so the input is outside
the task?); a rule in the agent would have no such oracle.
"""

from __future__ import annotations

import argparse
import ast
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

from autogen_selfdebug import extract_code_blocks
from autogen_selfdebug.bench._humaneval import Problem, load_split

DATA = Path(__file__).resolve().parent.parent / "docs" / "data"
MAX_NEIGHBOURS = 40

# Runs the entry point on each input with a half-second alarm, after the program; one JSON line of outcomes.
RUNNER = """
import json as _json, signal as _signal
def _alarm(*_): raise TimeoutError()
_signal.signal(_signal.SIGALRM, _alarm)
_outcomes = []
for _args in {inputs!r}:
    _signal.setitimer(_signal.ITIMER_REAL, 0.5)
    try:
        _outcomes.append(["ok", repr({entry}(*_args))[:300]])
    except TimeoutError:
        _outcomes.append(["timeout", ""])
    except BaseException as _error:
        _outcomes.append(["raised", type(_error).__name__])
    finally:
        _signal.setitimer(_signal.ITIMER_REAL, 0)
print("@@outcomes@@" + _json.dumps(_outcomes))
"""


def changes(value: object) -> list[object]:
    """Small changes of one argument, of its own type."""
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value + 1, value - 1, 0, -value, value * 2]
    if isinstance(value, float):
        return [value + 1.0, 0.0, -value, value / 2]
    if isinstance(value, str):
        return ["", value[:-1], value[1:], value * 2, value.upper(), value[::-1]]
    if isinstance(value, list | tuple):
        kind = type(value)
        return [kind(), kind(value[:-1]), kind(value[1:]), kind(value[::-1]), kind([*value, *value[:1]])]
    return []


def neighbours(problem: Problem) -> list[list[object]]:
    """The visible tests' calls of the entry point, each with one argument changed (none of the calls itself)."""
    calls: list[list[object]] = []
    for node in ast.walk(ast.parse(problem.visible_tests)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == problem.entry_point:
            try:
                calls.append([ast.literal_eval(arg) for arg in node.args])
            except (ValueError, TypeError, SyntaxError):
                continue  # an argument that is no literal
    seen: set[str] = set()
    found: list[list[object]] = []
    for args in calls:
        for i, value in enumerate(args):
            for changed in changes(value):
                new = [*args[:i], changed, *args[i + 1 :]]
                if repr(new) not in seen and new not in calls:
                    seen.add(repr(new))
                    found.append(new)
    return found[:MAX_NEIGHBOURS]


def run(code: str, entry: str, inputs: list[list[object]]) -> list[list[str]] | None:
    """The entry point's outcome on each input, after ``code`` (plain, or in markdown fences as attempts keep it)."""
    fenced = extract_code_blocks(code, ["python"]).blocks
    program = "\n".join(block.code for block in fenced) if fenced else code
    source = program + "\n" + RUNNER.format(inputs=inputs, entry=entry)
    try:
        out = subprocess.run([sys.executable, "-c", source], capture_output=True, text=True, timeout=60).stdout
    except subprocess.TimeoutExpired:
        return None
    lines = [line for line in out.splitlines() if line.startswith("@@outcomes@@")]
    return json.loads(lines[-1].removeprefix("@@outcomes@@")) if lines else None


def pool(graded: list[Path]) -> list[dict[str, object]]:
    """Tuning programs that pass their visible tests, with their hidden-test grade, each once per task."""
    found: dict[tuple[str, str], dict[str, object]] = {}

    def add(task: str, code: str | None, right: bool, source: str) -> None:
        if code and int(task.rsplit("/", 1)[1]) < 80:
            found.setdefault((task, code.strip()), {"task": task, "code": code, "right": right, "source": source})

    for path in sorted(DATA.glob("model-bugs-*tune.jsonl")):
        for record in map(json.loads, path.read_text().splitlines()):
            if record.get("status") == "passed":
                add(record["task_id"], record.get("code"), True, "single shot")
            elif record.get("status") == "bug" and record.get("fails_visible") is False:
                add(record["task_id"], record.get("broken"), False, "single shot")
    for path in [DATA / "fix-rate-tune-all-80-2026-11-30.jsonl", *sorted(DATA.glob("decide-tune-*.jsonl"))]:
        for record in map(json.loads, path.read_text().splitlines()):
            if "task_id" in record and record.get("verdict") == "success":
                add(record["task_id"], record.get("code"), bool(record["passed"]), "fix-rate claim")
    for line in (DATA / "attempts-tune-ours-every-attempt-2026-11-30.jsonl").read_text().splitlines():
        record = json.loads(line)
        for attempt in record["attempts"]:
            if attempt.get("passed") and attempt.get("hidden") is not None:
                add(record["task"], attempt.get("code"), bool(attempt["hidden"]), "an attempt of ours")
    for path in graded:
        for record in map(json.loads, path.read_text().splitlines()):
            bugs = "model-made" if record["kind"] == "model" else "injected"
            for i, patch in enumerate(record["graded"]):
                chosen = "claimed" if i == 0 and record["claimed"] else "not claimed"
                add(record["task"], patch.get("source"), bool(patch["correct"]), f"search patch, {bugs}, {chosen}")
    return list(found.values())


def agreement(outcomes: list[list[str]], others: list[list[list[str]]]) -> float | None:
    """The share of ``others`` that return what ``outcomes`` do on every input where both return."""
    if not others:
        return None
    agree = [all(a == b for a, b in zip(outcomes, o, strict=True) if a[0] == b[0] == "ok") for o in others]
    return sum(agree) / len(agree)


def main(out: Path, graded: list[Path]) -> None:
    problems = {p.task_id: p for p in load_split("tune")}
    canonical: dict[str, list[list[str]] | None] = {}
    ran: list[tuple[dict[str, object], list[list[str]], list[list[str]]]] = []
    for entry in pool(graded):
        problem = problems[str(entry["task"])]
        inputs = neighbours(problem)
        if not inputs:
            continue
        if problem.task_id not in canonical:
            canonical[problem.task_id] = run(problem.prompt + problem.canonical_solution, problem.entry_point, inputs)
        outcomes, reference = run(str(entry["code"]), problem.entry_point, inputs), canonical[problem.task_id]
        if outcomes is not None and reference is not None:
            ran.append((entry, outcomes, reference))
    # What a second sample would say: the model's single-shot answers to the same task that pass its visible tests.
    answers: dict[str, list[tuple[str, list[list[str]]]]] = {}
    for entry, outcomes, _ in ran:
        if entry["source"] == "single shot":
            answers.setdefault(str(entry["task"]), []).append((str(entry["code"]), outcomes))
    totals: Counter[tuple[str, bool, str]] = Counter()
    with out.open("w", encoding="utf-8") as f:
        for entry, outcomes, reference in ran:
            pairs = list(zip(outcomes, reference, strict=True))
            others = [o for code, o in answers.get(str(entry["task"]), []) if code != entry["code"]]
            agrees = None if entry["source"] == "single shot" else agreement(outcomes, others)
            line = {
                "task": entry["task"],
                "source": entry["source"],
                "right": entry["right"],
                "inputs": len(pairs),
                "raised": sum(got[0] != "ok" for got, _ in pairs),
                "raised_where_canonical_returns": sum(got[0] != "ok" and ref[0] == "ok" for got, ref in pairs),
                "differs_from_canonical": sum(got != ref for got, ref in pairs),
                "single_shot_answers": len(others) if agrees is not None else None,
                "agrees_with_answers": agrees,
            }
            f.write(json.dumps(line) + "\n")
            for source in ("all", str(entry["source"])):
                key = (source, bool(entry["right"]))
                totals[(*key, "programs")] += 1
                totals[(*key, "raised on one or more")] += line["raised"] > 0
                totals[(*key, "raised where the canonical returns")] += line["raised_where_canonical_returns"] > 0
                totals[(*key, "differs from the canonical")] += line["differs_from_canonical"] > 0
                if agrees is not None:
                    totals[(*key, "compared with single-shot answers")] += 1
                    totals[(*key, "agrees with most of them")] += agrees > 0.5
    for source, right in sorted({(s, r) for s, r, _ in totals}):
        figures = ", ".join(f"{what} {n}" for (s, r, what), n in totals.items() if (s, r) == (source, right))
        print(f"{source}, {'right' if right else 'wrong'}: {figures}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("graded", type=Path, nargs="*", help="grade-search-patches.py --with-source outputs")
    args = parser.parse_args()
    main(args.out, args.graded)
