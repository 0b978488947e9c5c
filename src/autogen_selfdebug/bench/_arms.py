"""The arms: single shot, upstream ``CodeExecutorAgent``, ours with each retry strategy, the cascade,
and the patch search alone.

* ``single_shot``: one generation, one run; ``single_shot_retry_model`` the same on the retry
  model, so that a cascade's gain is not simply "use the bigger model";
* ``autogen``: upstream ``CodeExecutorAgent`` with ``max_retries_on_error = k - 1``;
* ``ours_repair``, ``ours_restart``, ``ours``: our agent with ``RetryStrategy("repair")``,
  ``RetryStrategy("restart")`` and the default adaptive policy (patch search included);
  ``ours_no_search``: the adaptive policy with ``search=False``; ``ours_rewrites``: the adaptive policy with
  the model's rewrites of the suspicious lines after a fruitless search of a program given (``rewrites=4``);
* ``cascade``: ours (adaptive) with the retry model as ``retry_model_client``;
  ``ours_retry_model``: ours with the retry model alone, to weigh the cascade's time against it;
* ``search_only``: no model at all: the given program, then one patch search (bug-fix jobs only);
* ``round_robin``: AgentChat's code-execution team, an ``AssistantAgent`` coder and a
  ``CodeExecutorAgent`` in a ``RoundRobinGroupChat`` ended by ``TextMentionTermination``;
* ``smolagents``, ``ag2``: smolagents' ``CodeAgent`` and AG2's bug-fixer pair, which call the
  model server with their own clients, each in its own virtualenv (:mod:`._alternatives`).

Every arm gets the same model clients (wrapped by the caller to count calls), a fresh local
sandbox of its own, and the same task text. The arms that cannot run tests separately get the
visible tests written into the task; ours gets them as ``tests=``, and in a bug-fix job the broken
program as ``initial_code`` (as the ``fix`` command does). No arm gets the hidden tests: grading
happens after the arm returns, in ``_humaneval.grade``. The arms that bypass our clients get the
same server, model and sampling settings (``Models.endpoint``) and count their own calls and tokens
from the server's replies (``ArmOutcome.usage``).
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, get_args

from autogen_agentchat.agents import AssistantAgent, CodeExecutorAgent
from autogen_agentchat.base import TaskResult
from autogen_agentchat.conditions import MaxMessageTermination, TextMentionTermination
from autogen_agentchat.messages import CodeExecutionEvent, CodeGenerationEvent, TextMessage
from autogen_agentchat.teams import RoundRobinGroupChat
from autogen_core import CancellationToken
from autogen_core.code_executor import CodeBlock, CodeResult
from autogen_core.models import ChatCompletionClient, LLMMessage, SystemMessage, UserMessage

from .. import (
    Attempt,
    RetryStrategy,
    RunSummary,
    SelfDebuggingCodeExecutorAgent,
    StrategyMode,
    Verifier,
    extract_code_blocks,
    normalize_language,
)
from ..repair import search_patches
from ..sandboxes import LocalSandbox
from ._alternatives import AlternativeRun, Endpoint, Framework, graded_code, run_alternative

__all__ = [
    "ARMS",
    "NO_MODEL_MOVES",
    "PROGRAM_ARMS",
    "RETRY_MODEL_ARMS",
    "SERVER_ARMS",
    "ArmName",
    "ArmOutcome",
    "ArmSettings",
    "ArmUsage",
    "Job",
    "Models",
    "run_arm",
    "single_shot_code",
]

ArmName = Literal[
    "single_shot",
    "autogen",
    "ours_repair",
    "ours_restart",
    "ours",
    "ours_no_search",
    "ours_rewrites",
    "search_only",
    "cascade",
    "single_shot_retry_model",
    "ours_retry_model",
    "round_robin",
    "smolagents",
    "ag2",
]
ARMS: tuple[ArmName, ...] = get_args(ArmName)
RETRY_MODEL_ARMS: tuple[ArmName, ...] = ("cascade", "single_shot_retry_model", "ours_retry_model")
"""The arms that need ``--retry-model``."""
PROGRAM_ARMS: tuple[ArmName, ...] = ("search_only",)
"""The arms that need a program to start from: only bug-fix jobs have one."""
SERVER_ARMS: tuple[Framework, ...] = ("smolagents", "ag2")
"""The arms that call an OpenAI-compatible server with their own clients: they need an ``openai:`` model."""

NO_MODEL_MOVES = frozenset({"given", "search"})
"""Attempt moves with no model call: the program as given, and a patch the search found."""
_NOT_WRITTEN = NO_MODEL_MOVES | {"rewrite"}
"""Attempt moves whose program the model did not write whole: a patch among its rewrites of lines is the search's."""

