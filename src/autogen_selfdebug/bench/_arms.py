"""The arms: single shot, upstream ``CodeExecutorAgent``, ours with each retry strategy, and the cascade.

* ``single_shot``: one generation, one run; ``single_shot_retry_model`` the same on the retry
  model, so that a cascade's gain is not simply "use the bigger model";
* ``autogen``: upstream ``CodeExecutorAgent`` with ``max_retries_on_error = k - 1``;
* ``ours_repair``, ``ours_restart``, ``ours``: our agent with ``RetryStrategy("repair")``,
  ``RetryStrategy("restart")`` and the default adaptive policy;
* ``cascade``: ours (adaptive) with the retry model as ``retry_model_client``;
  ``ours_retry_model``: ours with the retry model alone, to weigh the cascade's time against it.

Every arm gets the same model clients (wrapped by the caller to count calls), a fresh local
sandbox of its own, and the same task text. The arms that cannot run tests separately get the
visible tests written into the task; ours gets them as ``tests=``. No arm gets the hidden tests:
grading happens after the arm returns, in ``_humaneval.grade``.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, get_args

from autogen_agentchat.agents import CodeExecutorAgent
from autogen_agentchat.messages import CodeExecutionEvent, CodeGenerationEvent
from autogen_core import CancellationToken
from autogen_core.code_executor import CodeBlock
from autogen_core.models import ChatCompletionClient, LLMMessage, SystemMessage, UserMessage

from .. import (
    RetryStrategy,
    RunSummary,
    SelfDebuggingCodeExecutorAgent,
    StrategyMode,
    extract_code_blocks,
    normalize_language,
)
from ..sandboxes import LocalSandbox

__all__ = ["ARMS", "RETRY_MODEL_ARMS", "ArmName", "ArmOutcome", "ArmSettings", "Job", "Models", "run_arm"]

ArmName = Literal[
    "single_shot",
    "autogen",
    "ours_repair",
    "ours_restart",
    "ours",
    "cascade",
    "single_shot_retry_model",
    "ours_retry_model",
]
ARMS: tuple[ArmName, ...] = get_args(ArmName)
RETRY_MODEL_ARMS: tuple[ArmName, ...] = ("cascade", "single_shot_retry_model", "ours_retry_model")
"""The arms that need ``--retry-model``."""

_STRATEGIES: dict[str, StrategyMode] = {"ours_repair": "repair", "ours_restart": "restart"}

Verdict = Literal["success", "failure", "no_code", "error"]

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
    """

    task_id: str
    task: str
    task_with_tests: str
    tests: str | None


@dataclass(frozen=True)
class Models:
    """The main model and, for the cascade arms, the retry model."""

    main: ChatCompletionClient
    retry: ChatCompletionClient | None = None


@dataclass(frozen=True)
class ArmOutcome:
    """What an arm produced: its final code, attempts used, and its own verdict on its code."""

    code: str
    attempts: int
    verdict: Verdict
    error: str | None = None


async def run_arm(arm: ArmName, job: Job, models: Models, settings: ArmSettings) -> ArmOutcome:
    """Run one arm on one job. An exception inside the arm is recorded, not raised."""
    if arm in RETRY_MODEL_ARMS and models.retry is None:
        raise ValueError(f"The {arm} arm needs a retry model (--retry-model).")
    async with LocalSandbox(timeout=settings.exec_timeout) as sandbox:
        if arm == "single_shot":
            return await _single_shot(job, models.main, sandbox)
        if arm == "single_shot_retry_model":
            assert models.retry is not None
            return await _single_shot(job, models.retry, sandbox)
        if arm == "autogen":
            return await _autogen(job, models.main, sandbox, settings)
        strategy = RetryStrategy(_STRATEGIES.get(arm, "adaptive"))
        if arm == "ours_retry_model":
            assert models.retry is not None
            return await _ours(job, models.retry, sandbox, settings, strategy=strategy, retry_client=None)
        retry_client = models.retry if arm == "cascade" else None
        return await _ours(job, models.main, sandbox, settings, strategy=strategy, retry_client=retry_client)


def python_code(blocks: Sequence[CodeBlock]) -> str:
    """The Python blocks of a reply, joined; untagged blocks count as Python."""
    return "\n\n".join(b.code for b in blocks if normalize_language(b.language or "python") == "python")


async def _single_shot(job: Job, client: ChatCompletionClient, sandbox: LocalSandbox) -> ArmOutcome:
    """One generation and one execution; no retries, no decisions, no reflection."""
    messages: list[LLMMessage] = [
        SystemMessage(content=_SINGLE_SHOT_SYSTEM),
        UserMessage(content=job.task_with_tests, source="user"),
    ]
    try:
        result = await client.create(messages)
    except Exception as error:  # a failed model call is this arm's result, not the benchmark's crash
        return ArmOutcome(code="", attempts=1, verdict="error", error=f"{type(error).__name__}: {error}")
    content = result.content if isinstance(result.content, str) else str(result.content)
    code = python_code(extract_code_blocks(content, ["python"]).blocks)
    if not code:
        return ArmOutcome(code="", attempts=1, verdict="no_code")
    run = await sandbox.execute_code_blocks([CodeBlock(code=code, language="python")], CancellationToken())
    return ArmOutcome(code=code, attempts=1, verdict="success" if run.exit_code == 0 else "failure")


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
        return ArmOutcome(code="", attempts=1, verdict="no_code")
    return ArmOutcome(code=code, attempts=attempts, verdict="success" if last_exit == 0 else "failure")


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
    )
    try:
        result = await agent.run(task=job.task)
    except Exception as error:  # e.g. ModelCallError: recorded as this arm's failure
        attempts = len(agent.attempts) or 1
        return ArmOutcome(code="", attempts=attempts, verdict="error", error=f"{type(error).__name__}: {error}")
    summary = RunSummary.from_metadata(result.messages[-1].metadata)
    if summary is None:
        return ArmOutcome(code="", attempts=1, verdict="error", error="the final message carried no run summary")
    code = python_code(extract_code_blocks(summary.code, ["python"]).blocks)
    return ArmOutcome(code=code, attempts=max(summary.attempts, 1), verdict=summary.outcome)
