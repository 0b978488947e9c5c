"""The benchmarks' command line: ``bench [fix-rate]``, ``bench fix``, ``bench write-tests``, ``bench overhead``,
``bench search`` or ``bench concurrency``."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Sequence

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run a benchmark; ``argv`` is what follows ``autogen-selfdebug bench``. Returns the exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        if args and args[0] == "overhead":
            from ._overhead import run_overhead

            return asyncio.run(run_overhead(args[1:]))
        if args and args[0] == "search":
            from ._search_cost import run_search_cost

            return asyncio.run(run_search_cost(args[1:]))
        if args and args[0] == "concurrency":
            from ._concurrency import run_concurrency

            return asyncio.run(run_concurrency(args[1:]))
        if args and args[0] == "write-tests":
            from ._write_tests import run_write_tests

            return asyncio.run(run_write_tests(args[1:]))
        from ._fix_rate import run_fix_rate

        if args and args[0] == "fix":
            return asyncio.run(run_fix_rate(args[1:], "fix"))
        if args and args[0] == "fix-rate":
            args = args[1:]
        return asyncio.run(run_fix_rate(args))
    except KeyboardInterrupt:
        print("Interrupted; finished tasks are saved and a rerun resumes from them.", file=sys.stderr)
        return 130