_STRATEGIES: dict[str, StrategyMode] = {"ours_repair": "repair", "ours_restart": "restart"}
_REWRITES = 4
"""Calls per suspicious line in ``ours_rewrites`` (three lines)."""

Verdict = Literal["success", "failure", "no_code", "error", "unconfirmed"]
"""An arm's claim; ``unconfirmed`` (ours) is passing code it does not claim as the fix."""

_SINGLE_SHOT_SYSTEM = SelfDebuggingCodeExecutorAgent.DEFAULT_SYSTEM_MESSAGE.replace("{languages}", "python")


@dataclass(frozen=True)
class ArmSettings:
    """What every arm shares: the attempt budget ``k``, the sandbox time limit, and whether our agent
    honours "stop" decisions (the command line's rule: only for hosted models)."""

    attempts: int = 4
    exec_timeout: int = 10
    reflect: bool = False
    stop_on_decision: bool = True


@dataclass(frozen=True)
class Job:
    """One task as every arm is given it.

    Attributes:
        task_id: The HumanEval task (for the bug-fix benchmark, the task the bug was put in).
        task: The task for our agent, which gets the visible tests separately as ``tests``.
        task_with_tests: The task with the visible tests written in, for the arms that cannot run tests.
        tests: The visible tests.
        broken: The program to fix (bug-fix jobs): ours starts from it, ``search_only`` searches it.
    """

    task_id: str
    task: str
    task_with_tests: str
    tests: str | None
    broken: str | None = None


@dataclass(frozen=True)
class Models:
    """The main model and, for the cascade arms, the retry model; for the arms that call the server
    themselves, the server and sampling settings behind ``main`` (``None`` unless it is ``openai:``)."""

    main: ChatCompletionClient
    retry: ChatCompletionClient | None = None
    endpoint: Endpoint | None = None


@dataclass(frozen=True)
class ArmUsage:
    """Model calls and tokens an arm counted itself, because its calls bypass our counting client.

    The tokens are the server's own figures, summed; ``None`` when a reply carried none. ``seconds``
    is the arm's own run, without the start of the subprocess it runs in (``None`` if it was killed).
    """

    model_calls: int
    prompt_tokens: int | None
    completion_tokens: int | None
    seconds: float | None


@dataclass(frozen=True)
class ArmOutcome:
    """What an arm produced: its final code, attempts used, and its own verdict on its code.

    ``final_move`` is the move of the attempt whose code is final (``given`` and ``search`` mean no
    model wrote it); ``model_attempts`` counts the attempts a model wrote. ``verdict`` is
    ``success`` when the arm claimed it was done: its run succeeded (ours, single shot, upstream),
    it returned a final answer (smolagents), or its coder said TERMINATE (AG2, ``round_robin``).
    ``usage`` is set by the arms that count their own calls (``SERVER_ARMS``).
    """

    code: str
    attempts: int
    verdict: Verdict
    error: str | None = None
    final_move: str | None = None
    model_attempts: int = 0
    usage: ArmUsage | None = None


