"""`fix` on new-user file sets with the search and the model's line rewrites, and no other model attempt.

For each set of a folder with a MANIFEST.jsonl (docs/data/new-user-files-*), copy it, run
`autogen-selfdebug fix PROGRAM [--tests TESTS] --model SPEC --base-url URL --retry-model none --max-attempts 2
--rewrites N`, with every model attempt at the whole program refused (the loop's generations raise), so what is
measured is the search and the rewrites alone. A fix that was written is run with the set's own runner (the
runners' venv and node_modules from RUNNERS). One JSON line per set: exit code, seconds, what the search and
the rewrites said, whether the runner passes, and the diff.

    .venv/bin/python scripts/rewrites-on-new-user-sets.py SETS_DIR OUT.jsonl --base-url URL --rewrites 4 \
        --runners /tmp/scratch/ac/runners
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import io
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

import autogen_selfdebug._agent as agent_module
from autogen_selfdebug import ModelCallError
from autogen_selfdebug.cli import main


def refuse(*args: Any, **kwargs: Any) -> Any:
    raise ModelCallError("model attempts are refused in this measurement")


agent_module.SelfDebuggingCodeExecutorAgent._generate = refuse  # type: ignore[method-assign]

_SAID = re.compile(r"The model wrote lines? [\d, ]+ again \d+ times?: \d+ different edits? \(\d+ tokens, [\d.]+ s\)")


def grade(set_dir: Path, program: str, fixed: str, runner: str, runners: Path) -> tuple[bool, str]:
    """Whether the set's own runner passes with ``fixed`` in place of its program, and the end of its output."""
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp) / set_dir.name
        shutil.copytree(set_dir, work, symlinks=True)
        (work / program).write_text(fixed)
        if not (work / "node_modules").exists():
            (work / "node_modules").symlink_to(runners / "node_modules")
        path = f"{runners}/venv/bin:{runners}/node_modules/.bin:{os.environ['PATH']}"
        env = {**os.environ, "CI": "1", "NO_COLOR": "1", "TZ": "UTC", "PATH": path}
        command = re.sub(r"/tmp/scratch/\w+/runners/venv/bin/python", str(runners / "venv/bin/python"), runner)
        done = subprocess.run(command, shell=True, cwd=work, capture_output=True, text=True, env=env, timeout=300)
        return done.returncode == 0, (done.stdout + done.stderr)[-300:]


def run_set(manifest: dict[str, Any], root: Path, args: argparse.Namespace) -> dict[str, Any]:
    set_dir = root / manifest["set"]
    program = Path(manifest["program"]).name
    tests = Path(manifest["tests"]).name if manifest.get("tests") else None
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp) / manifest["set"]
        shutil.copytree(set_dir, work, symlinks=True)
        fixed_path = work / f"fixed_{program}"
        argv = [
            "fix", str(work / program), *(["--tests", str(work / tests)] if tests else []),
            "--model", args.model, "--base-url", args.base_url, "--retry-model", "none", "--max-attempts", "2",
            "--rewrites", str(args.rewrites), "--output", str(fixed_path),
        ]  # fmt: skip
        said = io.StringIO()
        started, cwd = time.monotonic(), os.getcwd()
        os.chdir(work)
        try:
            with contextlib.redirect_stderr(said), contextlib.redirect_stdout(io.StringIO()):
                code: int | str = main(argv)
        finally:
            os.chdir(cwd)
        text = re.sub(r"\s*\n\s*", " ", said.getvalue())
        rewrite = _SAID.search(text)
        row: dict[str, Any] = {
            "set": manifest["set"],
            "rewrites": args.rewrites,
            "rc": code,
            "wall_seconds": round(time.monotonic() - started, 1),
            "search": ["The repair search" + part[:300] for part in text.split("The repair search")[1:3]],
            "rewrite": rewrite.group(0) if rewrite else None,
        }
        if fixed_path.exists():
            fixed, given = fixed_path.read_text(), (set_dir / program).read_text()
            row["runner_passes"], _ = grade(set_dir, program, fixed, manifest["runner"], args.runners)
            row["diff"] = "".join(difflib.unified_diff(given.splitlines(True), fixed.splitlines(True), n=0))[:1500]
        return row


def main_(args: argparse.Namespace) -> None:
    root = Path(args.sets)
    manifests = [json.loads(line) for line in (root / "MANIFEST.jsonl").read_text().splitlines() if line.strip()]
    only = set(args.only.split(",")) if args.only else None
    with open(args.out, "a", encoding="utf-8") as out:
        for manifest in manifests:
            if only is None or manifest["set"] in only:
                row = run_set(manifest, root, args)
                out.write(json.dumps(row) + "\n")
                out.flush()
                print(row["set"], row["rc"], row.get("runner_passes"), row["wall_seconds"], row["rewrite"], flush=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sets", help="a folder with MANIFEST.jsonl and one folder per set")
    parser.add_argument("out", help="JSON lines, appended")
    parser.add_argument("--model", default="openai:local")
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--rewrites", type=int, default=4)
    parser.add_argument("--runners", type=Path, required=True, help="a folder with venv/ (pytest) and node_modules/")
    parser.add_argument("--only", help="comma-separated set names")
    main_(parser.parse_args())
