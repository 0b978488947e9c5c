"""The patch search: localize with the tests, try template edits there, validate them in batches.

The search speaks only in patches and fitness (PyGGI's separation). A patch's fitness is how many
test asserts pass with it, then how close the failing asserts' actual values come to the expected
ones. Depth 1 tries one edit (or one edit at every matching site of a function); depth 2 adds a
second edit to the best partial wins (the best for each set of passing asserts first), after trying
together two candidates that each pass asserts the program failed and the other does not, so a bug on
two lines is reached in two steps. Every run
happens in the agent's sandbox, in batches of many candidates per execution, with no model call.
"""

from __future__ import annotations

import ast
import asyncio
import itertools
import math
import re
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from difflib import SequenceMatcher

from autogen_core import CancellationToken
from autogen_core.code_executor import CodeBlock, CodeResult
from pydantic import BaseModel, Field

from .._test_report import TestReport, parse_report, split_output
from .._verification import combined_source
from ..edits import (
    REPAIR_TEMPLATES,
    REWRITE_TEMPLATE,
    Edit,
    Patch,
    candidate_edits,
    driver_lines,
    erase_types,
    judge_lines,
    pairing_gain,
    read_changes,
    same_edit_everywhere,
    shares_state,
)
from ._batch import Trial, batch_error, parse_batch, parse_coverage
from ._localize import Ranking, ochiai, with_earlier_lines
from ._node_driver import node_batch_code, node_coverage_code
from ._python_driver import python_batch_code, python_coverage_code

__all__ = ["SEARCHABLE_LANGUAGES", "Scored", "SearchBudget", "SearchResult", "search_patches"]

SEARCHABLE_LANGUAGES = ("python", "javascript", "typescript")
"""The languages the search edits and runs."""

ExecuteFn = Callable[[list[CodeBlock], CancellationToken], Awaitable[CodeResult]]

# A driver's own start and its report, within the sandbox's timeout (Node's TypeScript start is the slowest).
_RUN_MARGIN = 2.0

# Renaming every use of a name, or every return, is not "the same bug twice": it would swamp the search.
_NOT_GROUPED = frozenset({"replace_name", "return_local", REWRITE_TEMPLATE})

# A candidate's first limit: this many times the original's run, and a margin, and no less than the floor
# (seconds). It cuts off a candidate that hangs sooner than the full limit (``_Search.timeout``) would.
_QUICK_TIMES, _QUICK_MARGIN, _QUICK_FLOOR = 10, 0.05, 0.15

# Depth 2 first tries in pairs the depth-1 candidates that gain asserts: the first few of each set of asserts
# gained, for the sets that gain the most.
_PAIRED_GROUPS = 6
_PAIRED_EACH = 3


class SearchBudget(BaseModel):
    """How much the search may spend: candidates run, seconds, and each candidate's own timeout."""

    max_candidates: int = Field(default=400, ge=1)
    seconds: float = Field(default=20.0, gt=0)
    candidate_timeout: float = Field(default=2.0, gt=0)
    batch_size: int = Field(default=100, ge=1)
    depth: int = Field(default=2, ge=1, le=2)
    beam: int = Field(default=2, ge=1)
    max_passing: int = Field(default=6, ge=1)
    """A passing patch is a fix only when at most this many different patches pass. More mean the
    tests do not pin the behaviour down, and the likeliest patch is only evidence for the model."""


@dataclass(frozen=True)
class Scored:
    """A patch and how the tests fared with it."""

    patch: Patch
    source: str
    passed: int
    total: int
    distance: float
    all_passed: bool
    suspiciousness: float = 0.0
    outcomes: tuple[bool, ...] = ()
    """Which asserts pass with the patch, in order."""
    timed_out: bool = False
    """Whether the run was stopped by its time limit (the asserts after the one it hung in never ran)."""
    unread: tuple[str, ...] = ()
    """Names the program computes and reads that the patch leaves unread (set on passing patches)."""
    used: tuple[str, ...] = ()
    """Names the program binds and never reads that the patch reads (set on passing patches)."""
    fit: int = 0
    """How much better the names a patch puts in place fit the company they keep elsewhere in the program
    (``edits.pairing_gain``; set on passing patches that replace a name, 0 on others)."""

    @property
    def fitness(self) -> tuple[int, float]:
        return self.passed, -self.distance

    def counts(self) -> str:
        return f"{self.passed} of {self.total} asserts pass" if self.total else "the tests did not run"


