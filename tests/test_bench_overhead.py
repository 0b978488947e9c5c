"""The loop-overhead benchmark's parts; its timings are printed by the benchmark, never asserted here."""

from __future__ import annotations

from pathlib import Path

import pytest

from autogen_selfdebug.bench import _overhead
from autogen_selfdebug.bench._overhead import NoOpExecutor


@pytest.mark.parametrize("loop", _overhead.LOOPS)
async def test_each_loop_runs_the_scripted_attempts(loop: _overhead.Loop) -> None:
    client = await _overhead._run_loop(loop, NoOpExecutor(), failures=3, record=True)
    generations = [r for r in client.records if not r.json_output]
    decisions = [r for r in client.records if r.json_output]
    assert len(decisions) == 2  # between the three attempts
    # Upstream reflects once more after its last attempt; ours reports the failure without a call.
    assert len(generations) == (3 if loop == "ours" else 4)


async def test_a_session_that_fails_then_passes() -> None:
    client = await _overhead._run_loop("ours", NoOpExecutor(), failures=1, then_pass=True)
    assert client.calls == 4  # code, decision, code, and the reflection after success (the default)


async def test_prompt_growth_rows_for_both_loops() -> None:
    rows = await _overhead._prompt_growth(3, 100_000)
    ours = [r.generation_prompt_chars for r in rows if r.loop == "ours"]
    upstream = [r.generation_prompt_chars for r in rows if r.loop == "autogen"]
    assert len(ours) == len(upstream) == 3
    # Ours keeps a bounded slice of each output; upstream keeps all of it (sizes, not timings).
    assert ours[-1] < 20_000 < 100_000 < upstream[-1]


def test_overhead_quick_writes_its_figures(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from autogen_selfdebug.bench import main

    # Shrink the workload: this checks the plumbing, not the figures.
    monkeypatch.setattr(
        _overhead,
        "_QUICK",
        _overhead.Workload(attempts=2, repeats=1, sessions_noop=5, sessions_local=2, lag_repeats=1),
    )
    out = tmp_path / "overhead.json"
    assert main(["overhead", "--quick", "--json", str(out)]) == 0
    import json

    figures = json.loads(out.read_text())
    assert {t["loop"] for t in figures["time_per_attempt"]} == {"ours", "autogen"}
    assert len(figures["concurrency"]) == 4


def test_repeats_print_the_spread_of_the_worst_lag(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from autogen_selfdebug.bench import main

    monkeypatch.setattr(
        _overhead,
        "_QUICK",
        _overhead.Workload(attempts=2, repeats=1, sessions_noop=5, sessions_local=2, lag_repeats=1),
    )
    out = tmp_path / "overhead.json"
    assert main(["overhead", "--quick", "--repeats", "3", "--json", str(out)]) == 0
    import json

    figures = json.loads(out.read_text())
    runs = figures["concurrency"]
    assert len(runs) == 3 * 4  # every cell, each repeat
    assert sorted({r["repeat"] for r in runs}) == [0, 1, 2]
    spreads = {(s["loop"], s["executor"]): s for s in figures["lag_spread"]}
    assert set(spreads) == {(loop, kind) for loop in _overhead.LOOPS for kind in ("noop", "local")}
    for (loop, kind), spread in spreads.items():
        lags = [r["max_loop_lag_ms"] for r in runs if r["loop"] == loop and r["executor"] == kind]
        assert spread["repeats"] == 3 and spread["max_lags_ms"] == lags
        assert spread["min_max_lag_ms"] <= spread["median_max_lag_ms"] <= spread["max_max_lag_ms"]
        assert spread["under_target"] == sum(lag < _overhead.LAG_TARGET_MS for lag in lags)
    printed = capsys.readouterr().out
    assert "3 repeats" in printed and "Max lag per repeat, ours / local:" in printed
    assert "Load average" in printed


def test_lag_spread_counts_the_repeats_under_the_target() -> None:
    runs = [
        _overhead.Concurrency("ours", "local", 100, 2.0 + n, 50.0, lag, 10.0, n)
        for n, lag in enumerate([30.0, 70.0, 45.0, 49.9])
    ]
    spread = _overhead.LagSpread.of(runs)
    assert (spread.min_max_lag_ms, spread.median_max_lag_ms, spread.max_max_lag_ms) == (30.0, 47.45, 70.0)
    assert spread.under_target == 3 and spread.repeats == 4 and spread.median_seconds == 3.5


def test_repeats_must_be_positive() -> None:
    from autogen_selfdebug.bench import main

    with pytest.raises(SystemExit):
        main(["overhead", "--quick", "--repeats", "0"])
