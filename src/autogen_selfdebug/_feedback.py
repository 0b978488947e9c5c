"""How attempts are written into the model context.

Every message the model sees about an attempt is built here: the execution feedback (exit code,
bounded output, test results), the retry decision, the corrective notes for unusable replies, the
tests shown up front, and the summary written when the agent gives up. Keeping them in one place
keeps their wording consistent and their size bounded.
"""

from __future__ import annotations

from collections.abc import Sequence

from autogen_core.models import LLMMessage, UserMessage

from ._attempts import Attempt, AttemptKind, RunSummary
from ._code_blocks import ExtractedCode
from ._mutation_testing import mutation_feedback
from ._test_report import render_report
from ._tracebacks import trim_traceback, waited_for_input
from ._verification import CheckResult, failed_console_assert

__all__ = [
    "DEFAULT_MAX_OUTPUT_CHARS",
    "classify_reply",
    "execution_feedback",
    "failure_summary",
    "final_text",
    "no_input_note",
    "outline_digest",
    "resent_stop",
    "restart_digest",
    "rewrite_ask",
    "rewrite_prompt",
    "truncate_output",
    "unusable_note",
    "waits_for_input_stop",
    "with_outline",
]

# Replies with no code that say the task cannot be done end the run instead of being retried.
_DECLINE_MARKERS = (
    "not supported",
    "cannot help",
    "can't help",
    "cannot assist",
    "can't assist",
    "unable to help",
    "unable to assist",
    "i cannot do",
    "i can't do",
    "i won't",
    "i will not",
    "i'm sorry, but",
    "i am sorry, but",
    "not possible to",
    "is impossible",
)

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


def _section(title: str, exit_code: int | None, output: str, max_chars: int) -> str:
    body = truncate_output(trim_traceback(output).strip(), max_chars) or "(no output)"
    return f"{title}:\n{body}" if exit_code is None else f"{title} (exit code {exit_code}):\n{body}"