@dataclass
class SearchResult:
    """What one search found: the chosen fix (if any), every passing patch, or the best partial win."""

    language: str
    baseline: Scored | None
    ranking: Ranking
    max_passing: int
    passing: list[Scored] = field(default_factory=list[Scored])
    improved: Scored | None = None
    tried: int = 0
    timed_out: int = 0
    seconds: float = 0.0
    stopped: str = "exhausted"
    localized: Ranking = field(default_factory=lambda: Ranking({}))
    """Every line the failing tests ran, by suspiciousness; ``ranking`` keeps only the lines the edits change."""

    @property
    def likeliest(self) -> Scored | None:
        """The first passing patch in the order ``_finish`` sorts them (the fewest edits, a name put to use, the
        most suspicious line, the most plausible template, the best fitting name), if any patch passed."""
        return self.passing[0] if self.passing else None

    @property
    def fix(self) -> Scored | None:
        """The likeliest passing patch, unless there is a reason to doubt it (:attr:`doubt`)."""
        return self.likeliest if self.doubt is None else None

    @property
    def doubt(self) -> str | None:
        """Why the likeliest passing patch is not taken as the fix: so many different patches pass that the
        tests cannot tell a fix from a patch that only fits them (``SearchBudget.max_passing``), or it leaves
        a value the program computes unused (then every passing patch does: those sort last)."""
        likeliest = self.likeliest
        if likeliest is None:
            return None
        if self.unpinned:
            return f"so do {len(self.passing) - 1} other patches"
        if likeliest.unread:
            return f"it stops using {', '.join(f'`{name}`' for name in likeliest.unread)}"
        return None

    @property
    def unpinned(self) -> bool:
        """Whether more different patches pass than the tests can be trusted to tell apart."""
        return len(self.passing) > self.max_passing

    def summary(self) -> str:
        """One line for people: what was tried and what it gave."""
        tried = f"tried {self.tried} candidate patches in {self.seconds:.1f} s"
        where = f" at {self.ranking.describe()}" if self.ranking.measured else ""
        if self.fix is not None:
            text = f"The repair search {tried}{where}: {self.fix.patch.description} makes every test pass."
            if len(self.passing) > 1:
                text += (
                    f" {len(self.passing)} different patches pass these tests, so the tests do not pin the "
                    "behaviour down; this one is the most plausible small edit at the most suspicious line."
                )
            return text
        if self.doubt is not None:
            why = (
                f"{len(self.passing)} different patches pass these tests, so the tests do not pin the behaviour down"
                if self.unpinned
                else "every patch that passes stops using a value the program computes"
            )
            return f"The repair search {tried}{where}: {why} and none is taken as the fix; {self.evidence()}"
        if self.improved is not None and self.baseline is not None:
            return f"The repair search {tried}{where}: no patch passes; {self.evidence()}"
        return f"The repair search {tried}{where}: no patch passes or gets more asserts right ({self.stopped})."

    def evidence(self) -> str | None:
        """The partial win, or the likeliest passing patch when it is doubted (:attr:`doubt`), as evidence for
        the model's next attempt."""
        likeliest, doubt = self.likeliest, self.doubt
        if likeliest is not None and doubt is not None:
            return (
                f"{likeliest.patch.change} makes every test pass, but {doubt}: "
                "use it only if it is right for the task, not just for these tests."
            )
        if self.improved is None:
            return None
        before = f" (it was {self.baseline.passed} of {self.baseline.total})" if self.baseline else ""
        if self.baseline is not None and self.baseline.timed_out:
            # Its count covers only the asserts before the hang: "1 of 1" would hide the ones that never ran.
            before = f" (before, {_passed(self.baseline.passed)} and then the program ran out of time)"
        return f"{self.improved.patch.change} makes {self.improved.counts()}{before}."

    def metadata(self) -> dict[str, str]:
        """The search as event metadata (AgentChat metadata values are strings)."""
        data = {
            "search_candidates": str(self.tried),
            "search_timeouts": str(self.timed_out),
            "search_seconds": f"{self.seconds:.2f}",
            "search_stopped": self.stopped,
            "suspicious_lines": self.ranking.describe(5),
        }
        if self.fix is not None:
            data["edit"] = self.fix.patch.description
            data["templates"] = ",".join(dict.fromkeys(e.template for e in self.fix.patch.edits))
            data["passing_patches"] = str(len(self.passing))
            if len(self.passing) > 1:
                data["other_patches"] = "\n".join(s.patch.description for s in self.passing[1:11])
        elif self.likeliest is not None:
            if self.unpinned:
                data["unpinned_edit"] = self.likeliest.patch.description
            else:
                data["unread_edit"] = self.likeliest.patch.description
                data["unread_names"] = ",".join(self.likeliest.unread)
            data["passing_patches"] = str(len(self.passing))
            data["doubt"] = self.doubt or ""
            # For a person to judge: the search cannot, but a person who knows the task can.
            data["doubted_code"] = self.likeliest.source
        elif self.improved is not None:
            data["partial_edit"] = self.improved.patch.description
            data["partial_passed"] = f"{self.improved.passed}/{self.improved.total}"
        return data


