"""The retry strategy: what the next attempt sees, which model writes it, and how it is sampled.

The loop asks the strategy for a plan before every attempt and follows it. The evidence behind
the default (``adaptive``) policy, measured on small models and recorded in docs/benchmarks.md:

* repairing a program again and again loses to fresh samples at equal cost, and a model copies
  its own bug when the failed program stays in view (Olausson et al. 2024; Debugging Decay Index);
* errors that point at a line (syntax, name, import, type) are repaired far more often than
  wrong results;
* a small model's own diagnosis is often wrong, so it is not shown to the next attempt unless
  ``share_reason`` says so.

* a wrong result that is one operator, operand order, bound or name away from correct is what a
  small model keeps copying, and what template-based program repair fixes with no model at all.

So ``adaptive`` repairs located errors once, and otherwise restarts: a fresh view of the round
(the task and the tests) plus a short digest of what failed, sampled at a higher temperature with
a new seed. The digest gives each failing call's expected and actual values, not the failed code, nor
the lines it ran and their locals: shown those, the model writes the same lines again (one 1.5B
restart on each of 24 of the tuning split's model-made programs fixed 4 with them and 16 without;
docs/benchmarks.md). Before that, after a wrong result, the patch search (``repair``) tries small
edits in the sandbox: a patch that passes is the next attempt, at no token cost; one that only gets
more asserts right goes into the model's next view as evidence. A ``retry_model_client`` on the
agent takes over after ``escalate_after`` model attempts. A run stopped by the time limit counts as a
wrong result.

| mode | after a located error | after a wrong result | after a failed repair | after a resent program |
|---|---|---|---|---|
| ``adaptive`` | repair (search first, in a program given) | search, then restart | restart | restart |
| ``repair`` | repair | repair | repair | repair |
| ``restart`` | restart | restart | restart | restart |

A program the model resends although it was sampled warm (above temperature 0), on the last model it will use,
means that, shown the program, the model has nothing new: in fix jobs the given program stays in every view, and
the 0.5B model copies it back. So in a fix job the restarts after it see the program given in outline
(``outline_after_resend``): signatures, docstrings and the code outside functions, the bodies left out, so the
model writes them afresh. On the 51 tuning rounds where this happened, that fixed 10, where the model shown the
program fixed none. Where there is no outline (``repair`` mode, another language, no program given), or an
outlined restart resends too, the round ends (``stop_on_resend``, in every mode); on the tuning split no round
was ever fixed after such a resend. A greedy resend does not end the round: the next attempt samples warm.

A program given that stops at ``input()`` (the sandbox gives no standard input) gets the search's turn, and
then the round ends: no fix that keeps its behaviour can pass, so no model is asked.

With ``rewrites`` (off by default), when the search's templates find no fix for a program given, the model writes
its most suspicious lines again, one line a call, and the search runs those rewrites as its own edits: a
template makes no new expression (a missing clamp, a ``.lower()``), and a small model asked for one line writes a
different one more often than when asked for the whole program. A patch found so is a ``rewrite`` attempt.

``search=True`` adds the search to ``repair`` and ``restart`` too; ``search=False`` turns it off.
The search also runs after a located error in a program the agent was given, which is presumed to be
a few tokens from correct (a ``TypeError`` from swapped arguments): on the tuning split's given
programs that failed so, its passing patches were right 6 times in 7 (docs/benchmarks.md). In the
model's own programs a located error goes straight to the model's repair, which fixes them often.

A passing patch of a program the agent was given ends the round in success. A passing patch of the
model's own program ends it ``unconfirmed``: such programs are rarely one edit from correct, and on
the tuning split (docs/benchmarks.md) a patch that fit their few tests was right 7 times in 12, and
the model's restarts fixed none of the wrong ones. ``confirm_model_patches=False`` claims them too.
A patch whose every edit is on a line the model kept unchanged from the program given is a patch of
that program's code, and a success as one: the model fixed what the search cannot (a syntax error, a
crash) and left the rest as given.

The retry decision may ask for a restart (never the reverse), and a reply that held no runnable
code is always repaired, so the model sees the note on what was wrong with it. The decision is asked
only when the agent acts on what it says (``decide``): when a "stop" would end the round, or when its
reason is shared. Its approach alone is not worth a call: on the tuning split's model-made bugs, the 19
rounds in which it was asked after a located error fixed none (docs/benchmarks.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from autogen_core import Component, ComponentBase
from autogen_core.models import LLMMessage, UserMessage
from pydantic import BaseModel, Field
from typing_extensions import Self

from ._errors import check_choice
from ._tracebacks import waited_for_input
from ._verification import CheckResult
from .repair import SearchBudget
from .sandboxes import TIMEOUT_EXIT_CODE

__all__ = [
    "LOCATED_ERRORS",
    "MODEL_MOVES",
    "AttemptPlan",
    "DecidePolicy",
    "FailureKind",
    "Move",
    "RetryStrategy",
    "RetryStrategyConfig",
    "StrategyMode",
    "classify_failure",
]

StrategyMode = Literal["adaptive", "repair", "restart"]
"""Which policy picks the next move: the evidence-based default, or one move always."""

DecidePolicy = Literal["when_heeded", "when_it_matters", "always"]
"""When the retry decision is asked: only when the agent acts on what it says (a "stop" ends the round, or its
reason is shown to the next attempt); also when the approach it asks for changes the next move; or after every
failure of the model's code (for its reason alone, when the round goes on whatever it says)."""

