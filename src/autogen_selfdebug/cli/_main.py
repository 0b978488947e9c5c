"""The ``autogen-selfdebug`` command: its arguments, the ``fix``, ``write-tests`` and ``examples`` commands.

``main(argv) -> int`` is the whole command, testable without a subprocess. Exit codes: 0 fixed
(or tests written), 1 not fixed (no test file good enough), 2 bad usage or a set-up problem (one
clear line, never a traceback), 130 on Ctrl-C.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import signal
import sys
import tempfile
import threading
from collections.abc import AsyncIterator, Callable, Coroutine, Sequence
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

from autogen_agentchat.messages import BaseChatMessage
from autogen_core.code_executor import CodeExecutor
from autogen_core.models import ChatCompletionClient
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn, TransferSpeedColumn
from rich.table import Table

from .. import (
    ModelSelectionError,
    ResolvedModel,
    RetryStrategy,
    RunSummary,
    SelfDebugError,
    SelfDebuggingCodeExecutorAgent,
    SelfDebuggingTestWriterAgent,
    UsageError,
    fix_prompt,
    fixed_source,
    local_model_installed,
    normalize_language,
    parse_model_spec,
    resolve_model,
)
from ..models import retry_base_url
from ..sandboxes import SANDBOX_KINDS, SUPPORTED_LANGUAGES, SandboxKind, create_sandbox, executor_languages
from ._checks import TrailingChecks, nothing_runs_note, split_trailing_checks, unrun_tests_note
from ._conftest import conftest_fixtures
from ._doctests import docstring_tests
from ._examples import EXAMPLES, BrokenProgram
from ._fix import LANGUAGE_BY_SUFFIX, language_of
from ._fix_report import show_fix
from ._imports import drop_program_imports
from ._render import FixOrigin, Lead
from ._time_limit import AFTER_HANG_SECONDS, TimeLimitedSandbox
from ._write_tests import module_of, tests_source, write_tests_prompt

__all__ = ["main", "read_program", "run"]

EXIT_FIXED, EXIT_NOT_FIXED, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130
_MAX_SOURCE_BYTES = 1_000_000
_NO_RETRY_MODEL = "none"
_DEFAULT_TIMEOUT = 60
_STOP_WORDS = frozenset({"", "stop", "quit", "exit", "q", "no", "n"})
_ACCEPT_WORDS = frozenset({"accept", "a", "yes", "y"})


@dataclass
class _Options:
    """What every command shares: the models, the sandbox and the budget."""

    model: str | None
    retry_model: str | None
    base_url: str | None
    max_tokens: int
    executor: SandboxKind
    max_attempts: int
    timeout: int
    model_timeout: float | None = None
    timeout_given: bool = False
    search: bool = True
    rewrites: int = 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="autogen-selfdebug",
        description="An AutoGen agent that fixes code by running it and debugging it until the tests pass.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def shared(sub: argparse.ArgumentParser) -> None:
        sub.add_argument("--model", metavar="SPEC", help="local (default), local-1.5b, gguf:PATH or openai:MODEL")
        sub.add_argument(
            "--retry-model",
            metavar="SPEC",
            help="a (stronger) model for the later attempts, in the same forms, or 'none' "
            "(default with the local 0.5B model: local-1.5b, when installed)",
        )
        sub.add_argument("--base-url", metavar="URL", help="an OpenAI-compatible server, for openai:MODEL")
        sub.add_argument("--max-tokens", type=_positive, default=1024, metavar="N", help="cap per reply (1024)")
        sub.add_argument("--executor", choices=SANDBOX_KINDS, default="local", help="where the code runs (local)")
        sub.add_argument("--max-attempts", type=_positive, default=4, metavar="N", help="attempts per round (4)")
        sub.add_argument("--timeout", type=_positive, metavar="S", help=f"seconds per run ({_DEFAULT_TIMEOUT})")
        sub.add_argument(
            "--model-timeout",
            type=_positive,
            metavar="S",
            help="seconds before a request to an openai:MODEL server fails (the SDK's 600)",
        )

    fix = commands.add_parser(
        "fix",
        help="fix a broken program file",
        description="Fix a broken program file. It runs as given first (not counted in --max-attempts); when it "
        "fails its tests, a search of small patches (no model call) gets its turn before the model. Checks "
        "at the bottom of the file (asserts, checks that a call raises, unittest classes, pytest-style test "
        "functions, node:test tests, or the examples doctest.testmod() runs) become tests the model cannot edit, "
        "unless --tests gives the tests; a Python file with neither is tested by the examples in its docstrings. "
        f"If the program as given hangs, later attempts get {AFTER_HANG_SECONDS} s each unless --timeout is given.",
    )
    fix.add_argument(
        "path", type=Path, metavar="PATH", help=f"the broken program, or {STDIN} to read it from standard input"
    )
    fix.add_argument("--tests", type=Path, metavar="PATH", help="tests the fixed program must pass (not editable)")
    fix.add_argument("--lang", metavar="LANG", help="the language, if the file's suffix does not say")
    out = fix.add_mutually_exclusive_group()
    out.add_argument("--output", type=Path, metavar="PATH", help="write the fixed program here")
    out.add_argument("--in-place", action="store_true", help="overwrite PATH, keeping a backup")
    fix.add_argument(
        "--human",
        action="store_true",
        help="after a failure, ask for a hint and try again (or, for a test-passing patch that was not taken as "
        "the fix, accept it after seeing its diff)",
    )
    _no_search(fix)
    shared(fix)

    write = commands.add_parser(
        "write-tests",
        help="write pytest tests that catch bugs in a Python file",
        description="Write pytest tests for a Python file. They must pass on the file and fail on "
        "enough of its mutants (copies with one planted bug). The file is not changed.",
    )
    write.add_argument("path", type=Path, metavar="PATH", help="the Python file to test")
    write.add_argument("--out", type=Path, metavar="PATH", help="write the tests here (default: print them)")
    write.add_argument("--focus", metavar="TEXT", help="what the tests should cover, added to the task")
    write.add_argument(
        "--min-score", type=_share, default=0.5, metavar="X", help="share of mutants the tests must catch (0.5)"
    )
    write.add_argument("--max-mutants", type=_positive, default=30, metavar="N", help="mutants run per attempt (30)")
    shared(write)

    examples = commands.add_parser(
        "examples",
        help="fix three broken example programs",
        description="Fix the Python, JavaScript and "
        "TypeScript example programs (after the Daytona/AG2 bug-fixer guide).",
    )
    examples.add_argument("--only", choices=[e.language for e in EXAMPLES], action="append", help="one language")
    examples.add_argument("--strict", action="store_true", help="exit 1 unless every example was fixed")
    _no_search(examples)
    shared(examples)

    commands.add_parser("bench", help="run the benchmarks (see `autogen-selfdebug bench --help`)", add_help=False)
    return parser


def _no_search(sub: argparse.ArgumentParser) -> None:
    sub.add_argument(
        "--no-search",
        action="store_true",
        help="no search of small patches: only the model writes fixes",
    )
    sub.add_argument(
        "--rewrites",
        type=_count,
        default=0,
        metavar="N",
        help="when the search's templates find no fix, the model writes each of the 3 most suspicious lines again "
        "N times, and the search runs those rewrites (0, the default: never)",
    )


def _positive(text: str) -> int:
    return _whole(text, least=1)


def _count(text: str) -> int:
    return _whole(text, least=0)


def _whole(text: str, *, least: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < least:
        raise argparse.ArgumentTypeError(f"{value} must be {least} or more")
    return value


def _share(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"{value:g} must be between 0 and 1")
    return value


# ---------------------------------------------------------------------------- input checks


STDIN = "-"
"""The path that stands for standard input (``cat prog.py | autogen-selfdebug fix - --lang python``)."""


def read_program(path: Path, what: str = "file") -> str:
    """Read a source file, refusing what cannot be a program with one clear sentence."""
    if not path.exists():
        raise UsageError(f"{path}: no such {what}.")
    if path.is_dir():
        raise UsageError(f"{path} is a directory; give the path of one {what}.")
    try:
        data = path.read_bytes()
    except OSError as error:
        raise UsageError(f"{path}: cannot read it ({error.strerror}).") from error
    return _source_text(data, str(path))


def _read_stdin() -> str:
    """The program piped into ``fix -``; a terminal is refused rather than waited on."""
    if sys.stdin is None or sys.stdin.isatty():
        raise UsageError(
            f"PATH {STDIN} reads the program from standard input, but that is a terminal: pipe the program in "
            f"(cat prog.py | autogen-selfdebug fix {STDIN} --lang python), or give its path."
        )
    data = sys.stdin.buffer.read(_MAX_SOURCE_BYTES + 1)
    if len(data) > _MAX_SOURCE_BYTES:  # not read to its end: its size is unknown
        raise UsageError(f"standard input holds more than {_MAX_SOURCE_BYTES:,} bytes, the limit.")
    return _source_text(data, "standard input")


def _source_text(data: bytes, path: str) -> str:
    if len(data) > _MAX_SOURCE_BYTES:
        raise UsageError(f"{path} is {len(data):,} bytes; the limit is {_MAX_SOURCE_BYTES:,}.")
    if b"\0" in data:
        raise UsageError(f"{path} is a binary file, not source code.")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise UsageError(f"{path} is not UTF-8 text (byte {error.start} cannot be decoded).") from error
    if not text.strip():
        raise UsageError(f"{path} is empty: there is nothing to fix.")
    return text


def _language(path: Path, given: str | None, runnable: Sequence[str], executor: str) -> str:
    if given is not None:
        language = normalize_language(given)
    else:
        found = language_of(path)
        if found is None:
            suffixes = ", ".join(sorted(LANGUAGE_BY_SUFFIX))
            raise UsageError(f"Cannot tell the language of {path} from its suffix ({suffixes}); pass --lang.")
        language = found
    if language in runnable:
        return language
    if language in SUPPORTED_LANGUAGES:
        others = "docker" if executor != "docker" else "local"
        raise UsageError(
            f"The {executor} sandbox cannot run {language} (it runs: {', '.join(runnable)}); try --executor {others}."
        )
    raise UsageError(f"Unknown or unsupported language {language!r}; this sandbox runs: {', '.join(runnable)}.")


def _write_atomically(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _backup(path: Path) -> Path:
    """Copy ``path`` to the first free ``PATH.bak``, ``PATH.bak1``, … and return where it went."""
    candidates = [path.with_name(f"{path.name}.bak")] + [path.with_name(f"{path.name}.bak{i}") for i in range(1, 1000)]
    target = next(c for c in candidates if not c.exists())
    _write_atomically(target, path.read_text(encoding="utf-8"))
    return target


# ---------------------------------------------------------------------------- running


def _check_model_specs(options: _Options) -> None:
    """Parse the model specs before anything is loaded, so a typo costs no model load."""
    for option, spec in (("--model", options.model), ("--retry-model", options.retry_model)):
        if spec is None or (option == "--retry-model" and spec.strip().lower() == _NO_RETRY_MODEL):
            continue
        try:
            parse_model_spec(spec)
        except ModelSelectionError as error:
            raise ModelSelectionError(f"{option}: {error}") from error


@dataclass
class _Models:
    """The model that makes the first attempt, and the one that makes the later ones (a cascade), if any."""

    first: ResolvedModel
    retry: ResolvedModel | None

    @property
    def clients(self) -> list[ChatCompletionClient]:
        return [self.first.client] + ([self.retry.client] if self.retry is not None else [])


@asynccontextmanager
async def _open_models(options: _Options, console: Console) -> AsyncIterator[_Models]:
    """Resolve ``--model`` and ``--retry-model``, say which they are, and close both clients on the way out."""
    async with AsyncExitStack() as stack:
        first = _load_model(options.model, options, console, base_url=options.base_url)
        stack.push_async_callback(first.client.close)
        retry_spec, why = _retry_spec(options.retry_model, first)
        retry: ResolvedModel | None = None
        if retry_spec is not None:
            retry = _load_model(retry_spec, options, console, base_url=retry_base_url(retry_spec, options.base_url))
            stack.push_async_callback(retry.client.close)
        retries = f"; [bold]retries:[/bold] {retry.description}" if retry is not None else ""
        console.print(f"[bold]model:[/bold] {first.description}{retries}{escape(why)}")
        yield _Models(first, retry)


def _retry_spec(given: str | None, first: ResolvedModel) -> tuple[str | None, str]:
    """The retry model to load, and why when it was not asked for. With the embedded 0.5B model the
    default is the 1.5B cascade, which fixed the most code per minute (docs/benchmarks.md)."""
    if given is not None:
        return (None, "") if given.strip().lower() == _NO_RETRY_MODEL else (given, "")
    if first.spec.kind != "local":
        return None, ""
    if local_model_installed("local-1.5b"):
        return "local-1.5b", " (the default cascade for the local model; --retry-model none turns it off)"
    return None, " (no cascade: pip install 'autogen-selfdebug[local-1-5b]' to retry on the 1.5B model)"


def _load_model(spec: str | None, options: _Options, console: Console, *, base_url: str | None) -> ResolvedModel:
    with Progress(
        TextColumn("preparing the local model"),
        BarColumn(),
        DownloadColumn(),
        TransferSpeedColumn(),
        console=console,
        transient=True,
    ) as bar:
        task = bar.add_task("weights", total=None)

        def progress(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        return resolve_model(
            spec,
            base_url=base_url,
            max_tokens=options.max_tokens,
            progress=progress,
            timeout=options.model_timeout,
        )


@dataclass
class _Outcome:
    """One program's run: its summary, the program that passed (claimed as the fix or unconfirmed) and where it
    came from."""

    summary: RunSummary
    fixed: str | None
    origin: FixOrigin | None
    # The person took an unconfirmed patch or a lead as the fix, after seeing its diff.
    accepted: bool = False
    # Nothing passed, but the search found a patch it did not take as the fix, and no one has seen its diff yet.
    lead: Lead | None = None

    @property
    def confirmed(self) -> bool:
        """Whether the passing program is the fix: the agent claims it, or the person accepted it."""
        return self.summary.outcome == "success" or self.accepted

    @property
    def as_given(self) -> bool:
        """Whether the program passed as given, with nothing changed."""
        return self.origin is not None and self.origin.move == "given"


async def _fix_one(
    program: BrokenProgram,
    *,
    sandbox: CodeExecutor,
    models: _Models,
    options: _Options,
    console: Console,
    ask_hint: Callable[[bool], str] | None = None,
    file_name: str | None = None,
) -> _Outcome:
    """Run the agent on one program, starting from the program as given, with extra rounds for hints. With
    ``ask_hint`` (called with whether there is a patch to accept), a person may also take an unconfirmed
    patch, or a lead (a passing patch the search did not take), as the fix after seeing its diff.
    ``file_name``: the file being fixed, which the run's tracebacks then name."""
    from ._render import RunPrinter

    limited = TimeLimitedSandbox(sandbox, timeout=options.timeout, lower_after_hang=not options.timeout_given)
    agent = SelfDebuggingCodeExecutorAgent(
        "fixer",
        limited,
        model_client=models.first.client,
        retry_model_client=models.retry.client if models.retry is not None else None,
        max_retries_on_error=options.max_attempts - 1,
        tests=program.tests or None,
        tests_language=program.language,
        default_language=program.language,
        reflect_on_success=False,
        # Small local models answer "stop" too eagerly; keep trying while attempts remain.
        stop_on_decision=models.first.spec.kind == "openai",
        retry_strategy=RetryStrategy(search=options.search, rewrites=options.rewrites),
        # The program runs as given first (no model call), so the search gets its turn before the model.
        initial_code=program.source,
    )
    has_tests = bool(program.tests)
    # The program as given is one attempt more than the budget of model (or search) attempts.
    # With a person to ask, the final message is shown, and it names the lead: the printer need not.
    printer = RunPrinter(
        console,
        models.clients,
        options.max_attempts + 1,
        has_tests=has_tests,
        given=True,
        file_name=file_name,
        names_lead=ask_hint is None,
    )
    task = fix_prompt(program.source, program.language, has_tests=has_tests)
    while True:
        final: BaseChatMessage = await printer.show(limited.watch(agent.run_stream(task=task), console))
        summary = RunSummary.from_metadata(final.metadata) or RunSummary(outcome="failure", attempts=0)
        if summary.outcome == "success" or ask_hint is None:
            break
        console.print(final.to_text(), markup=False, highlight=False)
        patched = fixed_source(summary, program.language) if summary.outcome == "unconfirmed" else None
        origin = printer.origin
        if patched is None and printer.lead is not None:
            patched, origin = printer.lead.code, None  # the lead was described as the run ended
        if patched is not None:
            show_fix(console, program.name, program.source, patched, origin)
        hint = ask_hint(patched is not None).strip()
        if patched is not None and hint.lower() in _ACCEPT_WORDS:
            return _Outcome(summary, patched, origin, accepted=True)
        if patched is not None and hint.lower() in _STOP_WORDS:
            return _Outcome(summary, None, None)  # the person saw the patch and declined it
        if hint.lower() in _STOP_WORDS:
            break
        task = f"A hint from the user: {hint}"
    fixed = fixed_source(summary, program.language) if summary.passed else None
    if fixed is not None:
        return _Outcome(summary, fixed, printer.origin)
    return _Outcome(summary, None, None, lead=printer.lead)