async def search_patches(
    program: str,
    *,
    language: str,
    tests: str,
    execute: ExecuteFn,
    cancellation_token: CancellationToken,
    budget: SearchBudget | None = None,
    run_limit: float | None = None,
    edits: Sequence[Edit] | None = None,
) -> SearchResult:
    """Search for a small patch that makes ``program`` pass ``tests``.

    Args:
        program: The failing program.
        language: Its language (and the tests'): ``python``, ``javascript`` or ``typescript``.
        tests: The fixed tests, run after the program in the same file.
        execute: Runs code blocks in the sandbox (the agent's executor, approval included).
        cancellation_token: Cancels the search between and during sandbox executions.
        budget: Limits; the defaults keep a fruitless search of a 50-line program to a few seconds.
        run_limit: The longest one sandbox execution may run (the executor's timeout), if known: each batch
            stops its candidates before it, so the sandbox never kills a batch with its results.
        edits: The edits to try instead of the repair templates' (the model's rewrites of lines, ``ask_rewrites``).

    Raises:
        ValueError: a language the search cannot edit.
    """
    if language not in SEARCHABLE_LANGUAGES:
        raise ValueError(f"The repair search edits {', '.join(SEARCHABLE_LANGUAGES)}, not {language!r}.")
    search = _Search(program, language, tests, execute, cancellation_token, budget or SearchBudget(), run_limit, edits)
    return await search.run()