Move = Literal["first", "repair", "restart", "given", "search", "rewrite"]
"""Where the next attempt comes from: the model, seeing the task (first), everything so far (repair) or
a fresh view (restart); the program as given, or a patch the search found, with no model call; or a patch the
search found among the model's rewrites of the most suspicious lines (rewrite)."""

MODEL_MOVES: frozenset[Move] = frozenset({"first", "repair", "restart"})
"""The moves in which the model writes the code."""

FailureKind = Literal["located_error", "wrong_result", "timed_out", "waits_for_input", "unusable", "repeated"]
"""How the last attempt failed, as far as the strategy cares. A run that ran out of time, or stopped at
``input()`` (the sandbox gives no standard input), is planned for as a wrong result; each is its own kind
so that the reasons given say what happened, and so that a program given that waits for input ends the round."""

LOCATED_ERRORS = frozenset(
    {
        # Python
        "SyntaxError",
        "IndentationError",
        "TabError",
        "NameError",
        "UnboundLocalError",
        "ImportError",
        "ModuleNotFoundError",
        "TypeError",
        "AttributeError",
        # JavaScript
        "ReferenceError",
    }
)
"""Errors that name the offending line and are usually fixed by editing it. TypeScript compiler
errors (``TS2304`` and the like) count too."""


def is_located(error: str | None) -> bool:
    """Whether an error class name (as ``_tracebacks.final_error`` gives it) points at a line."""
    return error is not None and (error in LOCATED_ERRORS or error.startswith("TS"))


def classify_failure(check: CheckResult) -> FailureKind:
    """A failed check is a located error when its error names a line to fix, waits for input when it stopped
    at ``input()``, timed out when its run was stopped by the time limit, else a wrong result."""
    if is_located(check.error_name()):
        return "located_error"
    if waited_for_input(check.as_code_result().output):
        return "waits_for_input"
    runs = [check.program, *([check.tests] if check.tests is not None else [])]
    return "timed_out" if any(run.exit_code == TIMEOUT_EXIT_CODE for run in runs) else "wrong_result"


