"""Checking an attempt: run the generated code, then the tests the model cannot edit.

An attempt passes only when the program and the tests, run after it in the same file, exit with
code 0 (without tests, when the program does). The tests come from the agent's configuration, not
from the reply, so the model cannot edit them. Program and tests run once, together: a marker line
printed between them splits the output, so the program's output is shown once and a program that
exits before its tests cannot pass. Python tests are instrumented (``_test_report``) to report
every assert with its expected and actual values.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from inspect import iscoroutinefunction
from typing import Literal, Protocol, cast

from autogen_agentchat.agents import ApprovalRequest, ApprovalResponse
from autogen_agentchat.agents._code_executor_agent import ApprovalFuncType, AsyncApprovalFunc, SyncApprovalFunc
from autogen_core import CancellationToken
from autogen_core.code_executor import CodeBlock, CodeExecutor, CodeResult
from autogen_core.models import LLMMessage

from ._code_blocks import format_code_blocks
from ._mutation_report import MutationReport
from ._test_report import (
    IMPORTS_PROGRAM,
    TestReport,
    instrument_python_tests,
    parse_report,
    program_as_module,
    render_report,
    split_output,
    tests_start_line,
)
from ._test_report_js import IMPORTS_PROGRAM_JS, instrument_js_tests, program_as_module_js
from ._tracebacks import final_error
from .edits import copied_tests_start
from .sandboxes import TIMEOUT_EXIT_CODE

__all__ = [
    "CheckResult",
    "CheckStatus",
    "Checker",
    "ExecuteFn",
    "Verifier",
    "combined_source",
    "run_approved",
    "run_safely",
    "without_copied_tests",
]

logger = logging.getLogger(__name__)

CheckStatus = Literal["passed", "program_failed", "tests_failed", "weak_tests", "executor_error"]
"""``weak_tests``: written tests pass on the code but catch too few of its mutants (test writing)."""

ExecuteFn = Callable[[list[CodeBlock], CancellationToken], Awaitable[CodeResult]]

_EXITED_EARLY = (
    "The tests never ran: the program exited before reaching them. Remove any exit(), sys.exit() or "
    "process.exit() call that runs when the program is loaded."
)


@dataclass
class CheckResult:
    """The outcome of running one attempt's code and its tests.

    ``program`` holds the program's own output; ``tests`` the tests' output (harness lines removed)
    and their exit code; ``report`` each Python assert's result, when the tests were instrumented.
    In the test-writing job ``program`` is the pytest run of the written tests on the code, and
    ``mutation`` how they fared on its mutants.
    """

    status: CheckStatus
    program: CodeResult
    tests: CodeResult | None = None
    report: TestReport | None = None
    mutation: MutationReport | None = None
    checked: list[CodeBlock] | None = None
    """The code as it was finally checked, when the checker changed it (written tests with wrong
    asserts dropped); ``None`` when it ran as the model wrote it."""

    @property
    def passed(self) -> bool:
        return self.status == "passed"

    @property
    def exit_code(self) -> int:
        if self.tests is not None:
            return self.tests.exit_code
        return self.program.exit_code

    def test_counts(self) -> tuple[int, int] | None:
        """(asserts passed, asserts run), when the tests reported them."""
        if self.report is None:
            return None
        return self.report.passed, self.report.total

    def mutants_caught(self) -> tuple[int, int] | None:
        """(mutants caught, mutants run), when written tests ran on the code's mutants."""
        if self.mutation is None or self.mutation.caught is None:
            return None
        return self.mutation.killed, self.mutation.total

    def error_name(self) -> str | None:
        """The class of the error that failed the attempt (``NameError``, ``TS2304``...), if one did."""
        if self.report is not None:
            for result in self.report.results:
                if not result.passed and result.hung:
                    return "TimeoutError"
                if not result.passed and result.error:
                    return result.error.split(":", 1)[0].strip()
            if self.report.failed:
                return "AssertionError"
        failed = self.tests if self.tests is not None else self.program
        # Stopped by the time limit: what it printed then (Python's KeyboardInterrupt) is not what failed it.
        return "TimeoutError" if failed.exit_code == TIMEOUT_EXIT_CODE else final_error(failed.output)

    def as_code_result(self) -> CodeResult:
        """One ``CodeResult`` holding the full program and test output, for ``CodeExecutionEvent``."""
        output = self.program.output
        if self.tests is not None:
            tests = self.tests.output
            if self.report is not None:
                tests = f"{render_report(self.report, max_chars=20_000)}\n{tests}".rstrip() + "\n"
            output = _then(output, f"--- tests (exit code {self.tests.exit_code}) ---\n{tests}")
        if self.mutation is not None:
            report = self.mutation
            dropped = f"{report.dropped_text()}\n\n" if report.dropped else ""
            output = _then(output, f"{dropped}--- mutants: {report.summary()} ---\n{report.survivors_text()}")
        exit_code = 0 if self.passed else (self.exit_code or 1)
        return CodeResult(exit_code=exit_code, output=output)


