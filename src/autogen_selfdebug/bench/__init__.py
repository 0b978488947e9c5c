"""Benchmarks: fix rate and bug fixing on HumanEval (every arm side by side), test writing, the patch
search's cost, throughput against a model server with N slots, and the agent loop's own overhead.

``main(["--limit", "40", "--attempts", "4"])`` runs the fix-rate benchmark; ``main(["fix"])`` the
bug-fix one; ``main(["concurrency"])`` the throughput one; ``main(["overhead", "--quick"])`` the
loop-overhead one.
"""

from __future__ import annotations

from ._main import main

__all__ = ["main"]
