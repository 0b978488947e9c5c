"""How attempts are written into the model context.

Every message the model sees about an attempt is built here: the execution feedback (exit code,
bounded output, test results), the retry decision, the corrective notes for unusable replies, the
tests shown up front, and the summary written when the agent gives up. Keeping them in one place
keeps their wording consistent and their size bounded.
"""

from __future__ import annotations

from collections.abc import Sequence

from ._attempts import Attempt
from ._verification import CheckResult

__all__ = [
    "DEFAULT_MAX_OUTPUT_CHARS",
    "execution_feedback",
    "failure_summary",
    "truncate_output",
]

DEFAULT_MAX_OUTPUT_CHARS = 4000
"""Default size of execution output stored in the context: about 1,000 tokens, head and tail kept."""


def truncate_output(text: str, max_chars: int = DEFAULT_MAX_OUTPUT_CHARS) -> str:
    """Cut ``text`` to about ``max_chars``, keeping its head and tail with a marker between them.

    Tracebacks put the cause at the end and the context at the start, so both halves matter.

    Example:
        >>> truncate_output("a" * 50 + "b" * 50, max_chars=20)
        'aaaaaaaaaa\\n[... 80 characters cut ...]\\nbbbbbbbbbb'
    """
    if max_chars <= 0 or len(text) <= max_chars:
        return text
    head = max_chars // 2
    tail = max_chars - head
    cut = len(text) - head - tail
    return f"{text[:head]}\n[... {cut} characters cut ...]\n{text[-tail:]}"


def _section(title: str, exit_code: int, output: str, max_chars: int) -> str:
    body = truncate_output(output.strip(), max_chars) or "(no output)"
    return f"{title} (exit code {exit_code}):\n{body}"


def execution_feedback(check: CheckResult, *, max_chars: int = DEFAULT_MAX_OUTPUT_CHARS) -> str:
    """What the model sees after its code ran: verdict, exit codes, bounded output and test results."""
    if check.status == "executor_error":
        failed = check.tests or check.program
        return f"The code could not be run: the sandbox failed.\n{truncate_output(failed.output, max_chars)}"

    budget = max_chars if check.tests is None else max_chars // 2
    parts = [_section("Program output", check.program.exit_code, check.program.output, budget)]
    if check.tests is not None:
        parts.append(_section("Test output", check.tests.exit_code, check.tests.output, budget))

    if check.status == "passed":
        verdict = "The code ran successfully." if check.tests is None else "The code ran and all tests passed."
    elif check.status == "program_failed":
        verdict = "The code failed: it exited with a non-zero exit code."
    else:
        verdict = "The code ran, but the tests failed. The tests are fixed: change the code, not the tests."
    return "\n\n".join([verdict, *parts])


def tests_notice(tests: str, language: str) -> str:
    """Shown once, before the first attempt, so the model knows what its code must satisfy."""
    return (
        "Your code will be checked by running these tests after it, in the same file. "
        "You cannot change them; do not copy them into your answer.\n"
        f"```{language}\n{tests.rstrip()}\n```"
    )


def decision_note(retry: bool, reason: str) -> str:
    """The retry decision, as it is kept in the context for the next generation."""
    if retry:
        return (
            f"Retry decision: retry.\nReason and proposed fix: {reason}\n\n"
            "Write the complete corrected program in a single fenced code block."
        )
    return f"Retry decision: stop.\nReason: {reason}"


def no_code_note(languages: Sequence[str]) -> str:
    return (
        "Your reply contained no code block, so nothing was run. Reply with the complete program "
        f"in a single fenced code block tagged with its language (one of: {', '.join(languages)})."
    )


def truncated_note() -> str:
    return (
        "Your reply was cut off at the token limit before the code was complete, so nothing was run. "
        "Reply again with shorter code and little or no explanation, in a single fenced code block."
    )


def unsupported_note(found: Sequence[str], languages: Sequence[str]) -> str:
    return (
        f"This sandbox cannot run {', '.join(found)} code, so nothing was run. "
        f"Supported languages: {', '.join(languages)}. Rewrite the program in one of them."
    )


def repeated_code_note(index: int) -> str:
    """Small models often resend the code that just failed; say so, so the next reply changes something."""
    return (
        f"This is exactly the code of attempt {index + 1}, which failed the same way. "
        "Do not send it again: change the code to fix the error above."
    )


def failure_summary(attempts: Sequence[Attempt], *, max_chars: int = DEFAULT_MAX_OUTPUT_CHARS) -> str:
    """The final message when the agent gives up: each attempt in a line, then the last error and code."""
    lines = [f"The code still fails after {len(attempts)} attempt(s)."]
    for attempt in attempts:
        status = "passed" if attempt.passed else attempt.kind.replace("_", " ")
        if attempt.kind == "executed" and not attempt.passed:
            status = f"failed (exit code {attempt.exit_code})"
        line = f"- attempt {attempt.index + 1}: {status}"
        if attempt.retry is not None:
            line += f"; decision: {'retry' if attempt.retry else 'stop'} ({attempt.reason})"
        lines.append(line)
    executed = [a for a in attempts if a.kind == "executed"]
    if executed:
        last = executed[-1]
        lines += ["", "Last error:", truncate_output(last.output.strip(), max_chars), "", "Last code:", last.code]
    return "\n".join(lines)