def _ask_terminal(acceptable: bool) -> str:
    if not sys.stdin.isatty():
        return ""
    accept = "'accept' to take the patch above as the fix, " if acceptable else ""
    try:
        return input(f"Hint for another round of attempts ({accept}Enter or 'stop' to stop): ")
    except EOFError:
        return ""


async def _fix(args: argparse.Namespace, options: _Options, console: Console) -> int:
    # Cheap checks first, so a typo costs no model load and no container start.
    piped = str(args.path) == STDIN
    if piped:
        _check_piped(args)
    source = _read_stdin() if piped else read_program(args.path)
    if args.tests is not None and not piped and args.tests.resolve() == args.path.resolve():
        # Run as tests too, the file's own checks would run twice, and their failures stop the program before any.
        console.print(f"--tests {args.tests} is the file to fix: the checks at its bottom are its tests.")
        args.tests = None
    tests = read_program(args.tests, "tests file") if args.tests is not None else ""
    if args.output is not None and args.output.is_dir():
        raise UsageError(f"--output {args.output} is a directory; give a file path.")
    _check_model_specs(options)
    sandbox = create_sandbox(options.executor, timeout=options.timeout)
    language = _language(args.path, args.lang, executor_languages(sandbox), options.executor)
    shown = "standard input" if piped else str(args.path)
    name = f"stdin{_SUFFIXES.get(language, '')}" if piped else args.path.name
    # Without --tests, the checks at the bottom of the file are its tests.
    checks = split_trailing_checks(source, language) if args.tests is None else None
    module = Path(name).stem
    package = None if piped else args.path.resolve().parent.name  # tests may import the program from its package
    if tests and language in ("python", "javascript", "typescript"):
        rewritten = drop_program_imports(tests, module, language, package, program=source)
        if rewritten is not None:
            tests = rewritten
            console.print(
                f"The tests import {module}, the program: they run after it in one file, so they take its names "
                "from there.",
                highlight=False,
            )
    if args.tests is not None and language == "python":
        around = conftest_fixtures(tests, args.tests, module, package)
        tests = around.tests
        if (note := around.describe()) is not None:
            console.print(note, highlight=False)
    if checks is not None:
        console.print(checks.describe(name), highlight=False)
        tests = checks.tests
    elif args.tests is None and language == "python" and (examples := docstring_tests(source)) is not None:
        tests = examples.tests
        console.print(examples.describe(name), highlight=False)
    if args.tests is not None and (nothing := nothing_runs_note(tests, language)) is not None:
        raise UsageError(f"{args.tests}: {nothing}")
    if (unrun := unrun_tests_note(tests if args.tests is not None else source, language)) is not None:
        console.print(unrun, highlight=False)
    program = BrokenProgram(name, language, "unknown", checks.program if checks else source, tests)
    async with sandbox, _open_models(options, console) as models:
        outcome = await _fix_one(
            program,
            sandbox=sandbox,
            models=models,
            options=options,
            console=console,
            ask_hint=_ask_terminal if args.human else None,
            file_name=name,
        )
    if outcome.fixed is None:
        if outcome.lead is None:
            console.print(f"[red]{shown} was not fixed; nothing was written.")
            return EXIT_NOT_FIXED
        show_fix(console, name, source, _rejoined(outcome.lead.code, checks, source), None)
        console.print(
            f"[red]{shown} was not fixed; nothing was written.[/] The diff above is the lead: apply it yourself "
            "only if it is right for what the program should do.",
            highlight=False,
        )
        return EXIT_NOT_FIXED
    if outcome.as_given and not program.tests:
        console.print(
            f"[yellow]{shown} runs without errors as given, and there are no tests to show what is wrong: "
            "nothing was changed or written.[/] Pass --tests, or put asserts at the bottom of the file.",
            highlight=False,
        )
        return EXIT_NOT_FIXED
    written = source if outcome.as_given else _rejoined(outcome.fixed, checks, source)
    if not outcome.accepted:  # the person has seen the diff already
        show_fix(console, name, source, written, outcome.origin)
    if not outcome.confirmed:
        console.print(
            f"[yellow]{shown} was not fixed for sure: a small patch of the model's program often fits a few "
            "tests by chance. Nothing was written;[/] check the diff against what the program should do, and "
            "apply it yourself if it is right.",
            highlight=False,
        )
        return EXIT_NOT_FIXED
    if args.in_place:
        if written == source:
            console.print(f"{args.path} is unchanged; nothing was written.")
            return EXIT_FIXED
        backup = _backup(args.path)
        _write_atomically(args.path, written)
        console.print(f"wrote the fix to {args.path} (the original is in {backup})")
    elif args.output is not None:
        _write_atomically(args.output, written)
        console.print(f"wrote the fix to {args.output}")
    else:
        sys.stdout.write(written)
    return EXIT_FIXED


