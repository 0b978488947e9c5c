"""Run ``autogen-selfdebug fix`` on the hand-written classic bugs and grade each result with hidden checks.

Each program in ``docs/data/classic-bugs/`` is a classic algorithm with one bug and its checks at the
bottom, written the way people write them; ``hidden/NAME.py`` holds stronger checks that ``fix`` never
sees. The set is for reporting, not tuning (docs/benchmarks.md says how it was made). One JSON line per
program goes to OUT; a program ``fix`` did not fix is graded as given.

    .venv/bin/python scripts/classic-bugs.py OUT.jsonl                      # the defaults: search, then the model
    .venv/bin/python scripts/classic-bugs.py OUT.jsonl --search-only        # the search alone, no model call
    .venv/bin/python scripts/classic-bugs.py OUT.jsonl --only sqrt,wrap -- --no-search
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from autogen_selfdebug.cli._checks import split_trailing_checks

HERE = Path(__file__).resolve().parent.parent / "docs" / "data" / "classic-bugs"
# A model address that refuses at once: with it, any model call fails and only the search can fix.
NO_MODEL = ["--model", "openai:none", "--base-url", "http://127.0.0.1:9/v1", "--retry-model", "none"]


def grade(program: Path, hidden: Path, *, timeout: float = 60) -> bool:
    """Whether the program, without the checks at its bottom, passes the hidden checks."""
    source = program.read_text(encoding="utf-8")
    # The same split fix makes, so the graded program is the one fix worked on.
    split = split_trailing_checks(source, "python")
    code = (split.program if split is not None else source) + "\n\n" + hidden.read_text(encoding="utf-8")
    try:
        return subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=timeout).returncode == 0
    except subprocess.TimeoutExpired:
        return False


def run(name: str, extra: list[str], out_dir: Path) -> dict[str, object]:
    source = HERE / f"{name}.py"
    fixed = out_dir / f"{name}.py"
    started = time.monotonic()
    done = subprocess.run(
        [str(Path(sys.executable).parent / "autogen-selfdebug"), "fix", str(source), "--output", str(fixed), *extra],
        capture_output=True,
        text=True,
    )
    seconds = time.monotonic() - started
    text = re.sub(r"\s+", " ", done.stdout + done.stderr)
    how = re.search(r"(found by the repair search|written by \S+)", text)
    tokens = re.search(r"([\d,]+) prompt \+ ([\d,]+) completion tokens", text)
    passing = re.search(r"(\d+) different patches pass", text)
    claimed = done.returncode == 0 and fixed.exists()
    return {
        "program": name,
        "exit_code": done.returncode,
        "claimed": claimed,
        "found_by": how.group(1) if how else None,
        "right": grade(fixed if claimed else source, HERE / "hidden" / f"{name}.py"),
        "passing_patches": int(passing.group(1)) if passing else None,
        "tokens": sum(int(g.replace(",", "")) for g in tokens.groups()) if tokens else None,
        "seconds": round(seconds, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--search-only", action="store_true", help="no model call: only the search can fix")
    parser.add_argument("--only", help="comma-separated program names")
    parser.add_argument("extra", nargs="*", help="more arguments for fix, after --")
    args = parser.parse_args()
    names = sorted(p.stem for p in HERE.glob("*.py"))
    if args.only:
        names = [n for n in names if n in args.only.split(",")]
    extra = [*(NO_MODEL if args.search_only else []), *args.extra]
    with tempfile.TemporaryDirectory() as out_dir, args.out.open("a", encoding="utf-8") as out:
        for name in names:
            record = run(name, extra, Path(out_dir))
            record["arguments"] = " ".join(extra)
            out.write(json.dumps(record) + "\n")
            out.flush()
            print(json.dumps(record), flush=True)


if __name__ == "__main__":
    main()