@dataclass(frozen=True)
class AttemptPlan:
    """How one attempt is made.

    Attributes:
        move: What the attempt sees.
        use_retry_model: Whether the agent's ``retry_model_client`` writes it.
        temperature: The sampling temperature, or ``None`` to leave the client's own.
        seed: The sampling seed, or ``None`` to leave the client's own.
        why: One line for people: why this move, model and temperature.
        outline: Whether a restart sees the program given in outline (its functions' bodies left out).
    """

    move: Move
    use_retry_model: bool
    temperature: float | None
    seed: int | None
    why: str
    outline: bool = False

    def describe(self, n: int, model: str) -> str:
        """One line for people: "Attempt 2: restart on local-1.5b at temperature 0.8 (why)."."""
        if self.move == "rewrite":
            return f"Attempt {n + 1}: rewrite ({self.why})."
        if self.move not in MODEL_MOVES:
            return f"Attempt {n + 1}: {self.move}, no model call ({self.why})."
        temperature = f" at temperature {self.temperature:g}" if self.temperature is not None else ""
        return f"Attempt {n + 1}: {self.move} on {model}{temperature} ({self.why})."

    def metadata(self) -> dict[str, str]:
        """The plan as event metadata (AgentChat metadata values are strings)."""
        data = {"move": self.move, "why": self.why}
        if self.temperature is not None:
            data["temperature"] = f"{self.temperature:g}"
        if self.seed is not None:
            data["seed"] = str(self.seed)
        if self.outline:
            data["outline"] = "true"
        return data


class RetryStrategyConfig(BaseModel):
    """Every argument of :class:`RetryStrategy`."""

    mode: StrategyMode = "adaptive"
    temperatures: list[float] = Field(default_factory=lambda: [0.0, 0.8])
    # Component dumps drop None values, so a missing seed must load as "no seed", not as the default 0.
    seed: int | None = None
    escalate_after: int = Field(default=1, ge=0)
    share_reason: bool = False
    # None: on in adaptive mode, off in the one-move modes.
    search: bool | None = None
    search_budget: SearchBudget = Field(default_factory=SearchBudget)
    confirm_model_patches: bool = True
    decide: DecidePolicy = "when_heeded"
    stop_on_resend: bool = True
    outline_after_resend: bool = True
    rewrites: int = Field(default=0, ge=0)
    rewrite_lines: int = Field(default=3, ge=1)