# A language's usual suffix: it names a program read from standard input (``stdin.py``) and an example.
_SUFFIXES = {language: suffix for suffix, language in reversed(LANGUAGE_BY_SUFFIX.items())}


def _check_piped(args: argparse.Namespace) -> None:
    """Refuse what ``fix -`` cannot do, before reading standard input."""
    if args.in_place:
        raise UsageError("--in-place needs a file to overwrite; the program comes from standard input. Use --output.")
    if args.human:
        raise UsageError("--human asks for hints on standard input, which holds the program; give the program's path.")
    if args.lang is None:
        raise UsageError("A program on standard input has no suffix to tell its language; pass --lang.")


def _rejoined(fixed: str, checks: TrailingChecks | None, source: str) -> str:
    """The file to write: the fixed program, then the checks split off its bottom put back as they were, or else
    the file's own ending (its blank lines, or no newline at all), which the program run did not keep."""
    if checks is not None:
        return checks.rejoin(fixed)
    return fixed.rstrip() + source[len(source.rstrip()) :]


async def _write_tests(args: argparse.Namespace, options: _Options, console: Console) -> int:
    from ._render import RunPrinter

    source = read_program(args.path)
    module = module_of(args.path)
    task = write_tests_prompt(source, module, focus=args.focus or "")
    if args.out is not None and args.out.is_dir():
        raise UsageError(f"--out {args.out} is a directory; give a file path.")
    _check_model_specs(options)
    sandbox = create_sandbox(options.executor, timeout=options.timeout)
    async with sandbox, _open_models(options, console) as models:
        agent = SelfDebuggingTestWriterAgent(
            "tester",
            sandbox,
            code=source,
            module=module,
            min_mutation_score=args.min_score,
            max_mutants=args.max_mutants,
            model_client=models.first.client,
            retry_model_client=models.retry.client if models.retry is not None else None,
            max_retries_on_error=options.max_attempts - 1,
            stop_on_decision=models.first.spec.kind == "openai",
        )
        console.print(
            f"[bold]mutants:[/bold] {len(agent.mutants)} of {module}.py (the tests must catch {args.min_score:.0%})"
        )
        printer = RunPrinter(console, models.clients, options.max_attempts, writes_tests=True)
        final = await printer.show(agent.run_stream(task=task))
    summary = RunSummary.from_metadata(final.metadata) or RunSummary(outcome="failure", attempts=0)
    tests = tests_source(summary) if summary.outcome == "success" else None
    if tests is None:
        console.print(final.to_text(), markup=False, highlight=False)
        console.print(f"[red]no test file for {args.path} was good enough; nothing was written.")
        return EXIT_NOT_FIXED
    if args.out is not None:
        kept = f" (the previous file is in {_backup(args.out)})" if args.out.exists() else ""
        _write_atomically(args.out, tests)
        console.print(f"wrote the tests to {args.out}{kept}")
    else:
        sys.stdout.write(tests)
    return EXIT_FIXED