class _Search:
    def __init__(
        self,
        program: str,
        language: str,
        tests: str,
        execute: ExecuteFn,
        token: CancellationToken,
        budget: SearchBudget,
        run_limit: float | None = None,
        edits: Sequence[Edit] | None = None,
    ) -> None:
        self.program, self.language, self.tests = program, language, tests
        self.edits = edits
        self.execute, self.token, self.budget = execute, token, budget
        self.run_limit = run_limit
        self.stateful = shares_state(program, tests, language)
        self.started = time.monotonic()
        self.seen = {program}
        self.timeout = budget.candidate_timeout
        self.quick = self.timeout
        """The first limit a candidate runs with: the ones it cuts off run again with ``timeout`` (``slow``)."""
        self.slow: list[tuple[Patch, float, str, Scored | None]] = []
        self.error: str | None = None
        """Why the last batch ran no candidate, when its driver said (no ``typescript`` module)."""
        # The language the candidates run as, and the tests as they run: TypeScript whose types erase runs as
        # JavaScript, with no transpiler to load.
        self.runs_as, self.run_tests = language, tests
        erased_tests = erase_types(tests) if language == "typescript" else None
        if erased_tests is not None and erase_types(program) is not None:
            self.runs_as, self.run_tests = "javascript", erased_tests
        self.whole = self._file(program)
        """The program as given with its tests: the file every candidate is made from."""

    def left(self) -> float:
        return self.budget.seconds - (time.monotonic() - self.started)

    def _within_run(self, seconds: float) -> float:
        """``seconds``, cut to end a while before the sandbox's own timeout would stop the run."""
        if self.run_limit is None:
            return seconds
        return max(0.5, min(seconds, self.run_limit - _RUN_MARGIN))

    async def run(self) -> SearchResult:
        baseline_trial = (await self._batch([self.program], timeout=self.budget.candidate_timeout))[0]
        baseline = self._score(Patch(()), self.program, baseline_trial)
        # A candidate may take several times the original's run before it counts as hanging. When the
        # original itself hangs there is no yardstick: half the limit keeps each endless candidate cheap.
        if baseline_trial is None or baseline_trial.timed_out:
            self.timeout = self.quick = max(0.5, self.budget.candidate_timeout / 2)
        else:
            seconds = baseline_trial.seconds
            self.timeout = min(self.budget.candidate_timeout, max(0.5, 5 * seconds + 0.3))
            # Most candidates run about as long as the original. Cutting the others off soon, and running them
            # again at the full limit once the rest are done, spends the seconds on candidates that end, not on
            # those that hang. Only when the original's tests ran: one that failed before them tells nothing of
            # how long they take.
            tests_ran = baseline is not None and baseline.total > 0
            quick = max(_QUICK_FLOOR, _QUICK_TIMES * seconds + _QUICK_MARGIN)
            self.quick = min(self.timeout, quick) if tests_ran else self.timeout
        ranking = await self._localize(self.program)
        # Not the statements the checks run on (``s.push(1)`` → ``s.push(2)`` would change the question), nor
        # the functions they judge with (an edit to ``__eq__`` would change the answer key).
        left_alone = driver_lines(self.program, self.language) | judge_lines(self.program, self.tests, self.language)
        made = candidate_edits(self.program, self.language) if self.edits is None else self.edits
        edits = [edit for edit in made if edit.line not in left_alone]
        shown = ranking.among({edit.bug_line for edit in edits})
        result = SearchResult(self.language, baseline, shown, self.budget.max_passing, localized=ranking)
        if baseline is not None and baseline.all_passed:
            # Its callers search after a failed run: checks that run after the program's last line (in an exit
            # handler) escape the search's runner, and it must not pass that off as a pass.
            result.stopped = (
                "the program passes as the search runs it: it cannot follow checks that run after the last line"
            )
            return self._finish(result)
        # Depth 1 leaves a tenth of the candidates to depth 2: where it spends them all (a long program), the two
        # halves of a two-line bug it found were never tried together. What depth 2 leaves goes back to depth 1.
        first = self._depth_one(edits, ranking)
        reserve = self.budget.max_candidates // 10 if self.budget.depth >= 2 else 0
        scored = await self._round(result, first, keep=reserve)
        if not result.passing and self.budget.depth >= 2:
            bases = [s for s in scored if baseline is None or s.fitness > baseline.fitness]
            bases.sort(key=lambda s: (s.fitness, s.suspiciousness), reverse=True)
            for pairs in _paired(scored, baseline):
                if result.passing or result.stopped != "exhausted":
                    break
                await self._round(result, pairs)
            for base in _diverse(bases)[: self.budget.beam]:
                if result.passing or result.stopped != "exhausted":
                    break
                ranking_there = await self._localize(base.source)
                await self._round(result, self._depth_two(base, edits, ranking_there))
            if not result.passing and result.stopped == "exhausted":
                scored += await self._round(result, first)
        if not result.passing:
            scored += await self._again(result)
        # Evidence for the model is more asserts passing; closer values alone only steer depth 2.
        better = [s for s in scored if baseline is None or s.passed > baseline.passed]
        if not result.passing and better:
            result.improved = max(better, key=lambda s: (s.fitness, s.suspiciousness, [-n for n in s.patch.size]))
        return self._finish(result)

    def _finish(self, result: SearchResult) -> SearchResult:
        def read(scored: Scored) -> Scored:
            changes = read_changes(self.program, scored.source, self.language)
            renames = any(edit.template == "replace_name" for edit in scored.patch.edits)
            fit = pairing_gain(self.program, scored.source, self.language) if renames else 0
            return replace(scored, unread=changes.unread, used=changes.used, fit=fit)

        # A patch that leaves no computed value unused first, then the fewest edits, then one that puts a name the
        # program left unused to use, at the most suspicious line, from the most plausible template, then (among
        # renames) the name that fits best with the names it meets, then the smallest: when the tests are weak,
        # a renamed variable passes as often as the real fix.
        result.passing = sorted(
            map(read, result.passing),
            key=lambda s: (
                bool(s.unread),
                s.patch.size[0],
                -len(s.used),
                -s.suspiciousness,
                _template_rank(s.patch),
                -s.fit,
                s.patch.size[1],
                s.patch.lines,
            ),
        )
        result.seconds = time.monotonic() - self.started
        return result

    # -- candidates

    def _depth_one(self, edits: Sequence[Edit], ranking: Ranking) -> list[tuple[Patch, float]]:
        def weight(patch: Patch) -> float:
            return max((ranking.score(line) for line in patch.bug_lines), default=0.0) if ranking.measured else 1.0

        grouped = same_edit_everywhere(self.program, [e for e in edits if e.template not in _NOT_GROUPED])
        patches = [(p, weight(p)) for p in [*(Patch.of(e) for e in edits), *grouped]]
        return sorted([c for c in patches if c[1] > 0], key=lambda c: _priority(*c))

    def _depth_two(self, base: Scored, edits: Sequence[Edit], ranking: Ranking) -> list[tuple[Patch, float]]:
        found = [
            (base.patch.plus(e), ranking.score(e.bug_line) if ranking.measured else 1.0)
            for e in edits
            if not base.patch.overlaps(e)
        ]
        return sorted([c for c in found if c[1] > 0], key=lambda c: _priority(*c))

    # -- running

    async def _round(self, result: SearchResult, candidates: list[tuple[Patch, float]], keep: int = 0) -> list[Scored]:
        """Run candidates in batches until one passes or a budget runs out, leaving ``keep`` candidates of the budget
        unspent; return all that ran."""
        fresh, listed = [], set()
        for patch, weight in candidates:
            source = patch.apply(self.program)
            if source not in self.seen and source not in listed:
                listed.add(source)
                fresh.append((patch, weight, source))
        scored, _ = await self._spend(result, fresh, keep=keep)
        if result.passing:
            # How many patches pass decides whether the tests pin the fix down: the slow ones count too.
            scored += await self._again(result)
        return scored

    async def _again(self, result: SearchResult) -> list[Scored]:
        """Run the candidates that the quick limit cut off again, with the full limit, while time is left; those
        not reached keep the scores of their first run."""
        slow, self.slow = self.slow, []
        first = {source: found for _, _, source, found in slow}
        scored, left = await self._spend(result, [(p, w, source) for p, w, source, _ in slow], again=True)
        result.timed_out += len(left)
        return scored + [found for _, _, source in left if (found := first[source]) is not None]

    async def _spend(
        self, result: SearchResult, fresh: list[tuple[Patch, float, str]], *, keep: int = 0, again: bool = False
    ) -> tuple[list[Scored], list[tuple[Patch, float, str]]]:
        """Run ``fresh`` in batches: new candidates with the quick limit, counted, until one passes or a budget runs
        out; or (``again``) slow ones with the full limit until the time budget runs out. Return the scores of
        those that ran and the candidates left."""
        scored: list[Scored] = []
        timeout = self.timeout if again else self.quick
        while fresh:
            room = self.budget.batch_size
            if not again:
                room = self.budget.max_candidates - result.tried
                if room <= 0:
                    result.stopped = "candidate budget spent"
                    break
                room -= keep
                if room <= 0:
                    break
            if self.left() <= 0:
                result.stopped = "time budget spent"
                break
            batch = fresh[: min(self.budget.batch_size, room)]
            self.seen.update(source for _, _, source in batch)
            trials = await self._batch([source for _, _, source in batch], timeout=timeout)
            # The candidates a batch did not reach (its time ran out) go first in the next one.
            fresh = [c for c, trial in zip(batch, trials, strict=True) if trial is None] + fresh[len(batch) :]
            if all(trial is None for trial in trials):  # not one ran: going on would only repeat that
                result.stopped = "the sandbox reported no candidate's run" + (f": {self.error}" if self.error else "")
                break
            for (patch, weight, source), trial in zip(batch, trials, strict=True):
                if trial is None:
                    continue
                result.tried += not again
                found = self._score(patch, source, trial, weight)
                if trial.timed_out and timeout < self.timeout:
                    self.slow.append((patch, weight, source, found))
                    continue
                result.timed_out += trial.timed_out
                if found is not None:
                    scored.append(found)
                    if found.all_passed:
                        result.passing.append(found)
            if result.passing and not again:
                break
        if result.passing:  # a stop after it (the time budget, in the second runs) does not hide that
            result.stopped = "a patch passed"
        return scored, fresh

    def _file(self, program: str) -> str:
        """``program`` and the tests as one file, in the language it runs as."""
        if self.runs_as != self.language:
            # A candidate whose types do not erase does not parse: as it is, it fails as a syntax error.
            program = erase_types(program) or program
        return combined_source(program, self.run_tests, self.runs_as, detail=False)

    async def _batch(self, programs: Sequence[str], *, timeout: float) -> list[Trial | None]:
        full = [self._file(p) for p in programs]
        budget = max(self._within_run(self.left()), timeout)
        if self.language == "python":
            # The program as the file holds it (run as a module, its main block made false: same length).
            split = [(whole[: len(p)], whole[len(p) :]) for p, whole in zip(programs, full, strict=True)]
            block = CodeBlock(code=python_batch_code(split, timeout=timeout, budget=budget), language="python")
        else:
            code = node_batch_code(full, self.runs_as, timeout=timeout, budget=budget, base=self.whole)
            block = CodeBlock(code=code, language="javascript")
        output = await self._run(block)
        self.error = batch_error(output)
        return parse_batch(output, len(programs))

    async def _localize(self, program: str) -> Ranking:
        full = self._file(program)
        lines = len(program.splitlines())
        limit = self._within_run(max(2.0, 4 * self.timeout))
        if self.language == "python":
            code = python_coverage_code(full, program_lines=lines, timeout=limit, per_test=self.timeout)
            block = CodeBlock(code=code, language="python")
        else:
            code = node_coverage_code(full, self.runs_as, program_lines=lines, timeout=limit)
            block = CodeBlock(code=code, language="javascript")
        coverage = parse_coverage(await self._run(block))
        return ochiai(with_earlier_lines(coverage) if self.stateful else coverage)

    async def _run(self, block: CodeBlock) -> str:
        if self.token.is_cancelled():
            raise asyncio.CancelledError("The repair search was cancelled.")
        result = await self.execute([block], self.token)
        if self.token.is_cancelled():
            raise asyncio.CancelledError("The repair search was cancelled.")
        return result.output

    def _score(self, patch: Patch, source: str, trial: Trial | None, weight: float = 0.0) -> Scored | None:
        if trial is None:
            return None
        _, tests_output = split_output(trial.output)
        if tests_output is None:
            return Scored(patch, source, 0, 0, math.inf, False, weight, timed_out=trial.timed_out)
        _, report = parse_report(tests_output)
        passed = report.passed if report is not None else 0
        total = report.total if report is not None else 0
        clean = trial.exit_code == 0 and not trial.timed_out
        all_passed = clean and (report is None or report.all_passed)
        outcomes = tuple(r.passed for r in report.results) if report is not None else ()
        return Scored(patch, source, passed, total, _distance(report), all_passed, weight, outcomes, trial.timed_out)