async def run_arm(arm: ArmName, job: Job, models: Models, settings: ArmSettings) -> ArmOutcome:
    """Run one arm on one job. An exception inside the arm is recorded, not raised."""
    if arm in RETRY_MODEL_ARMS and models.retry is None:
        raise ValueError(f"The {arm} arm needs a retry model (--retry-model).")
    if arm in PROGRAM_ARMS and job.broken is None:
        raise ValueError(f"The {arm} arm needs a program to start from: it runs only in bench fix.")
    if arm == "smolagents" or arm == "ag2":
        if models.endpoint is None:
            raise ValueError(
                f"The {arm} arm calls the model server itself: it needs an openai: model "
                "(--model openai:NAME --base-url URL)."
            )
        return await _alternative(arm, job, models.endpoint, settings)
    async with LocalSandbox(timeout=settings.exec_timeout) as sandbox:
        if arm == "round_robin":
            return await _round_robin(job, models.main, sandbox, settings)
        if arm == "search_only":
            assert job.broken is not None
            return await _search_only(job.broken, job.tests, sandbox)
        if arm == "single_shot":
            return await _single_shot(job, models.main, sandbox)
        if arm == "single_shot_retry_model":
            assert models.retry is not None
            return await _single_shot(job, models.retry, sandbox)
        if arm == "autogen":
            return await _autogen(job, models.main, sandbox, settings)
        # search=None leaves the strategy's own default (on in adaptive mode).
        strategy = RetryStrategy(
            _STRATEGIES.get(arm, "adaptive"),
            search=False if arm == "ours_no_search" else None,
            rewrites=_REWRITES if arm == "ours_rewrites" else 0,
        )
        if arm == "ours_retry_model":
            assert models.retry is not None
            return await _ours(job, models.retry, sandbox, settings, strategy=strategy, retry_client=None)
        retry_client = models.retry if arm == "cascade" else None
        return await _ours(job, models.main, sandbox, settings, strategy=strategy, retry_client=retry_client)


def python_code(blocks: Sequence[CodeBlock]) -> str:
    """The Python blocks of a reply, joined; untagged blocks count as Python."""
    return "\n\n".join(b.code for b in blocks if normalize_language(b.language or "python") == "python")


async def single_shot_code(job: Job, client: ChatCompletionClient) -> str:
    """The single shot arm's one generation: the Python code of its reply ("" for none).

    Raises:
        Exception: whatever the model client raises.
    """
    messages: list[LLMMessage] = [
        SystemMessage(content=_SINGLE_SHOT_SYSTEM),
        UserMessage(content=job.task_with_tests, source="user"),
    ]
    result = await client.create(messages)
    content = result.content if isinstance(result.content, str) else str(result.content)
    return python_code(extract_code_blocks(content, ["python"]).blocks)


async def _single_shot(job: Job, client: ChatCompletionClient, sandbox: LocalSandbox) -> ArmOutcome:
    """One generation and one execution; no retries, no decisions, no reflection."""
    try:
        code = await single_shot_code(job, client)
    except Exception as error:  # a failed model call is this arm's result, not the benchmark's crash
        return ArmOutcome(code="", attempts=1, verdict="error", error=f"{type(error).__name__}: {error}")
    if not code:
        return ArmOutcome(code="", attempts=1, verdict="no_code", model_attempts=1)
    run = await sandbox.execute_code_blocks([CodeBlock(code=code, language="python")], CancellationToken())
    verdict: Verdict = "success" if run.exit_code == 0 else "failure"
    return ArmOutcome(code=code, attempts=1, verdict=verdict, final_move="first", model_attempts=1)