def execution_feedback(check: CheckResult, *, max_chars: int = DEFAULT_MAX_OUTPUT_CHARS, internals: bool = True) -> str:
    """What the model sees after its code ran: the verdict, the program's output once, and the tests'
    results (each failing assert's call, expected and actual values when they were counted), with
    library frames cut from tracebacks and every part bounded. ``internals=False``: the tests' results
    without the lines the code ran and its locals (``render_report``), for a model not shown the code."""
    if check.status == "executor_error":
        failed = check.tests or check.program
        return f"The code could not be run: the sandbox failed.\n{truncate_output(failed.output, max_chars)}"
    if check.mutation is not None:
        output = truncate_output(trim_traceback(check.program.output).strip(), max_chars) or "(no output)"
        return mutation_feedback(check, check.mutation, output=output)

    budget = max_chars if check.tests is None else max_chars // 2
    program_exit = None if check.tests is not None else check.program.exit_code
    parts = [_section("Program output", program_exit, check.program.output, budget)]
    report = check.report
    if check.tests is not None and report is not None:
        parts.append(render_report(report, max_chars=budget, internals=internals))
        if check.tests.output.strip() and not check.passed:
            parts.append(_section("Other test output", None, check.tests.output, budget // 2))
    elif check.tests is not None:
        parts.append(_section("Test output", check.tests.exit_code, check.tests.output, budget))

    if check.status == "passed":
        verdict = "The code ran successfully." if check.tests is None else "The code ran and all tests passed."
    elif check.status == "program_failed" and check.error_name() == "TimeoutError":
        verdict = (
            "The code ran out of time and was stopped: it may loop forever. A traceback in its output shows the "
            "line it was running when it was stopped."
        )
    elif (
        check.status == "program_failed"
        and check.program.exit_code == 0
        and (line := failed_console_assert(check.program.output))
    ):
        verdict = (
            f"The code failed: a console.assert in it failed (`{line}`; Node only prints a failed "
            "console.assert, but here it counts as a failure)."
        )
    elif check.status == "program_failed":
        verdict = "The code failed: it exited with a non-zero exit code."
    elif report is not None and any(r.hung for r in report.results):
        verdict = (
            "The code ran out of time: a test's call was still running when it was stopped, at the line "
            "shown. The tests are fixed: change the code, not the tests."
        )
    elif report is not None and report.failed:
        verdict = (
            f"The code ran, but {report.failed} of {report.total} test asserts failed. "
            "The tests are fixed: change the code, not the tests."
        )
    else:
        verdict = "The code ran, but the tests failed. The tests are fixed: change the code, not the tests."
    return "\n\n".join([verdict, *parts])


def tests_notice(tests: str, language: str) -> str:
    """Shown once, before the first attempt, so the model knows what its code must satisfy (without the
    blank lines that may lead them, there to keep their lines the file's)."""
    shown = tests.lstrip("\n").rstrip()
    return (
        "Your code will be checked by running these tests after it, in the same file. "
        "You cannot change them; do not copy them into your answer.\n"
        f"```{language}\n{shown}\n```"
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


def classify_reply(found: ExtractedCode, content: str, finish_reason: str) -> AttemptKind | None:
    """``None`` for a reply with runnable code; otherwise why it cannot run (or that it declines)."""
    if found.unterminated or (finish_reason == "length" and not found.blocks):
        return "truncated"
    if found.blocks:
        return None
    if found.unsupported:
        return "unsupported_language"
    lowered = content.lower()
    if len(content) < 800 and any(marker in lowered for marker in _DECLINE_MARKERS):
        return "declined"
    return "no_code"


def unusable_note(kind: AttemptKind, found: ExtractedCode, languages: Sequence[str]) -> str:
    """The corrective note for a reply that could not run."""
    if kind == "truncated":
        return truncated_note()
    if kind == "unsupported_language":
        return unsupported_note(found.unsupported, languages)
    return no_code_note(languages)


_DIGEST_CHARS = 1500


def restart_digest(failed: int, last_feedback: str, *, evidence: Sequence[str] = ()) -> str:
    """What a restarted attempt sees instead of the failed history: that it failed, and how, without its code,
    and what the repair search learned. ``failed`` counts the model's attempts; 0 means only the program
    as given has run."""
    if failed == 0:
        head = "The program as given was run with the tests, and failed."
    else:
        head = (
            f"{failed} earlier attempt(s) at this task failed. Their code is not shown: write a new program from "
            "scratch rather than patching an old one."
        )
    found = "".join(f"\n\nThe repair search found that {line}" for line in evidence)
    return (
        f"{head}\n\nWhat was reported on the last attempt:\n"
        f"{truncate_output(last_feedback.strip(), _DIGEST_CHARS)}{found}\n\n"
        "Reply with the complete program in a single fenced code block."
    )


def rewrite_prompt(program: str, language: str, tests: str, report: str) -> str:
    """What every call for a line's rewrite starts with: the failed program, the tests and the last report. The
    calls differ only in :func:`rewrite_ask` after it, so a server that keeps the prompt's prefix evaluates it
    once."""
    return (
        f"This {language} program has a bug. It is checked by tests that run after it.\n\n"
        f"```{language}\n{program.rstrip()}\n```\n\nThe tests:\n```{language}\n"
        f"{truncate_output(tests.rstrip(), DEFAULT_MAX_OUTPUT_CHARS)}\n```\n\n"
        f"{truncate_output(report.strip(), DEFAULT_MAX_OUTPUT_CHARS)}\n\n"
    )


def rewrite_ask(line: int, text: str, language: str) -> str:
    """The ask that follows :func:`rewrite_prompt`: one suspicious line, to be written differently."""
    return (
        f"The bug is most likely on line {line}:\n```{language}\n{text.strip()}\n```\n"
        f"That line is wrong. Write a different line {line} that fixes the bug, so that the tests pass. Reply with "
        f"only the new line in one ```{language} code block."
    )


def outline_digest(failed: int) -> str:
    """What a restart sees after the model resent a failed program, with the program given in outline."""
    return (
        f"{failed} earlier attempt(s) at this task failed, and the last one resent a program that had already "
        "failed. So the program is shown above in outline: its functions' bodies are left out. Write each body "
        "afresh from the function's name, signature and description, so that the tests pass.\n\n"
        "Reply with the complete program in a single fenced code block."
    )


def with_outline(message: LLMMessage, given: str, outline: str) -> LLMMessage:
    """``message`` with the program ``given`` replaced by its ``outline`` (a restart's view of the task)."""
    if isinstance(message, UserMessage) and isinstance(message.content, str) and given in message.content:
        return message.model_copy(update={"content": message.content.replace(given, outline)})
    return message


def imports_added_note(lines: Sequence[str]) -> str | None:
    """What the model is told when its code used standard names it did not import, which were added."""
    if not lines:
        return None
    added = ", ".join(f"`{line}`" for line in lines)
    return f"The code used names it did not import, so this ran with {added} added at its top."


def no_input_note(output: str) -> str | None:
    """When the code stopped at ``input()``: why, which the traceback does not say. ``None`` otherwise."""
    if not waited_for_input(output):
        return None
    return (
        "`input()` found nothing to read: the code runs here with an empty standard input, and no one types. "
        "Code checked by tests must not wait for input: the tests call its functions."
    )


def waits_for_input_stop() -> str:
    """Why a round ends on a program given that waits for input (see :func:`no_input_note`)."""
    return (
        "The program as given waits at `input()` for input that no one types here, so its tests cannot pass, and "
        "no small patch changed that. The model is not asked: a fix that keeps the program's behaviour would wait "
        "too. Give the program its input in the code (or as an argument of the function the tests call) and run "
        "it again."
    )


def resent_stop(temperature: float | None) -> str:
    """Why a round ends when the model, sampled warm on its last model, resends a program that already failed."""
    warm = f" at temperature {temperature:g}" if temperature is not None else ""
    return (
        f"The model, sampled{warm}, resent a program that already failed: it has nothing new to try, so it is not "
        "asked again. A hint on what is wrong, or a stronger model, may do better."
    )


def repeated_code_note(index: int) -> str:
    """Small models often resend the code that just failed; say so, so the next reply changes something."""
    return (
        f"This is exactly the code of attempt {index + 1}, which already failed, so it was not run again. "
        "Do not send it again: change the code to fix the error above."
    )


def final_text(
    summary: RunSummary,
    attempts: Sequence[Attempt],
    declined: str,
    *,
    max_chars: int,
    tested: bool = True,
    lead: str = "",
    stopped: str = "",
) -> str:
    """The final message when there is no reflection: the passing code, the model's refusal, or the failure.
    ``tested``: whether tests checked the code; without them, a success only means the code ran. ``lead``: a
    passing patch the repair search did not take as the fix, and why, for the person a failure goes to.
    ``stopped``: why the round ended before its last attempt, if it did."""
    edit = attempts[-1].edit if attempts else None  # set when the repair search wrote the last attempt
    if summary.outcome == "success" and summary.mutants_total is not None:
        caught = f"caught {summary.mutants_caught} of {summary.mutants_total} mutants of the code"
        return f"The tests passed on attempt {summary.attempts} and {caught}.\n\n{summary.code}"
    if summary.outcome == "success" and not tested:
        return (
            f"The code ran without errors on attempt {summary.attempts}. No tests were given, so nothing checked "
            f"what it does.\n\n{summary.code}"
        )
    if summary.outcome == "success":
        counted = f" ({summary.tests_passed} of {summary.tests_total} test asserts)" if summary.tests_total else ""
        how = f" with no model call; the repair search's patch: {edit}" if edit else ""
        if edit and attempts[-1].move == "rewrite":
            how = f"; the repair search's patch among the model's rewrites of the suspicious lines: {edit}"
        return f"The code passed on attempt {summary.attempts}{counted}{how}.\n\n{summary.code}"
    if summary.outcome == "unconfirmed":
        patch = f": {edit}" if edit else ""
        return (
            f"The tests pass on attempt {summary.attempts}, but only with the repair search's patch of the model's "
            f"own program{patch}. Not claimed as a fix: a small edit that fits a few tests is often a coincidence "
            f"in a program the model got wrong. Check it against the task before using it.\n\n{summary.code}"
        )
    if summary.outcome == "no_code" and declined:
        return declined
    return failure_summary(attempts, max_chars=max_chars, lead=lead, stopped=stopped)


def failure_summary(
    attempts: Sequence[Attempt], *, max_chars: int = DEFAULT_MAX_OUTPUT_CHARS, lead: str = "", stopped: str = ""
) -> str:
    """The final message when the agent gives up: each attempt in a line (after why it ``stopped`` early, if it
    did), the repair search's ``lead`` if it had one, then the last error and code."""
    lines = [" ".join(filter(None, [f"The code still fails after {len(attempts)} attempt(s).", stopped]))]
    for attempt in attempts:
        status = "passed" if attempt.passed else attempt.kind.replace("_", " ")
        if attempt.kind == "executed" and not attempt.passed:
            status = f"failed (exit code {attempt.exit_code})"
        line = f"- attempt {attempt.index + 1}: {status}"
        if attempt.retry is not None:
            line += f"; decision: {'retry' if attempt.retry else 'stop'} ({attempt.reason})"
        lines.append(line)
    if lead:
        lines += ["", f"A lead from the repair search, not taken as the fix: {lead}"]
    executed = [a for a in attempts if a.kind == "executed"]
    if executed:
        last = executed[-1]
        lines += ["", "Last error:", truncate_output(last.output.strip(), max_chars), "", "Last code:", last.code]
    return "\n".join(lines)
