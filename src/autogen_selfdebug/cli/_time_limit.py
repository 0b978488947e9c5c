"""A shorter time limit for the later attempts, once the program as given has hung.

A program that loops forever costs the sandbox's whole timeout (60 s by default) on every run, and
the model's rewrites of it often loop too. When the program as given runs out of time and the user
did not choose ``--timeout``, each later attempt's run gets a shorter limit: a fix of a small
program runs in seconds. The repair search is left alone, since it bounds its own runs.

The sandbox's own timeout cannot change once it has started, so :class:`TimeLimitedSandbox` wraps
it and stops a run that takes too long by cancelling it (the sandboxes kill the process group on
cancellation). Such a run reports exit code 124, as the sandboxes' own timeouts do, though the
output printed before it was stopped is lost.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

from autogen_agentchat.base import TaskResult
from autogen_agentchat.messages import BaseAgentEvent, BaseChatMessage, CodeExecutionEvent, ThoughtEvent
from autogen_core import CancellationToken
from autogen_core.code_executor import CodeBlock, CodeExecutor, CodeResult
from rich.console import Console

from ..sandboxes import TIMEOUT_EXIT_CODE

__all__ = ["AFTER_HANG_SECONDS", "TimeLimitedSandbox"]

AFTER_HANG_SECONDS = 10
"""The limit on each later attempt's run once the program as given has hung."""

Stream = AsyncIterator[BaseAgentEvent | BaseChatMessage | TaskResult]


class TimeLimitedSandbox(CodeExecutor):
    """A sandbox whose runs can be held to a shorter limit than its own timeout, from some point on.

    Args:
        sandbox: The sandbox that runs the code (started and stopped by its owner).
        timeout: The sandbox's own timeout, in seconds, as the user set it.
        lower_after_hang: Whether a hang of the program as given lowers the limit of later runs
            (off when the user chose ``--timeout``: that choice stands).
    """

    def __init__(self, sandbox: CodeExecutor, *, timeout: float, lower_after_hang: bool) -> None:
        self._sandbox = sandbox
        self._timeout = timeout
        self._lower_after_hang = lower_after_hang
        self._limit: float | None = None
        self._searching = False
        self._first_run_seen = False

    # What the agent reads off its executor, passed through.
    @property
    def supported_languages(self) -> object:
        return getattr(self._sandbox, "supported_languages", None)

    @property
    def installed_packages(self) -> object:
        return getattr(self._sandbox, "installed_packages", None)

    @property
    def can_install(self) -> bool:
        return bool(getattr(self._sandbox, "can_install", False))

    @property
    def timeout(self) -> float:
        """The limit the next run is held to, in seconds (the checks' tests stop a hang just before it)."""
        limit = self._held_to()
        return self._timeout if limit is None else min(limit, self._timeout)

    def _held_to(self) -> float | None:
        """The lowered limit on the next run, if one applies (the search bounds its own runs)."""
        return None if self._searching else self._limit

    @property
    def limit(self) -> float | None:
        """The lowered limit on a run, in seconds, once set."""
        return self._limit

    def lower_to(self, seconds: float) -> None:
        """Hold every later run (but the search's) to ``seconds``."""
        self._limit = seconds

    async def start(self) -> None:
        await self._sandbox.start()

    async def stop(self) -> None:
        await self._sandbox.stop()

    async def restart(self) -> None:
        await self._sandbox.restart()

    async def execute_code_blocks(
        self, code_blocks: list[CodeBlock], cancellation_token: CancellationToken
    ) -> CodeResult:
        limit = self._held_to()
        if limit is None:
            return await self._sandbox.execute_code_blocks(code_blocks, cancellation_token)
        inner = CancellationToken()
        cancellation_token.add_callback(inner.cancel)
        task = asyncio.ensure_future(self._sandbox.execute_code_blocks(code_blocks, inner))
        inner.link_future(task)
        try:
            done, _ = await asyncio.wait({task}, timeout=limit)
        except BaseException:
            task.cancel()
            raise
        if task in done:
            return task.result()
        inner.cancel()
        try:
            await task
        except asyncio.CancelledError:
            if cancellation_token.is_cancelled():
                raise
        if cancellation_token.is_cancelled():
            raise asyncio.CancelledError("The run was cancelled during code execution.")
        return CodeResult(
            exit_code=TIMEOUT_EXIT_CODE,
            output=f"\n[timeout: execution stopped after {limit:g} s (lowered: the program as given hung)]\n",
        )

    async def watch(self, stream: Stream, console: Console) -> Stream:
        """Pass the agent's events through, noting when the search runs and whether the program as
        given ran out of time; say so when that lowers the limit."""
        async for item in stream:
            yield item
            # After the yield: the event has been shown, and the agent has not yet gone on.
            if isinstance(item, ThoughtEvent) and item.metadata.get("kind") in ("search_start", "search"):
                self._searching = item.metadata["kind"] == "search_start"
            elif isinstance(item, CodeExecutionEvent) and not self._first_run_seen:
                # The first run is the program as given (the CLI always starts from it).
                self._first_run_seen = True
                if item.result.exit_code == TIMEOUT_EXIT_CODE:
                    console.print(self._hung())

    def _hung(self) -> str:
        said = f"[yellow]The program as given ran out of time (the limit is {self._timeout:g} s): it may loop forever."
        if not self._lower_after_hang or self._timeout <= AFTER_HANG_SECONDS:
            return f"{said}[/] Each attempt may take as long (--timeout sets the limit)."
        self.lower_to(AFTER_HANG_SECONDS)
        return f"{said}[/] Later attempts get {AFTER_HANG_SECONDS} s each (--timeout sets the limit)."