def _diverse(bases: Sequence[Scored]) -> list[Scored]:
    """The best base for each set of passing asserts first, then the others, in order.

    Bases that fix the same asserts point the second edit at the same lines, so a beam of look-alikes
    (two edits of one line that pass the same assert by chance) would search one place twice and miss the
    base that fixes the other asserts.
    """
    firsts: dict[tuple[bool, ...], Scored] = {}
    for base in bases:
        firsts.setdefault(base.outcomes, base)
    return [*firsts.values(), *(s for s in bases if firsts[s.outcomes] is not s)]


def _paired(scored: Sequence[Scored], baseline: Scored | None) -> list[list[tuple[Patch, float]]]:
    """Two depth-1 candidates that each pass asserts the program failed and the other does not, applied
    together, the most asserts gained first; in rounds, the likeliest candidate of each set of asserts gained
    first, then the next.

    The halves of a bug on two lines may each lose more than they gain: a month read 0-based in one function
    and printed 0-based in another cancel out where a check parses and prints, so either fix alone breaks
    those checks. Neither half is then a better base, but together they gain what each gains. Rounds keep
    alternatives (``<= 0`` for ``== 0`` on one line, ``< 2`` for ``<= 1`` on the other) from multiplying into
    many passing patches that are one fix.
    """
    before = baseline.outcomes if baseline is not None else ()
    groups: dict[frozenset[int], list[Scored]] = {}
    for s in sorted(scored, key=lambda s: -s.suspiciousness):
        gained = frozenset(i for i, ok in enumerate(s.outcomes) if ok and not (i < len(before) and before[i]))
        if gained:
            groups.setdefault(gained, []).append(s)
    chosen = sorted(groups.items(), key=lambda g: (-len(g[0]), -g[1][0].suspiciousness))[:_PAIRED_GROUPS]
    rounds: list[list[tuple[int, Patch, float]]] = [[] for _ in range(_PAIRED_EACH)]
    for (gains_a, group_a), (gains_b, group_b) in itertools.combinations(chosen, 2):
        if gains_a <= gains_b or gains_b <= gains_a:
            continue
        for (i, a), (j, b) in itertools.product(enumerate(group_a[:_PAIRED_EACH]), enumerate(group_b[:_PAIRED_EACH])):
            if not any(a.patch.overlaps(e) for e in b.patch.edits):
                patch = Patch((*a.patch.edits, *b.patch.edits))
                rounds[max(i, j)].append((len(gains_a | gains_b), patch, max(a.suspiciousness, b.suspiciousness)))
    return [
        [(patch, weight) for _, patch, weight in sorted(pairs, key=lambda p: (-p[0], *_priority(p[1], p[2])))]
        for pairs in rounds
        if pairs
    ]


