"""Benchmarks: the HumanEval fix rate of three arms, and the agent loop's own overhead.

``main(["--limit", "40", "--attempts", "4"])`` runs the fix-rate benchmark;
``main(["overhead", "--quick"])`` runs the loop-overhead benchmark.
"""

from __future__ import annotations

from ._main import main

__all__ = ["main"]