def _then(output: str, section: str) -> str:
    """``section`` after ``output``, a blank line between them; a program that printed nothing adds no blank lines."""
    return f"{output.rstrip()}\n\n{section}" if output.strip() else section


class Checker(Protocol):
    """What the agent checks each attempt with: :class:`Verifier`, or the test-writing job's checker."""

    async def check(
        self, blocks: Sequence[CodeBlock], cancellation_token: CancellationToken, *, execute: ExecuteFn
    ) -> CheckResult: ...


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
        """Run ``blocks`` and the tests; an executor that raises counts as a failed run, not a crash."""
        run = execute or self._execute
        blocks = list(blocks)
        same = [b for b in blocks if b.language == self._tests_language]
        program: CodeResult | None = None
        # Blocks in another language than the tests' run on their own first; the rest run with the tests.
        if self._tests is None or len(same) < len(blocks):
            program, raised = await run_safely(run, blocks, cancellation_token)
            if raised:
                return CheckResult(status="executor_error", program=program)
            node = any(b.language in _NODE_LANGUAGES for b in blocks)
            if program.exit_code != 0 or (node and failed_console_assert(program.output)):
                return CheckResult(status="program_failed", program=program)
            if self._tests is None:
                return CheckResult(status="passed", program=program)

        assert self._tests is not None
        joined = "\n\n".join(b.code.rstrip() for b in same)
        program_source = without_copied_tests(joined, self._tests, self._tests_language)
        combined = combined_source(program_source, self._tests, self._tests_language, time_limit=self.time_limit())
        result, raised = await run_safely(
            run, [CodeBlock(code=combined, language=self._tests_language)], cancellation_token
        )
        if raised:
            return CheckResult(status="executor_error", program=program or result)
        before, after = split_output(result.output)
        if program is None:
            program = CodeResult(exit_code=result.exit_code if after is None else 0, output=before)
        if after is None:
            if result.exit_code != 0:
                return CheckResult(status="program_failed", program=program)
            return CheckResult(
                status="tests_failed", program=program, tests=CodeResult(exit_code=1, output=_EXITED_EARLY)
            )
        remaining, report = parse_report(after)
        tests = CodeResult(exit_code=result.exit_code, output=remaining)
        # A check that started and never reported (the run exited inside it) did not pass, whatever the exit code.
        finished = report is None or report.unfinished is None
        status: CheckStatus = "passed" if result.exit_code == 0 and finished else "tests_failed"
        if self._tests_language in _NODE_LANGUAGES and failed_console_assert(before):
            status = "program_failed"  # a check the program makes itself, above the tests
        return CheckResult(status=status, program=program, tests=tests, report=report)

    def time_limit(self) -> float | None:
        """The sandbox's limit on one run, if it has one, read each time (the command line lowers it after a
        hang)."""
        limit = getattr(self._executor, "timeout", None)
        return float(limit) if isinstance(limit, int | float) and limit > 0 else None

    async def _execute(self, blocks: list[CodeBlock], cancellation_token: CancellationToken) -> CodeResult:
        return await self._executor.execute_code_blocks(blocks, cancellation_token=cancellation_token)


