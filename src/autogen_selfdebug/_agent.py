"""The agent loop: generate code, run it, check it, decide, and try again.

``SelfDebuggingCodeExecutorAgent`` keeps ``CodeExecutorAgent``'s constructor and message types,
and replaces its loop. What each step writes into the context lives in ``_feedback``, the retry
decision in ``_decision``, running code and tests in ``_verification``, and finding code in a
reply in ``_code_blocks``; this module only sequences them.
"""

from __future__ import annotations

import warnings
from collections.abc import AsyncGenerator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from autogen_agentchat.agents import CodeExecutorAgent
from autogen_agentchat.agents._code_executor_agent import ApprovalFuncType
from autogen_agentchat.base import Response
from autogen_agentchat.messages import (
    BaseAgentEvent,
    BaseChatMessage,
    CodeExecutionEvent,
    CodeGenerationEvent,
    HandoffMessage,
    ModelClientStreamingChunkEvent,
    TextMessage,
    ThoughtEvent,
)
from autogen_core import CancellationToken, Component
from autogen_core.code_executor import CodeBlock, CodeExecutor, CodeResult
from autogen_core.model_context import ChatCompletionContext
from autogen_core.models import (
    AssistantMessage,
    ChatCompletionClient,
    CreateResult,
    LLMMessage,
    RequestUsage,
    SystemMessage,
    UserMessage,
)
from typing_extensions import Self

from . import _feedback as feedback
from ._agent_config import (
    DEFAULT_SYSTEM_MESSAGE,
    AgentComponents,
    AgentOptions,
    SelfDebuggingAgentState,
    SelfDebuggingCodeExecutorAgentConfig,
)
from ._attempts import Attempt, Outcome, RunSummary
from ._code_blocks import ExtractedCode, extract_code_blocks, format_code_blocks, normalize_language
from ._decision import decide_retry
from ._model_call import Purpose, add_usage, generate, model_label, sampling_args
from ._packages import missing_module_note
from ._strategy import MODEL_MOVES, AttemptPlan, FailureKind, Move, RetryStrategy, classify_failure
from ._verification import Checker, CheckResult, Verifier, run_approved, without_copied_tests
from .edits import Edit, edits_kept_code, outline, parses, rewritable_lines
from .repair import SEARCHABLE_LANGUAGES, SearchResult, ask_rewrites, search_patches
from .sandboxes._languages import executor_languages

__all__ = ["SelfDebuggingAgentState", "SelfDebuggingCodeExecutorAgent", "SelfDebuggingCodeExecutorAgentConfig"]

_NO_MODEL: dict[Move, str] = {"given": "as given", "search": "repair search", "rewrite": "repair search"}
"""What stands in the model's place in an attempt's record when no model wrote the code (whole)."""


@dataclass
class _Round:
    """What a round keeps between its attempts."""

    pending: CodeBlock | None
    """Code that comes with no model call: the program as given, then a patch the search found."""
    plans: list[AttemptPlan] = field(default_factory=list[AttemptPlan])
    # A resent program is not run again: its result is reused. A program is searched once.
    checks: dict[str, tuple[int, CheckResult]] = field(default_factory=dict[str, tuple[int, CheckResult]])
    searched: set[str] = field(default_factory=set[str])
    evidence: list[str] = field(default_factory=list[str])
    # The last passing patch the search did not take as the fix (its evidence), for the person a failure goes to.
    lead: str = ""
    # Why the strategy ended the round before its last attempt, for the final message.
    stopped: str = ""
    # The program given as the task shows it, and its outline, which restarts see after a warm resend.
    outline: tuple[str, str] | None = None
    found_by: dict[str, str] = field(default_factory=dict[str, str])
    # The search's pending patch edits only lines the model's program kept from the program given.
    on_given_code: bool = False
    last_feedback: str = ""
    # Tokens the model spent outside an attempt (its rewrites of lines for the search), for the round's usage.
    spent: RequestUsage = field(default_factory=lambda: RequestUsage(prompt_tokens=0, completion_tokens=0))
    # The same without the code's internals (traced lines, locals): a restart after the model's code is not
    # shown that code, and given its lines it writes them again.
    last_outcome: str = ""
    model_failed: int = 0
    # What the last model attempt saw, then its reply and what came of it: the retry decision judges that.
    seen: list[LLMMessage] = field(default_factory=list[LLMMessage])

    def digest(self, plan: AttemptPlan) -> str:
        """What a restart sees instead of the failed history (``_feedback.restart_digest``)."""
        if plan.outline:
            return feedback.outline_digest(self.model_failed)
        last = self.last_outcome if self.model_failed else self.last_feedback
        return feedback.restart_digest(self.model_failed, last, evidence=self.evidence)


