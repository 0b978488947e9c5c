"""Showing a run in the terminal: each attempt's code, output and decision, with progress.

The command line's only view of the agent is its event stream (the public API), rendered here
with rich. A spinner says what is happening between events, since a local model can take tens of
seconds per reply.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field

from autogen_agentchat.base import TaskResult
from autogen_agentchat.messages import (
    BaseAgentEvent,
    BaseChatMessage,
    CodeExecutionEvent,
    CodeGenerationEvent,
    ModelClientStreamingChunkEvent,
    ThoughtEvent,
)
from autogen_core.models import ChatCompletionClient, RequestUsage
from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.syntax import Syntax

from .. import RunSummary
from ..sandboxes import rename_snippets

__all__ = ["FixOrigin", "Lead", "RunPrinter"]

_SHOWN_OUTPUT_LINES = 30
_PROGRAM_OUTPUT_LINES = 8  # of the program's own output, before the tests' report
# Fewer test asserts than this, and a pass is reported as "passed N of N tests", not "fixed".
_FEW_TESTS = 3
# What an attempt with no model call is called, by its move.
_NO_MODEL_PLAN = {
    "given": "the program as given, no model call",
    "search": "patch from the repair search, no model call",
}
_REWRITE_PLAN = "patch from the repair search among {}'s rewrites of the suspicious lines"


@dataclass(frozen=True)
class Lead:
    """A patch that makes every test pass but that the repair search did not take as the fix.

    Attributes:
        edit: The patch, e.g. "`sentences` changed to `text` on line 4".
        doubt: Why it was not taken, e.g. "it stops using `sentences`".
        code: The patched program.
    """

    edit: str
    doubt: str
    code: str

    def describe(self) -> str:
        return f"{self.edit} makes every test pass, but {self.doubt}"


@dataclass(frozen=True)
class FixOrigin:
    """Where the passing code came from: the attempt, its plan's metadata, and what the run had spent.

    Attributes:
        attempt: The passing attempt's number in its round (1-based).
        metadata: Its ``CodeGenerationEvent`` metadata: ``move``, ``model`` and, for a patch the
            repair search found, ``edit``, ``search_seconds``, ``passing_patches``...
        tokens: Tokens the run had used when it passed.
        seconds: Seconds from the start of the run to the pass.
    """

    attempt: int
    metadata: dict[str, str] = field(default_factory=dict[str, str])
    tokens: int = 0
    seconds: float = 0.0

    @property
    def move(self) -> str:
        return self.metadata.get("move", "")

    def describe(self) -> str:
        """How the fix was found, for people: by the search, by which model, or not at all."""
        if self.move == "given":
            return "the program as given passes; nothing was changed"
        edit = self.metadata.get("edit", "a small patch")
        if self.move == "rewrite":
            rewriter = self.metadata.get("rewritten_by", "the model")
            return (
                f"found by the repair search among {rewriter}'s rewrites of the suspicious lines: {edit} "
                f"({self.tokens:,} tokens, {self.seconds:.0f} s in all)"
            )
        if self.move == "search":
            seconds = float(self.metadata.get("search_seconds") or 0)
            if self.tokens:  # a patch of a model's program, which the attempt before wrote
                return (
                    f"found by the repair search on the model's program of attempt {self.attempt - 1}: {edit} "
                    f"({self.tokens:,} tokens, {self.seconds:.0f} s in all)"
                )
            return f"found by the repair search: {edit} (0 tokens, {seconds:.1f} s)"
        model = self.metadata.get("model") or "the model"
        return f"written by {model} on attempt {self.attempt} ({self.tokens:,} tokens, {self.seconds:.0f} s)"

    def short(self) -> str:
        """How the fix was found, in a few words (a table cell)."""
        if self.move == "given":
            return "nothing to change"
        if self.move == "rewrite":
            rewriter = self.metadata.get("rewritten_by", "the model")
            return f"repair search among {rewriter}'s line rewrites ({self.tokens:,} tokens)"
        if self.move == "search" and self.tokens:
            return f"repair search after attempt {self.attempt - 1} ({self.tokens:,} tokens)"
        if self.move == "search":
            return "repair search (0 tokens)"
        return f"{self.metadata.get('model') or 'the model'}, attempt {self.attempt} ({self.tokens:,} tokens)"

    @property
    def passing_patches(self) -> int:
        """How many different patches the repair search found that pass the tests (0: not the search)."""
        count = self.metadata.get("passing_patches", "0")
        return int(count) if count.isdigit() else 0

    def other_patches(self) -> list[str]:
        """The other patches that pass the tests too, when the search found several."""
        others = self.metadata.get("other_patches", "")
        return [line for line in others.splitlines() if line.strip()]


@dataclass(frozen=True)
class _Live:
    """A line of text made anew each time it is rendered (rich renders a spinner's text on every refresh)."""

    text: Callable[[], str]

    def __rich__(self) -> str:
        return self.text()


class RunPrinter:
    """Prints one run's events as they arrive and returns its final message.

    Args:
        console: Where to print (the CLI uses stderr, keeping stdout for the fixed code).
        clients: The model clients the agent uses (the first model, then any retry model), read
            for running token totals.
        max_attempts: The budget per round, for "attempt N of M".
        has_tests: Whether the run has fixed tests; without them a pass only means "ran without errors".
        writes_tests: The run is the write-tests job: the model writes the tests, checked on mutants.
        given: The first attempt runs the program as given (the agent's ``initial_code``), not the model.
        file_name: The name of the file being fixed: tracebacks and compiler errors name it rather than
            the sandbox's temporary file (the program keeps the file's line numbers).
        names_lead: Name the lead (:attr:`lead`) when a run ends unfixed; off when the caller shows the
            final message, which names it too.
    """

    def __init__(
        self,
        console: Console,
        clients: Sequence[ChatCompletionClient],
        max_attempts: int,
        *,
        has_tests: bool = True,
        writes_tests: bool = False,
        given: bool = False,
        file_name: str | None = None,
        names_lead: bool = True,
    ) -> None:
        self._console = console
        self._names_lead = names_lead
        self._file_name = file_name
        self._clients = list(clients)
        self._max_attempts = max_attempts
        self._has_tests = has_tests
        self._writes_tests = writes_tests
        self._running = (
            "running the tests on the code and its mutants…" if writes_tests else "running the code and the tests…"
        )
        self._writing = "the model is writing tests…" if writes_tests else "the model is writing code…"
        self._given = given
        self._started = time.monotonic()
        # A client may have served earlier runs: count only this run's tokens.
        self._baseline = self._total()
        self._last_generation: CodeGenerationEvent | None = None
        self._origin: FixOrigin | None = None
        self._lead: Lead | None = None

    @property
    def origin(self) -> FixOrigin | None:
        """Where the passing code came from, once a run passed."""
        return self._origin

    @property
    def lead(self) -> Lead | None:
        """The last run's last passing patch the search did not take as the fix, if it had one."""
        return self._lead

    def _total(self) -> RequestUsage:
        usages = [client.total_usage() for client in self._clients]
        return RequestUsage(
            prompt_tokens=sum(u.prompt_tokens for u in usages),
            completion_tokens=sum(u.completion_tokens for u in usages),
        )

    def _usage(self) -> tuple[int, int]:
        usage = self._total()
        return (
            usage.prompt_tokens - self._baseline.prompt_tokens,
            usage.completion_tokens - self._baseline.completion_tokens,
        )

    def _progress(self, attempt: int, plan: Sequence[str] = ()) -> str:
        """``attempt N of M``, then the attempt's plan (move, model, temperature) if given, time and tokens."""
        tokens = sum(self._usage())
        elapsed = time.monotonic() - self._started
        parts = [f"attempt {attempt + 1} of {self._max_attempts}", *plan, f"{elapsed:.1f}s", f"{tokens:,} tokens"]
        return " · ".join(parts)

    async def show(self, stream: AsyncIterator[BaseAgentEvent | BaseChatMessage | TaskResult]) -> BaseChatMessage:
        """Consume ``stream`` (from ``run_stream``), printing as it goes; return the final chat message."""
        attempt = 0
        final: BaseChatMessage | None = None
        self._origin, self._lead = None, None
        given, self._given = self._given, False  # only the first round starts from the program as given
        doing = "running the program as given, with the tests…" if given else self._writing
        # Read afresh at every refresh of the spinner, so its clock runs during a long run or reply.
        line = _Live(lambda: f"{self._progress(attempt)}: {doing}")
        with self._console.status(line):
            async for item in stream:
                if isinstance(item, TaskResult):
                    chats = [m for m in item.messages if isinstance(m, BaseChatMessage)]
                    final = chats[-1] if chats else None
                elif isinstance(item, ModelClientStreamingChunkEvent):
                    continue
                elif isinstance(item, CodeGenerationEvent):
                    attempt = item.retry_attempt
                    self._last_generation = item
                    self._generation(item)
                    doing = self._running
                elif isinstance(item, CodeExecutionEvent):
                    self._execution(item)
                    if item.result.exit_code == 0 and self._last_generation is not None:
                        self._origin = self._origin_of(self._last_generation)
                    doing = "deciding what to try next…"
                elif isinstance(item, ThoughtEvent):
                    self._thought(item)
                    kind = item.metadata.get("kind")
                    doing = self._writing
                    if kind == "retry_plan":
                        attempt += 1
                        if item.metadata.get("move") in ("search", "rewrite"):
                            doing = "running the patch the search found…"
                    elif kind == "search_start":
                        doing = "the repair search is trying small patches, no model call…"
                    elif kind == "rewrite_start":
                        doing = "the model is writing the suspicious lines again…"
                elif isinstance(item, BaseChatMessage) and item.source == "user":
                    continue
        if final is None:
            raise RuntimeError("The run ended without a final message.")
        self._outcome(final)
        if not self._passed_run(final):
            self._origin = None
        if given:
            self._max_attempts -= 1  # later rounds (after a hint) have no run as given
        return final

    def _origin_of(self, generation: CodeGenerationEvent) -> FixOrigin:
        return FixOrigin(
            attempt=generation.retry_attempt + 1,
            metadata={key: str(value) for key, value in generation.metadata.items()},
            tokens=sum(self._usage()),
            seconds=time.monotonic() - self._started,
        )

    @staticmethod
    def _passed_run(final: BaseChatMessage) -> bool:
        """Whether the run ended on passing code, claimed as a fix or not."""
        summary = RunSummary.from_metadata(final.metadata)
        return summary is not None and summary.passed

    def _generation(self, event: CodeGenerationEvent) -> None:
        move = event.metadata.get("move", "")
        if move == "rewrite":
            plan = [_REWRITE_PLAN.format(event.metadata.get("rewritten_by", "the model"))]
        elif move in _NO_MODEL_PLAN:
            plan = [_NO_MODEL_PLAN[move]]
        else:
            plan = [event.metadata[key] for key in ("move", "model") if event.metadata.get(key)]
        if event.metadata.get("temperature"):
            plan.append(f"T={event.metadata['temperature']}")
        self._console.rule(f"[bold]{escape(self._progress(event.retry_attempt, plan))}")
        if not event.code_blocks:
            self._console.print(Panel(escape(event.content.strip()[:2000]), title="reply (no runnable code)"))
            return
        for block in event.code_blocks:
            lexer = {"sh": "bash", "javascript": "javascript", "typescript": "typescript"}.get(
                block.language, block.language
            )
            code = Syntax(block.code.rstrip(), lexer, line_numbers=True, word_wrap=True)
            self._console.print(Panel(code, title=f"code ({block.language})", title_align="left"))

    def _execution(self, event: CodeExecutionEvent) -> None:
        ok = event.result.exit_code == 0
        output, name = event.result.output, self._file_name
        if name is not None:
            output = rename_snippets(output, name)
        lines = _shown_lines(output.rstrip().splitlines())
        title = "[green]passed" if ok else f"[red]failed (exit code {event.result.exit_code})"
        body = escape("\n".join(lines)) or "[dim](no output)"
        self._console.print(Panel(body, title=title, title_align="left", border_style="green" if ok else "red"))

    def _thought(self, event: ThoughtEvent) -> None:
        kind = event.metadata.get("kind")
        if kind == "retry_decision":
            verb = "[yellow]retry" if event.metadata.get("retry") == "true" else "[red]stop"
            self._console.print(f"[bold]decision:[/bold] {verb}[/] — {escape(event.metadata.get('reason', ''))}")
        elif kind == "unusable_reply":
            self._console.print(f"[yellow]unusable reply:[/yellow] {escape(event.content)}")
        elif kind == "stop":
            self._console.print(f"[yellow]{escape(event.content)}", highlight=False)
        elif kind in ("retry_plan", "search_start", "rewrite_start", "rewrite"):
            self._console.print(f"[dim]{escape(event.content)}", highlight=False)
        elif kind == "search":
            found = "[green]" if "edit" in event.metadata else "[yellow]" if "partial_edit" in event.metadata else ""
            self._console.print(f"{found}{escape(event.content)}", highlight=False)
            meta = event.metadata
            doubted, code = meta.get("unpinned_edit") or meta.get("unread_edit"), meta.get("doubted_code")
            if doubted and code:
                # Kept for the end: when nothing else passes, it is the one lead a person can check.
                self._lead = Lead(doubted, meta.get("doubt", ""), code)
        else:
            self._console.print(f"[dim]{escape(event.content)}")

    def _outcome(self, final: BaseChatMessage) -> None:
        summary = RunSummary.from_metadata(final.metadata)
        elapsed = time.monotonic() - self._started
        prompt, completion = self._usage()
        figures = f"{elapsed:.1f}s, {prompt:,} prompt + {completion:,} completion tokens"
        if summary is None:
            self._console.print(f"[bold]finished[/bold] ({figures})")
        elif self._writes_tests:
            if summary.outcome == "success":
                caught = f"catching {summary.mutants_caught} of {summary.mutants_total} mutants"
                self._console.print(
                    f"[bold green]tests written[/], {caught}, after {summary.attempts} attempt(s) ({figures})"
                )
            else:
                self._console.print(f"[bold red]no good enough tests[/] ({summary.attempts} attempt(s), {figures})")
        elif summary.outcome == "success":
            self._console.print(f"{self._passed(summary)} after {summary.attempts} attempt(s) ({figures})")
        elif summary.outcome == "unconfirmed":
            self._console.print(
                f"[bold yellow]not confirmed[/]: the tests pass only with the repair search's patch of the model's "
                f"own program, which is not claimed as a fix ({summary.attempts} attempt(s), {figures})"
            )
        else:
            self._console.print(f"[bold red]not fixed[/] ({summary.outcome}, {summary.attempts} attempt(s), {figures})")
            if self._lead is not None and self._names_lead:
                self._console.print(
                    f"[yellow]A lead, not taken as the fix:[/] {escape(self._lead.describe())}. "
                    "Check it against what the program should do.",
                    highlight=False,
                )

    def _passed(self, summary: RunSummary) -> str:
        """How to call a pass: "fixed" only when tests worth the name passed."""
        if not self._has_tests:
            return "[bold yellow]ran without errors[/] (no tests were given)"
        total = summary.tests_total
        if total == 0:
            return "[bold yellow]passed the tests[/] (they hold no asserts to count)"
        if total is not None and total < _FEW_TESTS:
            passed = summary.tests_passed if summary.tests_passed is not None else total
            return f"[bold yellow]passed {passed} of {total} test{'s' if total != 1 else ''}[/]"
        return "[bold green]fixed[/]"


def _shown_lines(lines: list[str]) -> list[str]:
    """A long run's output, cut to about :data:`_SHOWN_OUTPUT_LINES`: the tests' report from its start (its count
    of passing checks, then the first failures), after the end of what the program printed; with no report, the
    end (where a traceback ends)."""
    if len(lines) <= _SHOWN_OUTPUT_LINES:
        return lines
    start = next((i for i, line in enumerate(lines) if line.startswith("--- tests (exit code")), None)
    if start is None:
        return [f"[… {len(lines) - _SHOWN_OUTPUT_LINES} earlier lines not shown …]", *lines[-_SHOWN_OUTPUT_LINES:]]
    printed, report = lines[:start], lines[start:]
    if len(printed) > _PROGRAM_OUTPUT_LINES:
        cut = len(printed) - _PROGRAM_OUTPUT_LINES
        printed = [f"[… {cut} earlier lines not shown …]", *printed[-_PROGRAM_OUTPUT_LINES:]]
    room = _SHOWN_OUTPUT_LINES - len(printed)
    if len(report) > room:
        report = [*report[:room], f"[… {len(report) - room} more lines of the report not shown …]"]
    return [*printed, *report]