async def _examples(args: argparse.Namespace, options: _Options, console: Console) -> int:
    _check_model_specs(options)
    sandbox = create_sandbox(options.executor, timeout=options.timeout)
    runnable = executor_languages(sandbox)
    chosen = [e for e in EXAMPLES if not args.only or e.language in args.only]
    results: list[tuple[BrokenProgram, str, str]] = []
    async with sandbox, _open_models(options, console) as models:
        for program in chosen:
            console.rule(f"[bold]{program.name} ({program.language}): {program.bug}", characters="=")
            if program.language not in runnable:
                console.print(f"[yellow]skipped: the {options.executor} sandbox cannot run {program.language}.")
                results.append((program, "skipped: no executor for this language", ""))
                continue
            name = _file_name(program)
            outcome = await _fix_one(
                program, sandbox=sandbox, models=models, options=options, console=console, file_name=name
            )
            summary = outcome.summary
            if outcome.fixed is not None:
                show_fix(console, name, program.source, outcome.fixed, outcome.origin)
            how = outcome.origin.short() if outcome.origin is not None else ""
            results.append((program, f"{summary.outcome} in {summary.attempts} attempt(s)", how))

    retries = f" (retries: {models.retry.spec})" if models.retry is not None else ""
    table = Table(title=f"examples: {models.first.spec} model{retries}, {options.executor} sandbox")
    for column in ("program", "language", "result", "fixed by"):
        table.add_column(column)
    for program, result, how in results:
        table.add_row(program.name, program.language, result, how)
    console.print(table)
    all_fixed = all(r.startswith("success") for _, r, _ in results)
    # A demo that ran to the end succeeded; --strict makes "not all fixed" an error for scripts.
    return EXIT_NOT_FIXED if args.strict and not all_fixed else EXIT_FIXED