class RetryStrategy(ComponentBase[RetryStrategyConfig], Component[RetryStrategyConfig]):
    """Plans each attempt: repair or restart, which model, and the sampling temperature and seed.

    Args:
        mode: ``adaptive`` (the default; see the module docstring), ``repair`` (the failure stays in
            view, as AutoGen's ``CodeExecutorAgent`` does) or ``restart`` (every retry starts afresh).
        temperatures: The schedule: a model's i-th attempt in a round samples at ``temperatures[i]``
            (the last value repeats). The default is greedy first, then 0.8, so a retry is a new sample.
        seed: The base seed; attempt n of a round uses ``seed + n``. ``None`` sends no seed.
        escalate_after: With a retry model, attempts from this index on (0-based) use it.
        share_reason: Whether the retry decision's reason is shown to the next attempt. Off by
            default: a small model's diagnosis of its own code is often wrong.
        search: Whether the patch search runs (see the module docstring for when). ``None`` (the default) means on
            in ``adaptive`` mode and off in the others.
        search_budget: The search's limits (candidates, seconds, each candidate's timeout).
        confirm_model_patches: Whether a passing patch of the model's own program ends the round
            ``unconfirmed`` (the default) rather than in success; a patch of a given program is a success,
            and so is one that edits only lines the model kept from it.
        decide: ``when_heeded`` (the default) asks the retry decision only when the agent acts on what it
            says: a "stop" ends the round (the agent's ``stop_on_decision``) or its reason is shared. Otherwise
            a wrong result is restarted and a first located error repaired, and a decision would cost a model
            call for nothing but the approach it asks for (docs/benchmarks.md). ``when_it_matters`` also asks
            it where that approach changes the next move (after a first located error, in ``adaptive``
            mode); ``always`` asks it after every new failure of the model's code, for its reason.
        stop_on_resend: Whether the round ends when the model, sampled above temperature 0 and with no stronger
            model to escalate to, resends a program that already failed: it has nothing new to try, and each
            attempt left would cost a generation (see the module docstring).
        outline_after_resend: Whether, in a fix job, such a resend is followed by restarts that see the program
            given in outline (its functions' bodies left out) instead of ending the round: the model copies
            back a program it is shown, and writes the bodies afresh when it is not. It acts on the resends
            ``stop_on_resend`` ends a round on, except in ``repair`` mode; the round still ends there when there
            is no outline (another language, no function body, no program given).
        rewrites: How many times the model is asked to write each suspicious line of a program given again, when
            the search's templates found no fix for it; the search then runs the distinct rewrites like its own
            edits. 0 (the default) turns it off. It runs only where the search does.
        rewrite_lines: How many of the most suspicious lines the model writes again.

    Example:
        >>> strategy = RetryStrategy("adaptive", temperatures=[0.0, 0.7])
        >>> strategy.first().move
        'first'
        >>> strategy.next([strategy.first()], failure="wrong_result", has_retry_model=False).move
        'restart'
    """

    component_type = "retry_strategy"
    component_config_schema = RetryStrategyConfig
    component_provider_override = "autogen_selfdebug.RetryStrategy"

    def __init__(
        self,
        mode: StrategyMode = "adaptive",
        *,
        temperatures: Sequence[float] = (0.0, 0.8),
        seed: int | None = 0,
        escalate_after: int = 1,
        share_reason: bool = False,
        search: bool | None = None,
        search_budget: SearchBudget | None = None,
        confirm_model_patches: bool = True,
        decide: DecidePolicy = "when_heeded",
        stop_on_resend: bool = True,
        outline_after_resend: bool = True,
        rewrites: int = 0,
        rewrite_lines: int = 3,
    ) -> None:
        check_choice("retry strategy mode", mode, StrategyMode)
        if not temperatures or any(t < 0 for t in temperatures):
            raise ValueError(f"temperatures must be a non-empty list of values >= 0, not {list(temperatures)}.")
        if escalate_after < 0:
            raise ValueError(f"escalate_after must be 0 or more, not {escalate_after}.")
        check_choice("decide policy", decide, DecidePolicy)
        if rewrites < 0 or rewrite_lines < 1:
            raise ValueError(
                f"rewrites must be 0 or more and rewrite_lines 1 or more, not {rewrites} and {rewrite_lines}."
            )
        self._config = RetryStrategyConfig(
            mode=mode,
            temperatures=list(temperatures),
            seed=seed,
            escalate_after=escalate_after,
            share_reason=share_reason,
            search=search,
            search_budget=search_budget or SearchBudget(),
            confirm_model_patches=confirm_model_patches,
            decide=decide,
            stop_on_resend=stop_on_resend,
            outline_after_resend=outline_after_resend,
            rewrites=rewrites,
            rewrite_lines=rewrite_lines,
        )

    @property
    def mode(self) -> StrategyMode:
        return self._config.mode

    @property
    def share_reason(self) -> bool:
        return self._config.share_reason

    @property
    def search_enabled(self) -> bool:
        """Whether the patch search runs (after a wrong result, or a located error in a given program)."""
        return self._config.search if self._config.search is not None else self.mode == "adaptive"

    @property
    def search_budget(self) -> SearchBudget:
        return self._config.search_budget

    def searches(self, failure: FailureKind, made_by: Move) -> bool:
        """Whether the patch search gets a turn after this failure of a program made by ``made_by``, before
        the model's next attempt: after a wrong result, and after a located error in the program given."""
        if not self.search_enabled:
            return False
        wrong = failure in ("wrong_result", "timed_out", "waits_for_input")
        return wrong or (failure == "located_error" and made_by == "given")

    def rewrite_plan(self, made_by: Move) -> AttemptPlan | None:
        """After the search found no fix for a program made by ``made_by``: the plan of the model's rewrites of
        its most suspicious lines (a temperature and a seed; see ``rewrites``), or ``None`` for none. Only for the
        program given: the model's own programs are seldom one line from correct, and a restart rewrites them."""
        if made_by != "given" or self._config.rewrites == 0:
            return None
        warmest = max(self._config.temperatures)
        return AttemptPlan("rewrite", True, warmest, self._config.seed, "the model writes the suspicious lines again")

    @property
    def rewrite_counts(self) -> tuple[int, int]:
        """How many suspicious lines the model writes again, and how many times each (once when sampled greedy)."""
        samples = self._config.rewrites if max(self._config.temperatures) > 0 else min(1, self._config.rewrites)
        return self._config.rewrite_lines, samples

    def ends_round(
        self, failure: FailureKind, plan: AttemptPlan, *, has_retry_model: bool = False, can_outline: bool = False
    ) -> bool:
        """Whether the round ends after this failure of the attempt made by ``plan`` (once the search, if any, found
        nothing): a program given that waits for input cannot pass here, nor can a fix that keeps its behaviour;
        and a model that resends a failed program when sampled warm, on the last model there is, has nothing new,
        unless it has not yet been shown the program given in outline (``can_outline``: there is one)."""
        if failure == "waits_for_input":
            return plan.move == "given"
        if not self._resent_warm(failure, plan, has_retry_model):
            return False
        return not self._outlines_next(plan, can_outline)

    def _resent_warm(self, failure: FailureKind, plan: AttemptPlan, has_retry_model: bool) -> bool:
        """Whether ``plan``'s attempt resent a failed program sampled warm on the last model (``stop_on_resend``)."""
        warm = plan.temperature is not None and plan.temperature > 0
        last_model = plan.use_retry_model or not has_retry_model
        return self._config.stop_on_resend and failure == "repeated" and warm and last_model

    def _outlines_next(self, plan: AttemptPlan, can_outline: bool) -> bool:
        """Whether, after a warm resend by ``plan``'s attempt, the next restart sees the outline instead (a repair,
        in ``repair`` mode, always sees the program)."""
        return can_outline and self._config.outline_after_resend and self.mode != "repair" and not plan.outline

    def claims_patch(self, patched: Move, *, on_given_code: bool = False) -> bool:
        """Whether a passing patch of a program made by ``patched`` is a success, or only ``unconfirmed``;
        ``on_given_code``: every edit is on a line the model kept from the program given."""
        return patched not in MODEL_MOVES or on_given_code or not self._config.confirm_model_patches

    def asks_decision(
        self, done: Sequence[AttemptPlan], *, failure: FailureKind, has_retry_model: bool, stops_on_it: bool
    ) -> bool:
        """Whether the retry decision is asked after the last of ``done`` (as in :meth:`next`) failed so:
        only for a new failure of the model's code; ``stops_on_it``: a "stop" decision ends the round."""
        if failure in ("unusable", "repeated") or done[-1].move not in MODEL_MOVES:
            return False
        if self._config.decide == "always" or stops_on_it or self.share_reason:
            return True
        if self._config.decide == "when_heeded":
            return False
        restart = self.next(done, failure=failure, has_retry_model=has_retry_model, asked="restart")
        return restart.move != self.next(done, failure=failure, has_retry_model=has_retry_model).move

    def given(self) -> AttemptPlan:
        """The plan for checking the program the agent was given, before any model call."""
        return AttemptPlan("given", False, None, None, "the program as given, before any model call")

    def found(self, edit: str, *, rewritten: bool = False) -> AttemptPlan:
        """The plan for an attempt that runs a patch the search found (``rewritten``: among the model's rewrites)."""
        if rewritten:
            why = f"the repair search found a passing patch among the model's rewrites of lines: {edit}"
            return AttemptPlan("rewrite", False, None, None, why)
        return AttemptPlan("search", False, None, None, f"the repair search found a passing patch: {edit}")

    def first(self, *, has_retry_model: bool = False) -> AttemptPlan:
        """The plan for a round's first attempt."""
        return self._plan([], "first", has_retry_model, "the first attempt")

    def next(
        self,
        done: Sequence[AttemptPlan],
        *,
        failure: FailureKind,
        has_retry_model: bool,
        asked: Move | None = None,
        can_outline: bool = False,
    ) -> AttemptPlan:
        """The plan for the attempt after ``done`` (this round's plans so far; the last one failed).

        Args:
            done: The plans of this round's earlier attempts, in order.
            failure: How the last attempt failed.
            has_retry_model: Whether the agent has a retry model to escalate to.
            asked: The approach the retry decision asked for, if it made one.
            can_outline: Whether the program given has an outline for a restart to see instead.
        """
        move, why = self._move(done[-1].move if done else "first", failure, asked)
        plan = self._plan(done, move, has_retry_model, why)
        if move != "restart" or not done:
            return plan
        # After a warm resend, every restart of the round sees the outline: shown the program, the model copies it.
        if any(p.outline for p in done):
            return replace(plan, outline=True, why=f"{why}; the program given in outline")
        if self._resent_warm(failure, done[-1], has_retry_model) and self._outlines_next(done[-1], can_outline):
            why = "the model, sampled warm, resent a program that already failed: it sees the program given in outline"
            return replace(plan, outline=True, why=why)
        return plan

    def _move(self, previous: Move, failure: FailureKind, asked: Move | None) -> tuple[Move, str]:
        if failure == "unusable":
            return "repair", "the last reply held no runnable code; the note says why"
        if self.mode == "repair":
            return "repair", "repair mode: the failure stays in view"
        if self.mode == "restart":
            return "restart", "restart mode: every retry starts afresh"
        if asked == "restart":
            return "restart", "the retry decision asked for a fresh start"
        if failure == "repeated":
            return "restart", "the model resent a program that already failed"
        if failure == "located_error" and previous != "repair":
            return "repair", "the error points at a line"
        if failure == "located_error":
            return "restart", "a repair of this error already failed"
        if failure == "timed_out":
            return "restart", "the code ran out of time, so a fresh program beats editing this one"
        if failure == "waits_for_input":
            return "restart", "the code waited for input that no one gives here, so a fresh program must not"
        return "restart", "the code gave wrong results, so a fresh program beats editing this one"

    def _plan(self, done: Sequence[AttemptPlan], move: Move, has_retry_model: bool, why: str) -> AttemptPlan:
        # Attempts with no model call (the given program, a searched patch) use up no model's schedule.
        done = [plan for plan in done if plan.move in MODEL_MOVES]
        n = len(done)
        escalated = has_retry_model and n >= self._config.escalate_after
        # The schedule restarts on each model: a stronger model's first try is its best, greedy one.
        on_same_model = sum(1 for plan in done if plan.use_retry_model == escalated)
        temperatures = self._config.temperatures
        temperature = temperatures[min(on_same_model, len(temperatures) - 1)]
        seed = None if self._config.seed is None else self._config.seed + n
        if escalated:
            why += "; on the retry model"
        return AttemptPlan(move=move, use_retry_model=escalated, temperature=temperature, seed=seed, why=why)

    def view(
        self, plan: AttemptPlan, *, context: Sequence[LLMMessage], round_start: Sequence[LLMMessage], digest: str
    ) -> list[LLMMessage]:
        """The messages the attempt's generation sees (system message aside).

        A repair sees the whole context; a restart sees the context as it was when the round began
        (the task, the tests) and a digest of what failed, so it cannot copy the failed program.
        """
        if plan.move != "restart":
            return list(context)
        return [*round_start, UserMessage(content=digest, source="retry_strategy")]

    def _to_config(self) -> RetryStrategyConfig:
        return self._config.model_copy(deep=True)

    @classmethod
    def _from_config(cls, config: RetryStrategyConfig) -> Self:
        return cls(
            config.mode,
            temperatures=config.temperatures,
            seed=config.seed,
            escalate_after=config.escalate_after,
            share_reason=config.share_reason,
            search=config.search,
            search_budget=config.search_budget,
            confirm_model_patches=config.confirm_model_patches,
            decide=config.decide,
            stop_on_resend=config.stop_on_resend,
            outline_after_resend=config.outline_after_resend,
            rewrites=config.rewrites,
            rewrite_lines=config.rewrite_lines,
        )
