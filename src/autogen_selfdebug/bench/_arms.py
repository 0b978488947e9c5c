"""The arms: one generation (single shot), upstream ``CodeExecutorAgent``, and ours, twice.

``ours`` honours the model's "stop" decisions; ``ours_keep_going`` is ours with
``stop_on_decision=False``, the setting the command line uses for small local models, which say
"stop" too eagerly. Everything else about the two is the same.

Every arm gets the same model client (wrapped by the caller to count calls), a fresh local
sandbox of its own, and the same task text. The arms that cannot run tests separately get the
visible tests written into the task; ours gets them as ``tests=``. No arm gets the hidden tests:
grading happens after the arm returns, in ``_humaneval.grade``.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from autogen_agentchat.agents import CodeExecutorAgent
from autogen_agentchat.messages import CodeExecutionEvent, CodeGenerationEvent
from autogen_core import CancellationToken
from autogen_core.code_executor import CodeBlock
from autogen_core.models import ChatCompletionClient, LLMMessage, SystemMessage, UserMessage

from .. import RunSummary, SelfDebuggingCodeExecutorAgent, extract_code_blocks, normalize_language
from ..sandboxes import LocalSandbox
from ._humaneval import Problem, task_text

__all__ = ["ARMS", "ArmName", "ArmOutcome", "ArmSettings", "run_arm"]

ArmName = Literal["single_shot", "autogen", "ours", "ours_keep_going"]
ARMS: tuple[ArmName, ...] = ("single_shot", "autogen", "ours", "ours_keep_going")

Verdict = Literal["success", "failure", "no_code", "error"]

_SINGLE_SHOT_SYSTEM = SelfDebuggingCodeExecutorAgent.DEFAULT_SYSTEM_MESSAGE.replace("{languages}", "python")


@dataclass(frozen=True)
class ArmSettings:
    """What every arm shares: the attempt budget ``k`` and the sandbox time limit."""

    attempts: int = 4
    exec_timeout: int = 10
    reflect: bool = False


@dataclass(frozen=True)
class ArmOutcome:
    """What an arm produced: its final code, attempts used, and its own verdict on its code."""

    code: str
    attempts: int
    verdict: Verdict
    error: str | None = None


async def run_arm(arm: ArmName, problem: Problem, client: ChatCompletionClient, settings: ArmSettings) -> ArmOutcome:
    """Run one arm on one problem. An exception inside the arm is recorded, not raised."""
    async with LocalSandbox(timeout=settings.exec_timeout) as sandbox:
        if arm == "single_shot":
            return await _single_shot(problem, client, sandbox)
        if arm == "autogen":
            return await _autogen(problem, client, sandbox, settings)
        return await _ours(problem, client, sandbox, settings, stop_on_decision=arm == "ours")


def python_code(blocks: Sequence[CodeBlock]) -> str:
    """The Python blocks of a reply, joined; untagged blocks count as Python."""
    return "\n\n".join(b.code for b in blocks if normalize_language(b.language or "python") == "python")


async def _single_shot(problem: Problem, client: ChatCompletionClient, sandbox: LocalSandbox) -> ArmOutcome:
    """One generation and one execution; no retries, no decisions, no reflection."""
    messages: list[LLMMessage] = [
        SystemMessage(content=_SINGLE_SHOT_SYSTEM),
        UserMessage(content=task_text(problem, with_tests=True), source="user"),
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


async def _autogen(
    problem: Problem, client: ChatCompletionClient, sandbox: LocalSandbox, settings: ArmSettings
) -> ArmOutcome:
    """Upstream ``CodeExecutorAgent`` with ``max_retries_on_error = k - 1``; its final code is the
    last ``CodeGenerationEvent`` that carried code."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", category=UserWarning)
        agent = CodeExecutorAgent("coder", sandbox, model_client=client, max_retries_on_error=settings.attempts - 1)
    code, attempts, last_exit = "", 0, None
    try:
        async for item in agent.run_stream(task=task_text(problem, with_tests=True)):
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
    problem: Problem,
    client: ChatCompletionClient,
    sandbox: LocalSandbox,
    settings: ArmSettings,
    *,
    stop_on_decision: bool,
) -> ArmOutcome:
    """``SelfDebuggingCodeExecutorAgent`` with k attempts and the visible tests as ``tests=``."""
    tests = problem.visible_tests or None
    agent = SelfDebuggingCodeExecutorAgent(
        "coder",
        sandbox,
        model_client=client,
        max_retries_on_error=settings.attempts - 1,
        tests=tests,
        reflect_on_success=settings.reflect,
        stop_on_decision=stop_on_decision,
    )
    try:
        result = await agent.run(task=task_text(problem, with_tests=False))
    except Exception as error:  # e.g. ModelCallError: recorded as this arm's failure
        attempts = len(agent.attempts) or 1
        return ArmOutcome(code="", attempts=attempts, verdict="error", error=f"{type(error).__name__}: {error}")
    summary = RunSummary.from_metadata(result.messages[-1].metadata)
    if summary is None:
        return ArmOutcome(code="", attempts=1, verdict="error", error="the final message carried no run summary")
    code = python_code(extract_code_blocks(summary.code, ["python"]).blocks)
    return ArmOutcome(code=code, attempts=max(summary.attempts, 1), verdict=summary.outcome)
