"""Checking an attempt: run the generated code, then the tests the model cannot edit.

An attempt passes only when the program exits with code 0 and, if tests were given, the tests
also exit with code 0. The tests run after the program, in the same executor, appended to the
program's source so they can call what it defines. The model never gets a chance to edit them:
they come from the agent's configuration, not from the reply.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from autogen_core import CancellationToken
from autogen_core.code_executor import CodeBlock, CodeExecutor, CodeResult

__all__ = ["CheckResult", "CheckStatus", "Verifier"]

logger = logging.getLogger(__name__)

CheckStatus = Literal["passed", "program_failed", "tests_failed", "executor_error"]

ExecuteFn = Callable[[list[CodeBlock], CancellationToken], Awaitable[CodeResult]]


@dataclass
class CheckResult:
    """The outcome of running one attempt's code and its tests."""

    status: CheckStatus
    program: CodeResult
    tests: CodeResult | None = None

    @property
    def passed(self) -> bool:
        return self.status == "passed"

    @property
    def exit_code(self) -> int:
        if self.tests is not None:
            return self.tests.exit_code
        return self.program.exit_code

    def as_code_result(self) -> CodeResult:
        """One ``CodeResult`` holding the full program and test output, for ``CodeExecutionEvent``."""
        output = self.program.output
        if self.tests is not None:
            output = f"{output.rstrip()}\n\n--- tests (exit code {self.tests.exit_code}) ---\n{self.tests.output}"
        exit_code = 0 if self.passed else (self.exit_code or 1)
        return CodeResult(exit_code=exit_code, output=output)


class Verifier:
    """Runs code blocks and the fixed tests through a :class:`CodeExecutor`.

    Args:
        executor: The sandbox that runs everything.
        tests: Test code, run after the program. ``None`` means an attempt passes on exit code 0.
        tests_language: Language of ``tests``; the program's blocks in that language are prepended to it.
    """

    def __init__(self, executor: CodeExecutor, *, tests: str | None = None, tests_language: str = "python") -> None:
        self._executor = executor
        self._tests = tests
        self._tests_language = tests_language

    @property
    def tests(self) -> str | None:
        return self._tests

    async def check(
        self,
        blocks: Sequence[CodeBlock],
        cancellation_token: CancellationToken,
        *,
        execute: ExecuteFn | None = None,
    ) -> CheckResult:
        """Run ``blocks``, then the tests; an executor that raises counts as a failed run, not a crash."""
        run = execute or self._execute
        program, raised = await self._run_safely(run, list(blocks), cancellation_token)
        if raised:
            return CheckResult(status="executor_error", program=program)
        if program.exit_code != 0:
            return CheckResult(status="program_failed", program=program)
        if self._tests is None:
            return CheckResult(status="passed", program=program)

        source = "\n\n".join(b.code.rstrip() for b in blocks if b.language == self._tests_language)
        comment = "//" if self._tests_language in ("javascript", "typescript") else "#"
        combined = f"{source}\n\n{comment} ---- tests (fixed; not part of the answer) ----\n{self._tests}"
        test_blocks = [CodeBlock(code=combined, language=self._tests_language)]
        tests, raised = await self._run_safely(run, test_blocks, cancellation_token)
        if raised:
            return CheckResult(status="executor_error", program=program, tests=tests)
        return CheckResult(status="passed" if tests.exit_code == 0 else "tests_failed", program=program, tests=tests)

    async def _execute(self, blocks: list[CodeBlock], cancellation_token: CancellationToken) -> CodeResult:
        return await self._executor.execute_code_blocks(blocks, cancellation_token=cancellation_token)

    @staticmethod
    async def _run_safely(
        run: ExecuteFn, blocks: list[CodeBlock], cancellation_token: CancellationToken
    ) -> tuple[CodeResult, bool]:
        """Run, turning an executor exception into a failed result; the bool says whether it raised."""
        try:
            return await run(blocks, cancellation_token), False
        except (asyncio.CancelledError, KeyboardInterrupt):
            raise
        except Exception as error:  # the sandbox's failure is shown to the model as a failed run
            if cancellation_token.is_cancelled():
                raise asyncio.CancelledError() from error
            logger.warning("Code executor raised %s: %s", type(error).__name__, error)
            return CodeResult(exit_code=1, output=f"The code executor raised {type(error).__name__}: {error}"), True
