"""The search's claimed patches, right and wrong on the hidden tests, by how many asserts the visible tests hold.

Reads ``scripts/grade-search-patches.py`` outputs; a task's patch found in several files (bug sets) counts once.

    .venv/bin/python scripts/claims-by-asserts.py GRADED.jsonl [GRADED.jsonl ...]
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path


def main(paths: list[Path]) -> None:
    counts: Counter[tuple[str, bool]] = Counter()
    seen: set[tuple[str, str]] = set()
    for path in paths:
        for record in map(json.loads, path.read_text().splitlines()):
            if not record["claimed"] or not record["graded"]:
                continue
            patch = record["graded"][0]  # the likeliest: the one the search claims
            if (record["task"], patch["desc"]) in seen:
                continue
            seen.add((record["task"], patch["desc"]))
            asserts = record["visible_asserts"]
            counts[str(asserts) if asserts < 3 else "3 or more", bool(patch["correct"])] += 1
    print("| visible asserts | right | wrong |\n|---|---|---|")
    for bucket in ("0", "1", "2", "3 or more"):
        if counts[bucket, True] or counts[bucket, False]:
            print(f"| {bucket} | {counts[bucket, True]} | {counts[bucket, False]} |")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("graded", type=Path, nargs="+")
    main(parser.parse_args().graded)
