"""The command line: every error path gives one clear line and exit code 2; fixes are written safely."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from autogen_selfdebug import _cli
from autogen_selfdebug._models import ModelSpec, ResolvedModel
from helpers import decision, py, scripted

BROKEN = "def double(x):\n    return x * 3\n\nprint(double(2))\n"
FIXED = "def double(x):\n    return x * 2\n\nprint(double(2))"
TESTS = "assert double(2) == 4\nassert double(-1) == -2\n"


@pytest.fixture
def replies(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Script the model the CLI resolves: append the replies it should give."""
    script: list[str] = []

    def fake_resolve(spec: str | None = None, **_: object) -> ResolvedModel:
        return ResolvedModel(client=scripted(script), spec=ModelSpec(kind="local"), description="scripted model")

    monkeypatch.setattr(_cli, "resolve_model", fake_resolve)
    yield script


@pytest.fixture
def broken(tmp_path: Path) -> Path:
    path = tmp_path / "double.py"
    path.write_text(BROKEN)
    (tmp_path / "test_double.py").write_text(TESTS)
    return path


def run(argv: Sequence[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = _cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


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
    ],
)
def test_bad_input_is_one_clear_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], setup: str | None, argv: list[str], message: str
) -> None:
    contents = {"binary": b"\x00\x01ELF", "latin1": "caf\xe9 = 1".encode("latin-1"), "empty": b"  \n", "ok": b"x = 1"}
    if setup == "noext":
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
    ],
    ids=["nothing", "unknown-command", "no-path", "output-and-in-place", "zero-attempts", "unknown-executor"],
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
    replies += [py("def double(x):\n    return x + 2\n\nprint(double(2))"), decision(True, "use *2"), py(FIXED)]
    out_path = broken.parent / "fixed" / "double.py"
    tests = broken.parent / "test_double.py"
    code, out, err = run(["fix", str(broken), "--tests", str(tests), "--output", str(out_path)], capsys)
    assert code == 0 and out == ""
    assert out_path.read_text() == FIXED + "\n"
    assert broken.read_text() == BROKEN  # the original is untouched
    assert "attempt 1 of 4" in err and "attempt 2 of 4" in err and "decision:" in err
    assert "fixed after 2 attempt(s)" in err and "scripted model" in err


def test_fix_without_output_prints_the_code(
    broken: Path, replies: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    replies += [py(FIXED)]
    code, out, _ = run(["fix", str(broken)], capsys)
    assert code == 0 and out == FIXED + "\n"


def test_in_place_keeps_every_backup(broken: Path, replies: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    replies += [py(FIXED), py(FIXED)]
    assert run(["fix", str(broken), "--in-place"], capsys)[0] == 0
    assert broken.read_text() == FIXED + "\n"
    assert (broken.parent / "double.py.bak").read_text() == BROKEN
    assert run(["fix", str(broken), "--in-place"], capsys)[0] == 0
    assert (broken.parent / "double.py.bak1").read_text() == FIXED + "\n"


def test_not_fixed_exits_1_and_writes_nothing(
    broken: Path, replies: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    replies += [py(BROKEN), decision(True, "x"), py(BROKEN)]
    tests = broken.parent / "test_double.py"
    code, out, err = run(["fix", str(broken), "--tests", str(tests), "--in-place", "--max-attempts", "2"], capsys)
    assert code == 1 and out == ""
    assert broken.read_text() == BROKEN and not (broken.parent / "double.py.bak").exists()
    assert "not fixed" in err and "nothing was written" in err


@pytest.mark.parametrize(("hint", "expected"), [("multiply by two, not three", 0), ("stop", 1)])
def test_human_hint_starts_a_new_round(
    broken: Path,
    replies: list[str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    hint: str,
    expected: int,
) -> None:
    asked: list[bool] = []

    def ask() -> str:
        asked.append(True)
        return hint

    monkeypatch.setattr(_cli, "_ask_terminal", ask)
    replies += [py(BROKEN), py(FIXED)]
    tests = broken.parent / "test_double.py"
    code, _, err = run(["fix", str(broken), "--tests", str(tests), "--max-attempts", "1", "--human"], capsys)
    assert code == expected and asked == [True]
    assert "The code still fails after 1 attempt(s)" in err  # the person sees the summary


def test_examples_report_a_table(replies: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    replies += [py("print('not a fix')"), decision(False, "give up")]
    code, _, err = run(["examples", "--only", "python", "--max-attempts", "1"], capsys)
    assert code == 0
    assert "postfix evaluator" in err and "failure in 1 attempt(s)" in err
    replies += [py("print('not a fix')")]
    code, _, _ = run(["examples", "--only", "python", "--max-attempts", "1", "--strict"], capsys)
    assert code == 1


def test_help_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["fix", "--help"], capsys)
    assert code == 0 and "--in-place" in out