_NODE_LANGUAGES = ("javascript", "typescript")
_NODE_ASSERT = re.compile(r"^Assertion failed(?::.*)?$", re.MULTILINE)


def failed_console_assert(output: str) -> str | None:
    """The line Node prints for a failed ``console.assert``, if a run's output has one: Node only prints it,
    and the run exits 0, but a failed check is a failure."""
    found = _NODE_ASSERT.search(output)
    return found.group(0) if found else None


def without_copied_tests(program: str, tests: str, language: str) -> str:
    """``program`` without the copy of ``tests`` at its end: a model may write them into its answer, and run twice
    they fail on their own (a JavaScript ``const`` declared twice is a syntax error). In a language the edits
    parse, the copy is the run of statements :func:`~autogen_selfdebug.edits.copied_tests_start` finds (the tests'
    own, or a rewrite of one of their helpers); else, or when the program does not parse, an exact copy of the
    tests' text. Nothing but a copy is left as it is, for the run to judge."""
    start = copied_tests_start(program, tests, language)
    if start is not None:
        return program[:start].rstrip() + "\n"
    body, copy = program.rstrip(), tests.strip()
    if not copy or not body.endswith(copy):
        return program
    rest = body[: -len(copy)]
    return rest.rstrip() + "\n" if rest.strip() and rest.endswith("\n") else program


def combined_source(
    program: str, tests: str, language: str, *, detail: bool = True, time_limit: float | None = None
) -> str:
    """The program followed by its tests, as one file of ``language``: the tests instrumented to report
    each check, after a marker line that splits the output. The program's line numbers are unchanged.
    ``detail=False`` leaves out the trace of a failing Python call, and ``time_limit`` (the sandbox's, in
    seconds) lets a hanging Python check stop before it and say where it was (see ``instrument_python_tests``)."""
    if language == "python":
        if IMPORTS_PROGRAM in tests:
            program = program_as_module(program)
        lines = len(program.splitlines())
        harness = instrument_python_tests(tests, program_lines=lines, detail=detail, time_limit=time_limit)
        comment = "#"
    elif language in ("javascript", "typescript"):
        if IMPORTS_PROGRAM_JS in tests:
            program = program_as_module_js(program, language)
        comment, harness = "//", instrument_js_tests(tests, language, program=program)
    else:
        comment, harness = "#", f"{tests_start_line(language)}\n{tests}"
    return f"{program}\n\n{comment} ---- tests (fixed; not part of the answer) ----\n{harness}"


async def run_safely(
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


async def run_approved(
    executor: CodeExecutor,
    blocks: list[CodeBlock],
    cancellation_token: CancellationToken,
    approval_func: ApprovalFuncType | None,
    context: list[LLMMessage],
) -> CodeResult:
    """Run blocks once ``approval_func`` (if any) agrees; a refusal is a failed run that says why."""
    if approval_func is not None:
        request = ApprovalRequest(code=format_code_blocks(blocks), context=context)
        if iscoroutinefunction(approval_func):
            answer: ApprovalResponse = await cast(AsyncApprovalFunc, approval_func)(request)
        else:
            answer = cast(SyncApprovalFunc, approval_func)(request)
        if not answer.approved:
            return CodeResult(exit_code=1, output=f"Code execution was not approved. Reason: {answer.reason}")
    # Upstream executors link the token only to starting the process, so a cancel would wait for the
    # timeout. Linking the whole call makes any executor stop at once; some swallow the cancel and
    # return a result, so the token is checked again afterwards.
    task = asyncio.ensure_future(executor.execute_code_blocks(blocks, cancellation_token=cancellation_token))
    cancellation_token.link_future(task)
    result = await task
    if cancellation_token.is_cancelled():
        raise asyncio.CancelledError("The run was cancelled during code execution.")
    return result