def _priority(patch: Patch, weight: float) -> tuple[float, int, tuple[int, int], int]:
    """Most suspicious first, then the most plausible template, then the smallest edit, then position."""
    return -weight, _template_rank(patch), patch.size, patch.edits[0].start


def _template_rank(patch: Patch) -> int:
    """How plausible the patch's least plausible edit is, by its place in ``REPAIR_TEMPLATES``."""
    return max(
        REPAIR_TEMPLATES.index(e.template) if e.template in REPAIR_TEMPLATES else len(REPAIR_TEMPLATES)
        for e in patch.edits
    )


def _passed(count: int) -> str:
    return "no assert passed" if count == 0 else "1 assert passed" if count == 1 else f"{count} asserts passed"


_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")


def _distance(report: TestReport | None) -> float:
    """How far the failing asserts' actual values are from the expected ones (0 when all pass)."""
    if report is None:
        return math.inf
    return sum(_gap(r.expected, r.actual) for r in report.results if not r.passed)


def _gap(expected: str | None, actual: str | None) -> float:
    """0 for equal values, up to 1: relative for numbers, by similarity of the text otherwise (without the
    addresses in default reprs, ``<Matrix object at 0x7f...>``, which differ from run to run)."""
    if expected is None or actual is None:
        return 1.0
    expected, actual = _ADDRESS.sub("", expected), _ADDRESS.sub("", actual)
    try:
        want, got = ast.literal_eval(expected), ast.literal_eval(actual)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return 1.0 - SequenceMatcher(None, expected, actual).ratio()
    numbers = (int, float)
    if isinstance(want, numbers) and isinstance(got, numbers) and not isinstance(want, bool):
        return min(1.0, abs(want - got) / (abs(want) + abs(got) + 1e-9))
    return 1.0 - SequenceMatcher(None, repr(want), repr(got)).ratio()