class SelfDebuggingCodeExecutorAgent(CodeExecutorAgent, Component[SelfDebuggingCodeExecutorAgentConfig]):
    """A code executor agent that writes code, runs it, checks it against fixed tests, and debugs it.

    Each call runs up to ``max_retries_on_error + 1`` attempts. An attempt is a generation
    (``CodeGenerationEvent``), an execution with the tests (``CodeExecutionEvent``) and, after a
    failure, a structured retry decision (``ThoughtEvent``). The final message's ``metadata``
    holds ``outcome`` (``success`` | ``failure`` | ``no_code`` | ``unconfirmed``), ``attempts`` and ``code``;
    ``unconfirmed`` means the tests pass only with a patch the repair search made to the model's own program,
    which is not claimed as a fix (see :class:`RetryStrategy`). Every outcome but ``success`` hands off.

    Args:
        name: The agent's name.
        code_executor: The sandbox that runs the code (any AutoGen ``CodeExecutor``).
        model_client: The model that writes code and decides on retries. Required.
        max_retries_on_error: Retries after the first attempt, per call.
        system_message: The system message; ``{languages}`` is replaced by the languages that can run.
            ``None`` or ``""`` sends none.
        approval_func: Called before each execution; a refusal counts as a failed run.
        model_context, model_client_stream, description, sources, supported_languages: As in
            ``CodeExecutorAgent``; the supported languages default to those the executor reports.
        tests: Test code run after the generated code; the model sees its output but cannot change it.
        tests_language: The language of ``tests``.
        show_tests: Show the tests to the model before the first attempt.
        handoff_target: On failure, hand off to this agent with a ``HandoffMessage``.
        reflect_on_success: Ask the model for a final answer after the code passes.
        max_output_chars: Size of execution output kept in the context (head and tail).
        default_language: Language assumed for untagged code blocks.
        stop_on_decision: Whether a "stop" decision ends the round. Small local models say "stop" too
            eagerly; with ``False`` the round goes on while attempts remain, and the decision is not asked
            unless its reason is shared (see ``RetryStrategy``'s ``decide``).
        retry_model_client: A (usually stronger) model that makes the later attempts: a cascade.
        retry_strategy: Plans each attempt (repair or restart, model, temperature, seed) and whether the
            patch search runs and when. Defaults to ``RetryStrategy()``, the adaptive policy.
        initial_code: A program to start from, in ``default_language`` (the fix job's broken program).
            The first round's first attempt runs it as given, with no model call; if it fails its tests
            (a wrong result, or an error such as a ``TypeError``), the patch search gets its turn before
            the model writes anything.

    Example:
        .. code-block:: python

            async with create_sandbox("local") as sandbox:
                agent = SelfDebuggingCodeExecutorAgent(
                    "coder", sandbox, model_client=resolve_model("local").client, tests="assert f(3) == 6"
                )
                await Console(agent.run_stream(task="Write f(x) that doubles x."))
    """

    component_config_schema = SelfDebuggingCodeExecutorAgentConfig  # type: ignore[assignment]
    component_provider_override = "autogen_selfdebug.SelfDebuggingCodeExecutorAgent"

    DEFAULT_SYSTEM_MESSAGE = DEFAULT_SYSTEM_MESSAGE

    def __init__(
        self,
        name: str,
        code_executor: CodeExecutor,
        *,
        model_client: ChatCompletionClient | None = None,
        model_context: ChatCompletionContext | None = None,
        model_client_stream: bool = False,
        max_retries_on_error: int = 3,
        description: str | None = None,
        system_message: str | None = DEFAULT_SYSTEM_MESSAGE,
        sources: Sequence[str] | None = None,
        supported_languages: list[str] | None = None,
        approval_func: ApprovalFuncType | None = None,
        tests: str | None = None,
        tests_language: str = "python",
        show_tests: bool = True,
        handoff_target: str | None = None,
        reflect_on_success: bool = True,
        max_output_chars: int = feedback.DEFAULT_MAX_OUTPUT_CHARS,
        default_language: str = "python",
        stop_on_decision: bool = True,
        retry_model_client: ChatCompletionClient | None = None,
        retry_strategy: RetryStrategy | None = None,
        initial_code: str | None = None,
    ) -> None:
        if model_client is None:
            raise ValueError(
                "SelfDebuggingCodeExecutorAgent needs a model_client: it writes and fixes the code itself. "
                "To only run code blocks found in incoming messages, use "
                "autogen_agentchat.agents.CodeExecutorAgent without a model_client."
            )
        if max_retries_on_error < 0:
            raise ValueError(f"max_retries_on_error must be 0 or more, not {max_retries_on_error}.")
        if max_output_chars < 200:
            raise ValueError(f"max_output_chars must be at least 200, not {max_output_chars}.")
        with warnings.catch_warnings():
            # Upstream warns whenever approval_func is unset; our README covers sandboxing instead.
            warnings.filterwarnings("ignore", message="No approval function set", category=UserWarning)
            # Retries are handled here (with a JSON-mode fallback), so the base class's
            # structured-output requirement for max_retries_on_error > 0 does not apply.
            super().__init__(
                name,
                code_executor,
                model_client=model_client,
                model_context=model_context,
                model_client_stream=model_client_stream,
                max_retries_on_error=0,
                description=description or "A code agent that writes code, runs it, and fixes it until it works.",
                system_message=system_message,
                sources=sources,
                supported_languages=supported_languages,
                approval_func=approval_func,
            )
        self._client: ChatCompletionClient = model_client
        self._options = AgentOptions(
            model_client_stream=model_client_stream,
            max_retries_on_error=max_retries_on_error,
            description=description,
            # Component dumps drop None values, so "no system message" is kept as "" to survive a round trip.
            system_message=system_message or "",
            sources=list(sources) if sources is not None else None,
            supported_languages=supported_languages,
            tests=tests,
            tests_language=normalize_language(tests_language),
            show_tests=show_tests,
            handoff_target=handoff_target,
            reflect_on_success=reflect_on_success,
            max_output_chars=max_output_chars,
            default_language=normalize_language(default_language),
            stop_on_decision=stop_on_decision,
            initial_code=initial_code,
        )
        self._languages = executor_languages(code_executor, supported_languages)
        system_text = system_message.replace("{languages}", ", ".join(self._languages)) if system_message else ""
        # The sandbox's packages are not listed here: a long list made the 0.5B model answer with
        # imports (fix-rate 13/20 against 19/20 without it, docs/benchmarks.md). A failed import
        # gets a note naming what is installed instead (missing_module_note).
        self._system_messages = [SystemMessage(content=system_text)] if system_message else []
        self._retry_client = retry_model_client
        self._strategy = retry_strategy or RetryStrategy()
        self._labels = {id(c): model_label(c) for c in (model_client, retry_model_client) if c is not None}
        self._verifier: Checker = Verifier(code_executor, tests=tests, tests_language=self._options.tests_language)
        self._attempts: list[Attempt] = []
        self._rounds = 0
        self._tests_shown = False

    @property
    def produced_message_types(self) -> Sequence[type[BaseChatMessage]]:
        if self._options.handoff_target is not None:
            return (TextMessage, HandoffMessage)
        return (TextMessage,)

    @property
    def supported_languages(self) -> list[str]:
        """The languages this agent will run, as named to the model."""
        return list(self._languages)

    @property
    def attempts(self) -> list[Attempt]:
        """Every attempt since the last reset, across calls."""
        return list(self._attempts)

    @property
    def tests(self) -> str | None:
        """The fixed test code run after each attempt, if any."""
        return self._options.tests

    @property
    def handoff_target(self) -> str | None:
        """Who gets a ``HandoffMessage`` when the agent gives up, if anyone."""
        return self._options.handoff_target

    @property
    def sources(self) -> list[str] | None:
        """The senders whose messages enter the context; ``None`` means everyone."""
        return list(self._sources) if self._sources is not None else None

    async def on_messages_stream(
        self, messages: Sequence[BaseChatMessage], cancellation_token: CancellationToken
    ) -> AsyncGenerator[BaseAgentEvent | BaseChatMessage | Response, None]:
        """Run one round of attempts on the incoming messages, yielding every event as it happens."""
        round_start = await self._begin_round(messages)
        round_index = self._rounds
        self._rounds += 1
        usage = RequestUsage(prompt_tokens=0, completion_tokens=0)
        inner: list[BaseAgentEvent | BaseChatMessage] = []
        round_attempts: list[Attempt] = []
        outcome: Outcome = "failure"
        declined_text = ""
        escalates = self._retry_client is not None
        initial = self._options.initial_code if round_index == 0 else None
        given = CodeBlock(code=initial, language=self._options.default_language) if initial else None
        state = _Round(given, outline=self._outline(initial, round_start))
        plan = self._strategy.given() if state.pending else self._strategy.first(has_retry_model=escalates)

        for n in range(self._options.max_retries_on_error + 1 + (state.pending is not None)):
            state.plans.append(plan)
            client = self._retry_client if plan.use_retry_model and self._retry_client is not None else self._client
            label = self._labels[id(client)] if plan.move in MODEL_MOVES else _NO_MODEL[plan.move]
            shown = {**plan.metadata(), "model": label, "strategy": self._strategy.mode, **state.found_by}
            if n > 0:
                planned = ThoughtEvent(
                    content=plan.describe(n, label), source=self.name, metadata={"kind": "retry_plan", **shown}
                )
                inner.append(planned)
                yield planned

            # 1. The model writes code, or it comes with no model call (given, or a searched patch).
            result: CreateResult | None = None
            async for item in self._write(plan, client, state, round_start, cancellation_token):
                if isinstance(item, CreateResult):
                    result = item
                else:
                    yield item
            assert result is not None
            state.pending = None
            usage = add_usage(usage, result.usage)
            content = result.content if isinstance(result.content, str) else str(result.content)
            if result.thought:
                thought = ThoughtEvent(content=result.thought, source=self.name)
                inner.append(thought)
                yield thought
            await self._remember(state, AssistantMessage(content=content, source=self.name, thought=result.thought))
            found = self._extract(content, model_wrote=plan.move in MODEL_MOVES)
            generation = CodeGenerationEvent(
                retry_attempt=n,
                content=content,
                code_blocks=found.blocks,
                source=self.name,
                metadata=shown,
            )
            inner.append(generation)
            yield generation
            made = {
                "round": round_index,
                "index": n,
                "move": plan.move,
                "model": label,
                "temperature": plan.temperature,
                "edit": state.found_by.get("edit"),
            }

            # An unusable reply uses up the attempt with a corrective note, or ends the run if it declines.
            unusable = feedback.classify_reply(found, content, result.finish_reason)
            event: BaseAgentEvent
            failure: FailureKind
            if unusable == "declined":
                self._attempts.append(Attempt.model_validate({**made, "kind": unusable}))
                round_attempts.append(self._attempts[-1])
                outcome, declined_text = "no_code", content
                break
            if unusable is not None:
                attempt = Attempt.model_validate({**made, "kind": unusable})
                seen = outcome_only = feedback.unusable_note(unusable, found, self._languages)
                event = ThoughtEvent(content=seen, source=self.name, metadata={"kind": "unusable_reply"})
                failure = "unusable"
            else:
                # 2-3. Run it, then the tests (unless this exact program already ran).
                code = format_code_blocks(found.blocks)
                earlier = state.checks.get(code)
                check = (
                    earlier[1]
                    if earlier
                    else await self._verifier.check(found.blocks, cancellation_token, execute=self._execute)
                )
                state.checks.setdefault(code, (n, check))
                counts = check.test_counts() or (None, None)
                caught = check.mutants_caught() or (None, None)
                attempt = Attempt.from_blocks(
                    check.checked or found.blocks, **made, kind="executed", passed=check.passed,
                    exit_code=check.exit_code, tests_passed=counts[0], tests_total=counts[1],
                    mutants_caught=caught[0], mutants_total=caught[1],
                )  # fmt: skip
                ran = check.as_code_result()
                notes = "".join(f"\n\n{note}" for note in self._notes(found, ran.output))
                if found.unsupported:
                    notes += f"\n\nNot run (unsupported language): {', '.join(found.unsupported)}."
                if earlier is not None and not check.passed:
                    notes += "\n\n" + feedback.repeated_code_note(earlier[0])
                limit = self._options.max_output_chars
                seen = feedback.execution_feedback(check, max_chars=limit) + notes
                outcome_only = feedback.execution_feedback(check, max_chars=limit, internals=False) + notes
                event = CodeExecutionEvent(retry_attempt=n, result=ran, source=self.name)
                failure = "repeated" if earlier is not None else classify_failure(check)
            attempt.output = state.last_feedback = seen
            state.last_outcome = outcome_only
            await self._remember(state, UserMessage(content=seen, source=self.name))
            self._attempts.append(attempt)  # the same object: a decision set later shows in both
            round_attempts.append(attempt)
            inner.append(event)
            yield event
            if attempt.passed:
                # A searched patch follows the attempt it patched; one of the model's own is not claimed.
                patched = state.plans[-2].move if plan.move in ("search", "rewrite") else None
                claimed = patched is None or self._strategy.claims_patch(patched, on_given_code=state.on_given_code)
                outcome = "success" if claimed else "unconfirmed"
                break
            state.model_failed += plan.move in MODEL_MOVES
            if n == self._options.max_retries_on_error + (state.plans[0].move == "given"):
                break

            # 4. When the strategy says so, the patch search; a passing patch is the next attempt.
            async for step in self._search(failure, found, state, cancellation_token):
                inner.append(step)
                yield step
            usage, state.spent = add_usage(usage, state.spent), RequestUsage(prompt_tokens=0, completion_tokens=0)
            if state.pending is not None:
                plan = self._strategy.found(state.found_by["edit"], rewritten="rewritten_by" in state.found_by)
                continue
            outlines = state.outline is not None
            if self._strategy.ends_round(failure, plan, has_retry_model=escalates, can_outline=outlines):
                resent = failure == "repeated"
                state.stopped = feedback.resent_stop(plan.temperature) if resent else feedback.waits_for_input_stop()
                stopped = ThoughtEvent(content=state.stopped, source=self.name, metadata={"kind": "stop"})
                inner.append(stopped)
                yield stopped
                break

            # 5. For a new failure of the model's code, when the answer counts, ask whether another attempt can help.
            asked: Move | None = None
            if self._strategy.asks_decision(
                state.plans, failure=failure, has_retry_model=escalates, stops_on_it=self._options.stop_on_decision
            ):
                decided, going_on, decision_usage = await self._decide(n, attempt, client, state, cancellation_token)
                usage = add_usage(usage, decision_usage)
                inner.append(decided)
                yield decided
                if not going_on:
                    break
                asked = "restart" if decided.metadata.get("approach") == "restart" else "repair"
            plan = self._strategy.next(
                state.plans, failure=failure, has_retry_model=escalates, asked=asked, can_outline=outlines
            )

        # 6. The outcome: a reflection on success, a summary (or hand-off) on failure.
        summary = RunSummary.of_round(outcome, round_attempts)
        async for ending in self._conclude(
            summary, round_attempts, state, declined_text, usage, inner, cancellation_token
        ):
            yield ending

    async def _conclude(
        self,
        summary: RunSummary,
        round_attempts: list[Attempt],
        state: _Round,
        declined_text: str,
        usage: RequestUsage,
        inner: list[BaseAgentEvent | BaseChatMessage],
        cancellation_token: CancellationToken,
    ) -> AsyncGenerator[BaseAgentEvent | BaseChatMessage | Response, None]:
        """The round's end: a reflection on success, a summary (or hand-off) on failure, then the Response."""
        outcome = summary.outcome
        # A patch from the search passed: no model wrote it, so none is asked to reflect on it.
        if outcome == "success" and self._options.reflect_on_success and state.plans[-1].move in MODEL_MOVES:
            reflection: CreateResult | None = None
            context = list(await self._model_context.get_messages())
            async for item in self._generate(cancellation_token, messages=context, purpose="reflection"):
                if isinstance(item, CreateResult):
                    reflection = item
                else:
                    yield item
            assert reflection is not None
            usage = add_usage(usage, reflection.usage)
            text = reflection.content if isinstance(reflection.content, str) else str(reflection.content)
            await self._model_context.add_message(AssistantMessage(content=text, source=self.name))
        else:
            text = feedback.final_text(
                summary,
                round_attempts,
                declined_text,
                max_chars=self._options.max_output_chars,
                tested=not isinstance(self._verifier, Verifier) or self._verifier.tests is not None,
                lead=state.lead,
                stopped=state.stopped,
            )

        final: BaseChatMessage
        if outcome != "success" and self._options.handoff_target is not None:
            final = HandoffMessage(
                content=text,
                target=self._options.handoff_target,
                context=list(await self._model_context.get_messages()),
                source=self.name,
                models_usage=usage,
                metadata=summary.to_metadata(),
            )
        else:
            final = TextMessage(content=text, source=self.name, models_usage=usage, metadata=summary.to_metadata())
        yield Response(chat_message=final, inner_messages=inner)

    def _outline(self, initial: str | None, round_start: Sequence[LLMMessage]) -> tuple[str, str] | None:
        """The program given, as the task shows it, and its outline (``edits.outline``), if it has one."""
        if initial is None:
            return None
        shown = initial.rstrip()
        in_task = any(isinstance(m, UserMessage) and shown in str(m.content) for m in round_start)
        outlined = outline(shown, self._options.default_language) if in_task else None
        return (shown, outlined.rstrip()) if outlined is not None else None

    def _searchable(self, found: ExtractedCode) -> str | None:
        """The failed program, when the search can edit it: one block, in the fixed tests' language, that parses
        (no template fixes a syntax error)."""
        tests, language = self._options.tests, self._options.tests_language
        if tests is None or not isinstance(self._verifier, Verifier) or language not in SEARCHABLE_LANGUAGES:
            return None
        if len(found.blocks) != 1 or found.blocks[0].language != language:
            return None
        code = without_copied_tests(found.blocks[0].code, tests, language)
        return code if parses(code, language) else None

    async def _write(
        self,
        plan: AttemptPlan,
        client: ChatCompletionClient,
        state: _Round,
        round_start: Sequence[LLMMessage],
        cancellation_token: CancellationToken,
    ) -> AsyncGenerator[CreateResult | ModelClientStreamingChunkEvent, None]:
        """The attempt's code: the model's reply to the plan's view, or the pending code as a 0-token reply."""
        if state.pending is not None:
            state.seen = []
            zero = RequestUsage(prompt_tokens=0, completion_tokens=0)
            code = format_code_blocks([state.pending])
            yield CreateResult(finish_reason="stop", content=code, usage=zero, cached=False)
            return
        context = await self._model_context.get_messages()
        view = self._strategy.view(plan, context=context, round_start=round_start, digest=state.digest(plan))
        if plan.outline and state.outline is not None:
            view = [feedback.with_outline(message, *state.outline) for message in view]
        state.seen = list(view)
        async for item in self._generate(cancellation_token, messages=view, client=client, plan=plan):
            yield item

    async def _search(
        self, failure: FailureKind, found: ExtractedCode, state: _Round, cancellation_token: CancellationToken
    ) -> AsyncGenerator[ThoughtEvent, None]:
        """When the strategy says so, run the patch search on the failed program (once per program and round)
        in the sandbox, saying when it starts and what it found; when its templates found no fix for the program
        given, search again among the model's rewrites of its most suspicious lines. A passing patch becomes the
        round's pending code; a partial win is evidence for the model's next attempt."""
        state.found_by, state.on_given_code = {}, False
        made_by = state.plans[-1].move
        searches = self._strategy.searches(failure, made_by)
        program = self._searchable(found) if searches else None
        if program is None or program in state.searched:
            return
        state.searched.add(program)
        budget = self._strategy.search_budget
        yield ThoughtEvent(
            content=f"Searching small patches of the failed program (up to {budget.max_candidates} candidates, "
            f"{budget.seconds:g} s), no model call.",
            source=self.name,
            metadata={"kind": "search_start"},
        )
        result = await self._search_patches(program, cancellation_token)
        yield ThoughtEvent(content=result.summary(), source=self.name, metadata={"kind": "search", **result.metadata()})
        rewrite = self._strategy.rewrite_plan(made_by) if result.fix is None else None
        if rewrite is not None and result.localized.measured:
            async for step in self._rewrite(program, result, rewrite, state, cancellation_token):
                if isinstance(step, SearchResult):
                    result = step
                else:
                    yield step
        partial = result.evidence()
        if result.fix is not None:
            state.pending = CodeBlock(code=result.fix.source, language=self._options.tests_language)
            state.found_by = {**result.metadata(), **state.found_by}
            given = self._options.initial_code if state.plans[0].move == "given" else None
            state.on_given_code = given is not None and edits_kept_code(result.fix.patch, program, given)
        elif partial is not None:
            # A restart's digest carries it; a repair sees it in the context.
            state.evidence.append(partial)
            if result.doubt is not None:
                state.lead = partial
            note = f"The repair search found that {partial}"
            await self._remember(state, UserMessage(content=note, source=self.name))

    async def _rewrite(
        self,
        program: str,
        searched: SearchResult,
        plan: AttemptPlan,
        state: _Round,
        cancellation_token: CancellationToken,
    ) -> AsyncGenerator[ThoughtEvent | SearchResult, None]:
        """The model writes the most suspicious lines again (``RetryStrategy.rewrites``), and the search runs the
        distinct rewrites, with the templates' best partial win among them (so the two halves of a bug on two lines
        can meet). Yields what it says, then the result when a rewrite passes or gets more asserts right."""
        language, tests = self._options.tests_language, self._options.tests
        assert tests is not None
        count, samples = self._strategy.rewrite_counts
        ranked = [line for line, _ in searched.localized.top(len(program.splitlines()))]
        lines = rewritable_lines(program, ranked, language, count)
        if not lines or samples == 0:
            return
        client = self._retry_client if self._retry_client is not None else self._client
        label = self._labels[id(client)]
        where = ", ".join(str(n) for n in lines)
        yield ThoughtEvent(
            content=f"Asking {label} to write line{'s' if len(lines) > 1 else ''} {where} again ({samples} "
            f"time{'s' if samples > 1 else ''} each), then searching among the rewrites.",
            source=self.name,
            metadata={"kind": "rewrite_start", "model": label},
        )
        rewrites = await ask_rewrites(
            client, program, language=language, tests=tests, report=state.last_feedback, lines=lines,
            samples=samples, temperature=plan.temperature, seed=plan.seed, cancellation_token=cancellation_token,
        )  # fmt: skip
        state.spent = add_usage(state.spent, rewrites.usage)
        tokens = rewrites.usage.prompt_tokens + rewrites.usage.completion_tokens
        shown = {"kind": "rewrite", "model": label, "tokens": str(tokens), "calls": str(rewrites.calls)}
        yield ThoughtEvent(content=rewrites.describe(lines), source=self.name, metadata=shown)
        if not rewrites.edits:
            return
        base = searched.improved.patch.edits if searched.improved is not None else ()
        result = await self._search_patches(program, cancellation_token, edits=[*rewrites.edits, *base])
        yield ThoughtEvent(content=result.summary(), source=self.name, metadata={"kind": "search", **result.metadata()})
        if result.fix is not None:
            state.found_by = {"rewritten_by": label, "rewrite_tokens": str(tokens)}
        # A partial win replaces the templates' only when it gets further, and never a passing patch they doubted.
        gained = (
            searched.likeliest is None
            and result.improved is not None
            and (searched.improved is None or result.improved.fitness > searched.improved.fitness)
        )
        if result.likeliest is not None or gained:
            yield result

    async def _search_patches(
        self, program: str, cancellation_token: CancellationToken, *, edits: Sequence[Edit] | None = None
    ) -> SearchResult:
        tests = self._options.tests
        assert tests is not None
        return await search_patches(
            program,
            language=self._options.tests_language,
            tests=tests,
            execute=self._execute,
            cancellation_token=cancellation_token,
            budget=self._strategy.search_budget,
            run_limit=self._verifier.time_limit() if isinstance(self._verifier, Verifier) else None,
            edits=edits,
        )

    async def _remember(self, state: _Round, message: LLMMessage) -> None:
        """Add a message of the current attempt to the context, and to what the retry decision sees."""
        await self._model_context.add_message(message)
        state.seen.append(message)

    async def _decide(
        self,
        n: int,
        attempt: Attempt,
        client: ChatCompletionClient,
        state: _Round,
        cancellation_token: CancellationToken,
    ) -> tuple[ThoughtEvent, bool, RequestUsage]:
        """Make the retry decision with ``client`` and record it on ``attempt``; say whether to go on.
        The reason enters the context only if the strategy shares it, or to say why the round stops.
        It sees what the attempt saw and what came of it, not every earlier attempt: after a restart, a
        fraction of the whole context's tokens."""
        messages = [*self._system_messages, *state.seen]
        decided = await decide_retry(client, messages, cancellation_token=cancellation_token)
        attempt.retry, attempt.reason = decided.decision.retry, decided.decision.reason
        going_on = attempt.retry or not self._options.stop_on_decision
        if self._strategy.share_reason or not going_on:
            note = feedback.decision_note(going_on, attempt.reason)
            await self._model_context.add_message(UserMessage(content=note, source=self.name))
        event = decided.event(n, going_on=going_on, shared=self._strategy.share_reason, source=self.name)
        return event, going_on, decided.total_usage()

    async def _begin_round(self, messages: Sequence[BaseChatMessage]) -> list[LLMMessage]:
        """Add each incoming message to the context exactly once (hand-off context included), and the
        tests the first time; return the context as the round begins, which a restart goes back to."""
        for message in messages:
            if self._sources is not None and message.source not in self._sources:
                continue
            # Our own hand-off coming back carries the context we already hold.
            if isinstance(message, HandoffMessage) and message.source != self.name:
                for llm_message in message.context:
                    await self._model_context.add_message(llm_message)
            await self._model_context.add_message(message.to_model_message())
        notice = self._notice()
        if notice is not None and not self._tests_shown:
            await self._model_context.add_message(UserMessage(content=notice, source="tests"))
            self._tests_shown = True
        return list(await self._model_context.get_messages())

    def _packages(self) -> tuple[Sequence[str] | None, bool]:
        """The third-party packages the sandbox has (``None``: unknown) and whether more can be installed."""
        packages = getattr(self._code_executor, "installed_packages", None)
        can_install = bool(getattr(self._code_executor, "can_install", False))
        return (list(packages) if isinstance(packages, list | tuple) else None), can_install

    def _extract(self, content: str, *, model_wrote: bool = False) -> ExtractedCode:
        """The code in a reply; a model's with the standard imports it forgot added (the code given is run as
        it is)."""
        found = extract_code_blocks(content, self._languages, default_language=self._options.default_language)
        return found.with_missing_imports() if model_wrote else found

    def _notes(self, found: ExtractedCode, output: str) -> list[str]:
        """What the model is told after a run besides its result: imports added, a module missing, input read."""
        packages, can_install = self._packages()
        notes = [
            feedback.imports_added_note(found.imports_added),
            missing_module_note(output, packages, can_install=can_install),
            feedback.no_input_note(output),
        ]
        return [note for note in notes if note is not None]

    def _notice(self) -> str | None:
        """What the model is shown once, before its first attempt: the tests its code must pass."""
        if self._options.tests is None or not self._options.show_tests:
            return None
        return feedback.tests_notice(self._options.tests, self._options.tests_language)

    def _generate(
        self,
        cancellation_token: CancellationToken,
        *,
        messages: Sequence[LLMMessage],
        client: ChatCompletionClient | None = None,
        plan: AttemptPlan | None = None,
        purpose: Purpose = "code generation",
    ) -> AsyncGenerator[CreateResult | ModelClientStreamingChunkEvent, None]:
        model = client or self._client
        return generate(
            model,
            [*self._system_messages, *messages],
            stream=self._model_client_stream,
            source=self.name,
            purpose=purpose,
            cancellation_token=cancellation_token,
            extra_args=sampling_args(model, plan.temperature, plan.seed) if plan is not None else None,
        )

    async def _execute(self, blocks: list[CodeBlock], cancellation_token: CancellationToken) -> CodeResult:
        context = list(await self._model_context.get_messages()) if self._approval_func is not None else []
        return await run_approved(self._code_executor, blocks, cancellation_token, self._approval_func, context)

    async def on_reset(self, cancellation_token: CancellationToken) -> None:
        """Forget the conversation and the attempt history."""
        await self._model_context.clear()
        self._attempts = []
        self._rounds = 0
        self._tests_shown = False

    async def save_state(self) -> Mapping[str, Any]:
        state = SelfDebuggingAgentState(
            llm_context=await self._model_context.save_state(),
            attempts=self._attempts,
            rounds=self._rounds,
            tests_shown=self._tests_shown,
        )
        return state.model_dump()

    async def load_state(self, state: Mapping[str, Any]) -> None:
        loaded = SelfDebuggingAgentState.model_validate(state)
        await self._model_context.clear()
        await self._model_context.load_state(loaded.llm_context)
        self._attempts = list(loaded.attempts)
        self._rounds = loaded.rounds
        self._tests_shown = loaded.tests_shown

    def _to_config(self) -> SelfDebuggingCodeExecutorAgentConfig:  # type: ignore[override]
        if self._approval_func is not None:
            raise ValueError(
                "Cannot serialise a SelfDebuggingCodeExecutorAgent with an approval_func: functions are not "
                "serialisable. Dump the agent without it and pass approval_func again after loading."
            )
        return SelfDebuggingCodeExecutorAgentConfig(
            name=self.name,
            code_executor=self._code_executor.dump_component(),
            model_client=self._client.dump_component(),
            model_context=self._model_context.dump_component(),
            retry_model_client=self._retry_client.dump_component() if self._retry_client is not None else None,
            retry_strategy=self._strategy.dump_component(),
            **self._options.model_dump(),
        )

    @classmethod
    def _from_config(cls, config: SelfDebuggingCodeExecutorAgentConfig) -> Self:  # type: ignore[override]
        return cls(
            config.name, **load_components(config), **config.model_dump(exclude=set(AgentComponents.model_fields))
        )


def load_components(config: AgentComponents) -> dict[str, Any]:
    """The agent's component arguments, loaded from their configs."""
    return {
        "code_executor": CodeExecutor.load_component(config.code_executor),
        "model_client": ChatCompletionClient.load_component(config.model_client),
        "model_context": ChatCompletionContext.load_component(config.model_context) if config.model_context else None,
        "retry_model_client": (
            ChatCompletionClient.load_component(config.retry_model_client) if config.retry_model_client else None
        ),
        "retry_strategy": RetryStrategy.load_component(config.retry_strategy) if config.retry_strategy else None,
    }