def _file_name(program: BrokenProgram) -> str:
    """A file name for an example, in its diff and its tracebacks: ``postfix_evaluator.py``."""
    return re.sub(r"[^a-z0-9]+", "_", program.name.lower()).strip("_") + _SUFFIXES.get(program.language, ".txt")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``) and return the exit code."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["bench"]:
        from ..bench import main as bench_main

        return bench_main(argv[1:])
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return int(exit_.code or 0)
    console = Console(stderr=True)
    options = _Options(
        model=args.model,
        retry_model=args.retry_model,
        base_url=args.base_url,
        max_tokens=args.max_tokens,
        executor=args.executor,
        max_attempts=args.max_attempts,
        timeout=args.timeout or _DEFAULT_TIMEOUT,
        model_timeout=args.model_timeout,
        timeout_given=args.timeout is not None,
        search=not getattr(args, "no_search", False),
        rewrites=getattr(args, "rewrites", 0),
    )
    command = {"fix": _fix, "write-tests": _write_tests, "examples": _examples}[args.command]
    try:
        return asyncio.run(_cancel_on_sigterm(command(args, options, console)))
    except SelfDebugError as error:
        console.print(f"[red]error:[/red] {error}", highlight=False, soft_wrap=True)
        return EXIT_USAGE
    except (KeyboardInterrupt, asyncio.CancelledError):
        console.print("[yellow]interrupted; the sandbox was stopped.")
        return EXIT_INTERRUPTED


async def _cancel_on_sigterm(job: Coroutine[object, object, int]) -> int:
    """Run ``job``, turning SIGTERM into cancellation so ``async with`` blocks clean up as on Ctrl-C."""
    task = asyncio.current_task()
    loop = asyncio.get_running_loop()
    if task is not None and threading.current_thread() is threading.main_thread():
        loop.add_signal_handler(signal.SIGTERM, task.cancel)
    try:
        return await job
    finally:
        if threading.current_thread() is threading.main_thread():
            loop.remove_signal_handler(signal.SIGTERM)


def run() -> None:
    """The console-script entry point."""
    sys.exit(main())