async def _search_only(broken: str, tests: str | None, sandbox: LocalSandbox) -> ArmOutcome:
    """No model: run the given program with the visible tests, then, if it fails, one patch search."""
    token = CancellationToken()
    check = await Verifier(sandbox, tests=tests).check([CodeBlock(code=broken, language="python")], token)
    if check.passed:
        return ArmOutcome(code=broken, attempts=1, verdict="success", final_move="given")
    if not tests:
        return ArmOutcome(code=broken, attempts=1, verdict="failure", final_move="given")

    async def execute(blocks: list[CodeBlock], cancellation_token: CancellationToken) -> CodeResult:
        return await sandbox.execute_code_blocks(blocks, cancellation_token=cancellation_token)

    found = await search_patches(
        broken, language="python", tests=tests, execute=execute, cancellation_token=token, run_limit=sandbox.timeout
    )
    if found.fix is None:
        return ArmOutcome(code=broken, attempts=1, verdict="failure", final_move="given")
    return ArmOutcome(code=found.fix.source, attempts=2, verdict="success", final_move="search")


async def _autogen(job: Job, client: ChatCompletionClient, sandbox: LocalSandbox, settings: ArmSettings) -> ArmOutcome:
    """Upstream ``CodeExecutorAgent`` with ``max_retries_on_error = k - 1``; its final code is the
    last ``CodeGenerationEvent`` that carried code."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", category=UserWarning)
        agent = CodeExecutorAgent("coder", sandbox, model_client=client, max_retries_on_error=settings.attempts - 1)
    code, attempts, last_exit = "", 0, None
    try:
        async for item in agent.run_stream(task=job.task_with_tests):
            if isinstance(item, CodeGenerationEvent) and item.code_blocks:
                code, attempts = python_code(item.code_blocks), attempts + 1
            elif isinstance(item, CodeExecutionEvent):
                last_exit = item.result.exit_code
    except Exception as error:  # upstream raises on e.g. an invalid retry decision: record it
        return ArmOutcome(
            code=code, attempts=max(attempts, 1), verdict="error", error=f"{type(error).__name__}: {error}"
        )
    if attempts == 0:
        return ArmOutcome(code="", attempts=1, verdict="no_code", model_attempts=1)
    verdict: Verdict = "success" if last_exit == 0 else "failure"
    return ArmOutcome(code=code, attempts=attempts, verdict=verdict, model_attempts=attempts)


async def _ours(
    job: Job,
    client: ChatCompletionClient,
    sandbox: LocalSandbox,
    settings: ArmSettings,
    *,
    strategy: RetryStrategy,
    retry_client: ChatCompletionClient | None,
) -> ArmOutcome:
    """``SelfDebuggingCodeExecutorAgent`` with k attempts and the visible tests as ``tests=``."""
    agent = SelfDebuggingCodeExecutorAgent(
        "coder",
        sandbox,
        model_client=client,
        max_retries_on_error=settings.attempts - 1,
        tests=job.tests or None,
        reflect_on_success=settings.reflect,
        stop_on_decision=settings.stop_on_decision,
        retry_model_client=retry_client,
        retry_strategy=strategy,
        initial_code=job.broken,
    )
    try:
        result = await agent.run(task=job.task)
    except Exception as error:  # e.g. ModelCallError: recorded as this arm's failure
        attempts = len(agent.attempts) or 1
        return ArmOutcome(
            code="",
            attempts=attempts,
            verdict="error",
            error=f"{type(error).__name__}: {error}",
            model_attempts=_model_attempts(agent.attempts),
        )
    summary = RunSummary.from_metadata(result.messages[-1].metadata)
    if summary is None:
        return ArmOutcome(code="", attempts=1, verdict="error", error="the final message carried no run summary")
    code = python_code(extract_code_blocks(summary.code, ["python"]).blocks)
    # The summary's code is the last executed attempt's: its move says who wrote the final code.
    executed = [a for a in agent.attempts if a.kind == "executed"]
    return ArmOutcome(
        code=code,
        attempts=max(summary.attempts, 1),
        verdict=summary.outcome,
        final_move=executed[-1].move if executed else None,
        model_attempts=_model_attempts(agent.attempts),
    )


def _model_attempts(attempts: Sequence[Attempt]) -> int:
    return sum(a.move not in _NOT_WRITTEN for a in attempts)


_ROUND_ROBIN_SYSTEM = (
    "You are a helpful assistant. Write all code in python. Reply only 'TERMINATE' if the task is done."
)
"""The coder's system message in AgentChat's code-execution example (its migration guide)."""


async def _round_robin(
    job: Job, client: ChatCompletionClient, sandbox: LocalSandbox, settings: ArmSettings
) -> ArmOutcome:
    """AgentChat's code-execution team: the coder and the executor take turns until the coder says
    TERMINATE or has written k messages (the task and k rounds: 2k + 1 messages).

    The executor runs only the coder's code (``sources``): the task's own code blocks (the
    function's stub, the visible tests) are not a program to run. The final code is the last the
    coder wrote; the claim is the coder ending the run with TERMINATE.
    """
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", category=UserWarning)
        coder = AssistantAgent("coder", model_client=client, system_message=_ROUND_ROBIN_SYSTEM)
        executor = CodeExecutorAgent("executor", code_executor=sandbox, sources=["coder"])
    termination = TextMentionTermination("TERMINATE") | MaxMessageTermination(2 * settings.attempts + 1)
    team = RoundRobinGroupChat([coder, executor], termination_condition=termination)
    replies: list[str] = []
    last_source = ""
    try:
        async for item in team.run_stream(task=job.task_with_tests):
            if isinstance(item, TaskResult):
                break
            if isinstance(item, TextMessage):
                last_source = item.source
                if item.source == "coder":
                    replies.append(item.content)
    except Exception as error:  # a failed model call or team error is this arm's result
        code, written = _last_code(replies)
        return ArmOutcome(
            code=code,
            attempts=max(written, 1),
            verdict="error",
            error=f"{type(error).__name__}: {error}",
            model_attempts=written,
        )
    code, written = _last_code(replies)
    if not written:
        return ArmOutcome(code="", attempts=1, verdict="no_code", model_attempts=0)
    claimed = last_source == "coder" and "TERMINATE" in replies[-1]
    verdict: Verdict = "success" if claimed else "failure"
    return ArmOutcome(code=code, attempts=written, verdict=verdict, model_attempts=written)


def _last_code(replies: Sequence[str]) -> tuple[str, int]:
    """The Python code of the last reply that had any, and how many replies had code."""
    codes = [python_code(extract_code_blocks(reply, ["python"]).blocks) for reply in replies]
    written = [c for c in codes if c]
    return (written[-1] if written else ""), len(written)


async def _alternative(arm: Framework, job: Job, endpoint: Endpoint, settings: ArmSettings) -> ArmOutcome:
    """smolagents or AG2 on the task with the visible tests written in, in its own interpreter."""
    run = await run_alternative(
        arm, job.task_with_tests, endpoint, attempts=settings.attempts, exec_timeout=settings.exec_timeout
    )
    code = graded_code(arm, run)
    written = _attempts_written(arm, run)
    usage = ArmUsage(
        model_calls=run.model_calls,
        prompt_tokens=run.prompt_tokens,
        completion_tokens=run.completion_tokens,
        seconds=run.seconds,
    )
    attempts = max(written, 1)
    if run.error is not None:
        return ArmOutcome(
            code=code, attempts=attempts, verdict="error", error=run.error, model_attempts=written, usage=usage
        )
    if not code:
        return ArmOutcome(code="", attempts=attempts, verdict="no_code", model_attempts=written, usage=usage)
    verdict: Verdict = "success" if run.claimed else "failure"
    return ArmOutcome(code=code, attempts=attempts, verdict=verdict, model_attempts=written, usage=usage)


def _attempts_written(arm: Framework, run: AlternativeRun) -> int:
    """Attempts the model wrote: smolagents' steps with code; AG2's coder replies with Python code."""
    if arm == "smolagents":
        return sum(bool(code.strip()) for code in run.codes)
    return sum(bool(python_code(extract_code_blocks(reply, ["python"]).blocks)) for reply in run.codes)
