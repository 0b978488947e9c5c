"""``bench search`` runs the patch search for real and prints its cost (figures only, no timing asserts)."""

from __future__ import annotations

import pytest

from autogen_selfdebug.bench import main


def test_bench_search_prints_each_program_and_the_target(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # a table wide enough that no cell wraps
    assert main(["search", "--repeats", "1"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    for name in ("postfix evaluator", "run-length encoder", "maximum subarray (Kadane)", "word counts, fruitless"):
        assert name in out
    # The examples are fixed; the fruitless programs are not (no small edit gives their expected values).
    # Whether a fruitless search runs out of candidates or of budget first depends on its partial wins.
    assert "`Math.min` changed to `Math.max` on lines 6, 7" in out
    assert out.count("nothing (exhausted)") + out.count("nothing (candidate budget spent)") == 3  # py, js, ts
    assert "Target: a fruitless search of a 50-line program in at most ~3 s:" in out
