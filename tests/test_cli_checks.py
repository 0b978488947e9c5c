"""The command line starts from the program as given: checks at the bottom of a file become tests,
the repair search gets its turn before the model, every fix is shown as a diff, and a hang is cut short."""

from __future__ import annotations

import io
import re
import shutil
import time
from collections.abc import AsyncIterator, Iterator, Sequence
from pathlib import Path

import pytest
from autogen_agentchat.base import TaskResult
from autogen_agentchat.messages import (
    BaseAgentEvent,
    BaseChatMessage,
    CodeExecutionEvent,
    CodeGenerationEvent,
    TextMessage,
    ThoughtEvent,
)
from autogen_core.code_executor import CodeBlock, CodeResult
from autogen_core.models import CreateResult, LLMMessage
from rich.console import Console
from rich.text import Text

from autogen_selfdebug import ResolvedModel, RunSummary, parse_model_spec
from autogen_selfdebug._test_report import program_as_module
from autogen_selfdebug._test_report_js import program_as_module_js
from autogen_selfdebug.cli import EXAMPLES, _time_limit
from autogen_selfdebug.cli import _main as cli_main
from autogen_selfdebug.cli._checks import split_trailing_checks, unrun_tests_note
from autogen_selfdebug.cli._fix_report import unified_diff
from autogen_selfdebug.cli._imports import _program_module, drop_program_imports
from autogen_selfdebug.cli._render import FixOrigin, RunPrinter
from helpers import TOTALS_ASYNC, TOTALS_ASYNC_CHECKS, py
from test_cli import NamedReplayClient, ScriptedModels, answer_human, run

CALC = '''\
"""A small calculator."""


def subtract(left, right):
    return right - left


def average(values):
    return sum(values) / len(values)


print("7 - 2 =", subtract(7, 2))

assert subtract(7, 2) == 5
assert subtract(2, 7) == -5
print("subtract works")
assert average([1, 2, 3]) == 2
'''
CALC_PROGRAM = CALC[: CALC.index("assert")]
CALC_FIXED = CALC.replace("return right - left", "return left - right")
CALC_MAIN = (
    CALC_PROGRAM + 'if __name__ == "__main__":\n    # the checks\n    assert subtract(7, 2) == 5\n'
    '    assert subtract(2, 7) == -5\n    print("subtract works")\n\n# the end\n'
)


def js(code: str, language: str = "javascript") -> str:
    return f"```{language}\n{code}\n```"


class MustNotBeCalled(NamedReplayClient):
    """A model client that fails the test when the CLI calls it: the search must fix the program alone."""

    def __init__(self) -> None:
        super().__init__([], "first-llm")
        self.calls = 0

    async def create(self, messages: Sequence[LLMMessage], *args: object, **kwargs: object) -> CreateResult:
        self.calls += 1
        raise AssertionError("the model was called, but the repair search should have fixed the program")

    def create_stream(self, messages: Sequence[LLMMessage], *args: object, **kwargs: object) -> AsyncIterator[object]:
        self.calls += 1
        raise AssertionError("the model was called, but the repair search should have fixed the program")


@pytest.fixture
def models(monkeypatch: pytest.MonkeyPatch) -> Iterator[ScriptedModels]:
    scripted = ScriptedModels()
    monkeypatch.setattr(cli_main, "resolve_model", scripted.resolve)
    monkeypatch.setattr(cli_main, "local_model_installed", lambda kind: False)
    yield scripted


@pytest.fixture
def silent_model(monkeypatch: pytest.MonkeyPatch) -> Iterator[MustNotBeCalled]:
    """The model the CLI resolves, which must never be called."""
    client = MustNotBeCalled()

    def resolve(spec: str | None = None, **_: object) -> ResolvedModel:
        return ResolvedModel(client=client, spec=parse_model_spec(spec or "local"), description="a silent model")

    monkeypatch.setattr(cli_main, "resolve_model", resolve)
    monkeypatch.setattr(cli_main, "local_model_installed", lambda kind: False)
    yield client
    assert client.calls == 0


def flat(text: str) -> str:
    """Terminal output with rich's line wrapping undone."""
    return " ".join(text.split())


# ---------------------------------------------------------------------------- splitting the checks off


def test_python_trailing_asserts_split_off_with_the_prints_among_them() -> None:
    split = split_trailing_checks(CALC, "python")
    assert split is not None
    assert split.program == CALC_PROGRAM.rstrip() + "\n"
    assert split.checks.startswith("assert subtract(7, 2) == 5\n") and split.checks.endswith("== 2\n")
    assert 'print("subtract works")' in split.checks
    assert (split.count, split.first_line, split.last_line) == (3, 14, 17)
    assert split.rejoin(split.program) == CALC  # nothing lost
    assert split.describe("calc.py") == (
        "Split off 3 checks at the bottom of calc.py (lines 14–17) as tests the model cannot edit."
    )


BANK = """\
class Account:
    def __init__(self, balance):
        self.balance = balance

    def deposit(self, amount):
        self.balance += amount

    def withdraw(self, amount):
        self.balance += amount


acct = Account(100)
acct.deposit(50)
assert acct.balance == 150
acct.withdraw(30)
print("withdrew")
assert acct.balance == 120, "withdraw should subtract"
"""

BANK_JS = """\
class Account {
  constructor(balance) { this.balance = balance; }
  deposit(amount) { this.balance += amount; }
  withdraw(amount) { this.balance += amount; }
}

const acct = new Account(100);
acct.deposit(50);
console.assert(acct.balance === 150);
const before = acct.balance;
acct.withdraw(30);
console.assert(acct.balance === before - 30, "withdraw should subtract");
"""


@pytest.mark.parametrize(
    ("source", "language", "lines", "steps"), [(BANK, "python", (14, 17), 1), (BANK_JS, "javascript", (9, 12), 2)]
)
def test_statements_between_the_checks_split_off_with_them(
    source: str, language: str, lines: tuple[int, int], steps: int
) -> None:
    # Before, only the last assert was split off: the first stayed in the program, for the model to edit.
    split = split_trailing_checks(source, language)
    assert split is not None
    assert (split.count, split.first_line, split.last_line, split.steps) == (2, *lines, steps)
    # What comes before the first check stays in the program: it may hold the bug.
    assert split.program.rstrip().endswith(("acct.deposit(50)", "acct.deposit(50);"))
    assert split.rejoin(split.program) == source
    statements = "the statement" if steps == 1 else "the 2 statements"
    assert split.describe("bank") == (
        f"Split off 2 checks at the bottom of bank (lines {lines[0]}–{lines[1]}), with {statements} between them, "
        "as tests the model cannot edit."
    )


def test_a_main_block_with_statements_between_its_checks_splits_off() -> None:
    body = "    assert acct.balance == 150\n    acct.withdraw(30)\n    assert acct.balance == 120\n"
    head = BANK[: BANK.index("assert ")]  # the class, then acct = Account(100) and acct.deposit(50)
    source = head + '\nif __name__ == "__main__":\n' + body
    split = split_trailing_checks(source, "python")
    assert split is not None and split.main_block and (split.count, split.steps) == (2, 1)


GROW = {
    "python": (
        "def grow(xs):\n    return len(xs) + 1\n\n\n{main}q = []\n{i}assert grow(q) == 1\n"
        "{i}for name in 'abc':\n{i}    q.append(name)\n{i}assert grow(q) == 4\n"
    ),
    "javascript": (
        "const assert = require('assert');\nfunction grow(xs) {{\n  return xs.length + 1;\n}}\n{main}const q = [];\n"
        "{i}assert.strictEqual(grow(q), 1);\n{i}for (const name of 'abc') {{\n{i}  q.push(name);\n{i}}}\n"
        "{i}assert.strictEqual(grow(q), 4);\n{end}"
    ),
}


@pytest.mark.parametrize("language", ["python", "javascript"])
def test_a_loop_of_steps_among_the_checks_goes_with_them(language: str) -> None:
    # Before, a loop that only sets up (`for name in "abc": q.append(name)`) kept the whole main block in the
    # program: no per-check report, and no search.
    python = language == "python"
    main = 'if __name__ == "__main__":\n    ' if python else "if (require.main === module) {\n  "
    source = GROW[language].format(main=main, i="    " if python else "  ", end="" if python else "}\n")
    split = split_trailing_checks(source, language)
    assert split is not None and split.main_block and (split.count, split.steps) == (2, 2)
    # At top level too, between two checks (before, the first check stayed in the program).
    top = split_trailing_checks(GROW[language].format(main="", i="", end=""), language)
    assert top is not None and (top.count, top.steps) == (2, 1)


@pytest.mark.parametrize("language", ["python", "javascript"])
def test_statements_between_the_checks_are_fixed_by_the_search(
    tmp_path: Path, silent_model: MustNotBeCalled, capsys: pytest.CaptureFixture[str], language: str
) -> None:
    source, name = (BANK, "bank.py") if language == "python" else (BANK_JS, "bank.js")
    path = tmp_path / name
    path.write_text(source)
    code, out, err = run(["fix", str(path)], capsys)
    assert code == 0, err
    assert "with the statement between them" in flat(err) or "with the 2 statements between them" in flat(err)
    # The first check is a test now, and reports as one (in JavaScript a call that does not throw counts too).
    assert ("Tests: 1 of 2 asserts passed." if language == "python" else "Tests: 2 of 3 asserts passed.") in err
    assert out.count("this.balance -= amount") + out.count("self.balance -= amount") == 1
    assert out.replace("-= amount", "+= amount", 1) == source


TOTAL_JS = """\
const assert = require("node:assert");

async function prices() {
  return [3, 4, 5];
}

async function total(discount) {
  return (await prices()).reduce((sum, p) => sum + p, 0) * (1 + discount);
}

(async () => {
  assert.strictEqual(await total(0), 12);
  assert.strictEqual(await total(0.5), 6);
  await assert.rejects(total(null).then(() => { throw new Error("null"); }));
})();
"""


@pytest.mark.parametrize("language", ["javascript", "typescript", "javascript, declared"])
def test_the_checks_of_an_async_main_function_split_off_and_the_search_fixes_the_file(
    tmp_path: Path, silent_model: MustNotBeCalled, capsys: pytest.CaptureFixture[str], language: str
) -> None:
    # Before, nothing was split off: the whole file went to the model, and the search never ran.
    source = TOTAL_JS
    if language == "javascript, declared":  # `async function main() { ... }` and `main();`
        language, source = "javascript", source.replace("(async () => {", "async function main() {")
        source = source.replace("})();\n", "}\n\nmain();\n")
    if language == "typescript":
        source = source.replace('const assert = require("node:assert");', 'import assert from "node:assert";')
        source = source.replace("total(discount)", "total(discount: number | null)").replace(
            "+ discount", "+ discount!"
        )
    split = split_trailing_checks(source, language)
    assert split is not None and (split.count, split.first_line) == (3, 11)
    assert split.last_line == len(source.splitlines())
    path = tmp_path / f"total.{'js' if language == 'javascript' else 'ts'}"
    path.write_text(source)
    code, out, err = run(["fix", str(path)], capsys)
    assert code == 0, err
    assert "Split off 3 checks" in flat(err) and "Tests: 2 of 3 asserts passed." in err
    assert out == source.replace("(1 + discount", "(1 - discount")


def test_an_async_main_function_run_in_the_main_block_splits_off(
    tmp_path: Path, silent_model: MustNotBeCalled, capsys: pytest.CaptureFixture[str]
) -> None:
    # A CommonJS script's async checks: `if (require.main === module) { (async () => { ... })().catch(...); }`.
    # Before, the block was not taken for checks (its one statement is no assert): the file went to the model whole.
    body = (
        TOTAL_JS.split("(async () => {", 1)[1].replace("\n  ", "\n    ").replace("})();\n", "  })().catch((err) => {\n")
    )
    source = (
        TOTAL_JS.split("(async () => {", 1)[0]
        + "if (require.main === module) {\n  (async () => {"
        + body
        + "    console.error(err);\n    process.exitCode = 1;\n  });\n}\n"
    )
    split = split_trailing_checks(source, "javascript")
    assert split is not None and (split.count, split.first_line) == (3, 11)
    path = tmp_path / "total.js"
    path.write_text(source)
    code, out, err = run(["fix", str(path)], capsys)
    assert code == 0, err
    assert "Split off 3 checks in the `if (require.main === module)` block" in flat(err)
    assert "Tests: 2 of 3 asserts passed." in err
    assert out == source.replace("(1 + discount", "(1 - discount")


CLAMP_FUNCTION_MAIN_JS = """\
const assert = require("assert");

function clamp(value, low, high) {
  return Math.max(low, Math.max(value, high));
}

function main() {
  assert.strictEqual(clamp(5, 0, 10), 5);
  const low = clamp(-3, 0, 10);
  assert.strictEqual(low, 0);
  console.assert(clamp(42, 0, 10) === 10);
  console.log("ok");
}

main();
"""


@pytest.mark.parametrize("language", ["javascript", "typescript"])
def test_the_checks_of_a_main_function_that_is_not_async_split_off_in_javascript(
    tmp_path: Path, silent_model: MustNotBeCalled, capsys: pytest.CaptureFixture[str], language: str
) -> None:
    # Before, `function main() { ... }` and `main();` were left in the program: the model got the whole file.
    source = CLAMP_FUNCTION_MAIN_JS
    if language == "typescript":
        source = source.replace('const assert = require("assert");', 'import assert from "node:assert";')
        source = source.replace("clamp(value, low, high)", "clamp(value: number, low: number, high: number)")
    split = split_trailing_checks(source, language)
    assert split is not None and (split.count, split.first_line) == (3, 7)
    path = tmp_path / f"clamp.{'js' if language == 'javascript' else 'ts'}"
    path.write_text(source)
    code, out, err = run(["fix", str(path)], capsys)
    assert code == 0, err
    assert "Split off 3 checks" in flat(err) and "Tests: 0 of 3 asserts passed." in err
    assert out == source.replace("Math.max(value", "Math.min(value")


SLUG_JEST = """\
export function slugify(title: string): string {
  return title
    .trim()
    .toLowerCase()
    .split(/\\s+/)
    .slice(1)
    .join("-");
}

test("slugify", () => {
  expect(slugify("Hello World")).toBe("hello-world");
  expect(slugify("  One  ")).toEqual("one");
});

expect(slugify("A B C")).toBe("a-b-c");
"""
SUM_JS = "function sum(items) {\n  let total = 0;\n  for (let i = 1; i < items.length; i++) total += items[i];\n"
SUM_JS += "  return total;\n}\n\nmodule.exports = { sum };\n"
SUM_JEST = """\
const { sum } = require("./sum");

describe("sum", () => {
  test("adds numbers", () => {
    expect(sum([1, 2, 3])).toBe(6);
  });
  it("one item", () => {
    expect(sum([5])).toEqual(5);
  });
});
"""


@pytest.mark.parametrize("where", ["at the bottom", "in a tests file"])
def test_jest_style_tests_run_and_the_search_fixes_the_program(
    tmp_path: Path, silent_model: MustNotBeCalled, capsys: pytest.CaptureFixture[str], where: str
) -> None:
    # Before, Node had no `test`, `describe` or `expect`: the tests failed with a ReferenceError at their first
    # line, and (at the bottom of a file) were not split off.
    if where == "at the bottom":
        split = split_trailing_checks(SLUG_JEST, "typescript")
        assert split is not None and (split.count, split.first_line) == (2, 10)
        path, source, extra, fixed = tmp_path / "slug.ts", SLUG_JEST, [], SLUG_JEST.replace("slice(1)", "slice(0)")
        report = "Tests: 0 of 2 asserts passed."
    else:
        (tmp_path / "sum.test.js").write_text(SUM_JEST)
        path, source, fixed = tmp_path / "sum.js", SUM_JS, SUM_JS.replace("i = 1", "i = 0")
        extra, report = ["--tests", str(tmp_path / "sum.test.js")], "Tests: 0 of 2 asserts passed."
    path.write_text(source)
    code, out, err = run(["fix", str(path), *extra], capsys)
    assert code == 0, err
    assert report in flat(err) and "found by the repair search" in flat(err)
    assert out == fixed


TOTALS_ASYNC_MAIN = TOTALS_ASYNC + "\n\n" + TOTALS_ASYNC_CHECKS

# The same checks in a main function that is not async, with a checking helper and a step, run by a main block.
TOTALS_MAIN = (
    TOTALS_ASYNC_MAIN[: TOTALS_ASYNC_MAIN.index("async def main")]
    + """\
def check(got, want):
    assert got == want


def main():
    check(asyncio.run(total([1, 2])), 30)
    result = asyncio.run(total([]))
    assert result == 0
    assert asyncio.run(total([5])) == 50
    print("ok")


if __name__ == "__main__":
    main()
"""
)


@pytest.mark.parametrize(
    ("source", "first", "where"),
    [
        (TOTALS_ASYNC_MAIN, 17, ""),
        (
            TOTALS_ASYNC_MAIN.replace(
                "\nasyncio.run(main())\n", '\nif __name__ == "__main__":\n    asyncio.run(main())\n'
            ),
            17,
            'in the function and the `if __name__ == "__main__":` block that calls it ',
        ),
        (TOTALS_MAIN, 17, 'in the 2 functions and the `if __name__ == "__main__":` block that calls them '),
        (TOTALS_MAIN.replace('if __name__ == "__main__":\n    main()', "main()"), 17, ""),
    ],
    ids=["async", "async-in-main-block", "main-block", "called"],
)
def test_the_checks_of_a_python_main_function_split_off_and_the_search_fixes_the_file(
    tmp_path: Path,
    silent_model: MustNotBeCalled,
    capsys: pytest.CaptureFixture[str],
    source: str,
    first: int,
    where: str,
) -> None:
    # Before, nothing was split off: the whole file went to the model (the asserts with it), and the search never
    # ran.
    split = split_trailing_checks(source, "python")
    assert split is not None and (split.count, split.first_line) == (3, first)
    assert split.describe("totals.py").startswith(f"Split off 3 checks {where}at the bottom of totals.py")
    path = tmp_path / "totals.py"
    path.write_text(source)
    code, out, err = run(["fix", str(path)], capsys)
    assert code == 0, err
    assert "Tests: 1 of 3 asserts passed." in err and "found by the repair search" in flat(err)
    assert out == source.replace("result -= v", "result += v")


WALLET = """\
import pytest


class Wallet:
    def __init__(self, balance):
        self.balance = balance

    def spend(self, amount):
        if amount > self.balance:
            raise ValueError("not enough")
        self.balance += amount
        return self.balance


w = Wallet(100)
assert w.spend(30) == 70
try:
    w.spend(1000)
    assert False, "should have raised"
except ValueError:
    pass
with pytest.raises(ValueError):
    Wallet(0).spend(1)
"""


def test_checks_that_a_call_raises_split_off_and_the_search_fixes_the_file(
    tmp_path: Path, silent_model: MustNotBeCalled, capsys: pytest.CaptureFixture[str]
) -> None:
    # Before, the `try:` block ended no block of checks: nothing split off, the whole file went to the model
    # (which could edit the asserts), and the search never ran.
    split = split_trailing_checks(WALLET, "python")
    assert split is not None and (split.count, split.first_line, split.last_line) == (3, 16, 23)
    path = tmp_path / "wallet.py"
    path.write_text(WALLET)
    code, out, err = run(["fix", str(path)], capsys)
    assert code == 0, err
    assert "Split off 3 checks" in flat(err) and "Tests: 2 of 3 asserts passed." in err
    assert "line 17: w.spend(1000) raises ValueError" in flat(err)
    assert out == WALLET.replace("self.balance += amount", "self.balance -= amount")


STACK_JS = """\
class Stack {
  constructor() { this.items = []; }
  push(x) { this.items.push(x); }
  pop() {
    if (this.items.length < 0) throw new Error("empty");
    return this.items.pop();
  }
}

const s = new Stack();
s.push(1);
console.assert(s.pop() === 1);
try {
  new Stack().pop();
  console.assert(false, "pop on empty should throw");
} catch (e) {}
"""


def test_checks_that_a_call_raises_under_any_except_split_off_and_fail_when_it_does_not(
    tmp_path: Path, silent_model: MustNotBeCalled, capsys: pytest.CaptureFixture[str]
) -> None:
    # Before, the bare `except:` check at the end was the program's own work: nothing split off, and the file "ran
    # without errors" with no tests; with the checks in a tests file, `except Exception:` swallowed the failure.
    source = (
        "def pop(items):\n    if len(items) < 0:\n        raise IndexError('empty')\n"
        "    return items.pop() if items else None\n"
        "\n\nassert pop([1]) == 1\ntry:\n    pop([])\n    assert False, 'should raise'\nexcept Exception:\n    pass\n"
        "try:\n    pop([])\n    raise AssertionError\nexcept:\n    pass\n"
    )
    path = tmp_path / "popper.py"
    path.write_text(source)
    code, out, err = run(["fix", str(path)], capsys)
    assert code == 0, err
    text = flat(err)
    assert "Split off 3 checks" in text and "Tests: 1 of 3 asserts passed." in text
    assert "FAILED line 8: pop([]) raises Exception" in text and "FAILED line 13: pop([]) raises an exception" in text
    assert out == source.replace("len(items) < 0", "len(items) <= 0")


def test_a_javascript_check_that_a_call_throws_splits_off_and_the_search_fixes_the_file(
    tmp_path: Path, silent_model: MustNotBeCalled, capsys: pytest.CaptureFixture[str]
) -> None:
    # Before, the `try` at the end was the program's own work: nothing split off, and the file failed with only
    # Node's "Assertion failed: ..." line; with the checks in a tests file, the program "passed" with its bug (the
    # catch swallowed the failed check).
    split = split_trailing_checks(STACK_JS, "javascript")
    assert split is not None and (split.count, split.first_line, split.last_line) == (2, 12, 16)
    path = tmp_path / "stack.js"
    path.write_text(STACK_JS)
    code, out, err = run(["fix", str(path)], capsys)
    assert code == 0, err
    text = flat(err)
    assert "Split off 2 checks" in text and "Tests: 1 of 2 asserts passed." in text
    assert "FAILED line 13: new Stack().pop() throws" in text
    assert "Error: pop on empty should throw" in text
    assert out == STACK_JS.replace("length < 0", "length <= 0")


@pytest.mark.parametrize(
    ("source", "language"),
    [
        (
            "def pop(items):\n    return items.pop(0)\n\n\nassert pop([1, 2]) == 2\nraised = False\n"
            "try:\n    pop([])\nexcept IndexError:\n    raised = True\nassert raised\n",
            "python",
        ),
        (
            "function pop(items) {\n  return items.shift();\n}\n\nconsole.assert(pop([1, 2]) === 2);\n"
            "let threw = false;\ntry {\n  pop(null);\n} catch (e) {\n  threw = true;\n}\nconsole.assert(threw);\n",
            "javascript",
        ),
    ],
)
def test_a_try_between_the_checks_splits_off_with_them(source: str, language: str) -> None:
    # Before, the `try` ended the block: only the last check was split off, and the first stayed in the
    # program (in JavaScript, a failed console.assert there only prints, so the file "passed").
    split = split_trailing_checks(source, language)
    assert split is not None and (split.count, split.first_line, split.steps) == (2, 5, 2)


LEAP = """\
def is_leap(year):
    return year % 4 == 0 and year % 100 != 0 or year % 40 == 0


cases = [(2000, True), (1900, False), (1800, False)]
for year, want in cases:
    assert is_leap(year) == want, year
    print("checked", year)
"""


@pytest.mark.parametrize(
    ("source", "language", "checks", "lines"),
    [
        (LEAP, "python", 1, (5, 8)),
        (
            "function inc(x) {\n  return x + 2;\n}\n\nconst cases = [[1, 2], [5, 6]];\n"
            "for (const [x, want] of cases) {\n  assert.strictEqual(inc(x), want);\n  console.assert(inc(x) > x);\n}\n",
            "javascript",
            2,
            (5, 9),
        ),
    ],
    ids=["python", "javascript"],
)
def test_a_loop_of_checks_at_the_bottom_splits_off(
    source: str, language: str, checks: int, lines: tuple[int, int]
) -> None:
    split = split_trailing_checks(source, language)
    assert split is not None and (split.count, split.first_line, split.last_line) == (checks, *lines)
    # The table of cases goes with the loop: left in the program, the model could edit the expected values.
    assert "cases = " not in split.program and "for " not in split.program
    assert split.rejoin(split.program) == source
    # A loop that does anything but check is program.
    busy = source.replace("assert is_leap", "year += 1\n    assert is_leap").replace(
        "assert.strictEqual", "x++;\n  assert.strictEqual"
    )
    assert split_trailing_checks(busy, language) is None


@pytest.mark.parametrize(
    ("source", "language", "first"),
    [
        ("def f(x):\n    return x + LIMIT\n\n\nLIMIT = 3\nassert f(1) == 4\n", "python", 6),  # the program reads it
        ("def f(x):\n    return x\n\n\ncases = [1]\ncases = [2]\nassert f(2) in cases\n", "python", 7),  # set twice
        ("def f(x):\n    return x\n\n\ncases = [f(1)]\nassert cases == [1]\n", "python", 6),  # not a literal
        ("function f(x) {\n  return x + LIMIT;\n}\nconst LIMIT = 3;\nconsole.assert(f(1) === 4);\n", "javascript", 5),
        ("function f(x) {\n  return x;\n}\nlet cases = [1];\nconsole.assert(f(1) === cases[0]);\n", "javascript", 5),
        ("function f(x) {\n  return x;\n}\nconst cases = [f(1)];\nconsole.assert(cases[0] === 1);\n", "javascript", 5),
    ],
    ids=["read", "set-twice", "computed", "js-read", "js-let", "js-computed"],
)
def test_what_is_not_test_data_stays_in_the_program(source: str, language: str, first: int) -> None:
    split = split_trailing_checks(source, language)
    assert split is not None and split.first_line == first


MEDIAN = """\
def median(values):
    ordered = sorted(values)
    middle = len(ordered) // 2
    if len(ordered) % 2:
        return ordered[middle]
    return (ordered[middle] + ordered[middle + 1]) / 2


def check(values, want):
    got = median(values)
    assert got == want, f"median({values}) = {got}, want {want}"


check([3, 1, 2], 2)
for values in ([4, 1, 3, 2], [1, 2, 3, 4]):
    check(values, 2.5)
"""

MEDIAN_JS = """\
function median(values) {
  const ordered = [...values].sort((a, b) => a - b);
  const middle = Math.floor(ordered.length / 2);
  if (ordered.length % 2) return ordered[middle];
  return (ordered[middle] + ordered[middle + 1]) / 2;
}

function check(values, want) {
  const got = median(values);
  if (got !== want) throw new Error(`median(${values}) = ${got}, want ${want}`);
}

check([3, 1, 2], 2);
check([4, 1, 3, 2], 2.5);
"""


@pytest.mark.parametrize(("name", "source"), [("median.py", MEDIAN), ("median.js", MEDIAN_JS)])
def test_calls_of_a_checking_helper_split_off_with_it_and_the_search_fixes_them(
    tmp_path: Path, silent_model: MustNotBeCalled, capsys: pytest.CaptureFixture[str], name: str, source: str
) -> None:
    language = "python" if name.endswith(".py") else "javascript"
    split = split_trailing_checks(source, language)
    assert split is not None and split.count == 2 and "check" not in split.program  # the helper goes too
    assert split.rejoin(split.program) == source
    # A function that only happens to assert is program: its calls at the bottom are not checks, and nor is
    # one named so that the program calls (it would go to the tests, out of the model's reach).
    renamed = source.replace("check", "report")
    assert split_trailing_checks(renamed, language) is None
    first = "    ordered = sorted(values)\n" if language == "python" else "  const ordered"
    used = source.replace(first, ("    check([1], 1)\n" if language == "python" else "  check([1], 1);\n") + first)
    assert used != source and split_trailing_checks(used, language) is None
    path = tmp_path / name
    path.write_text(source)
    code, out, err = run(["fix", str(path)], capsys)
    assert code == 0, err
    assert "`middle + 1` changed to `middle - 1`" in flat(err) and "found by the repair search" in flat(err)
    assert out == source.replace("middle + 1", "middle - 1")


MEDIAN_TESTS_MAIN = (
    MEDIAN[: MEDIAN.index("def check")]
    + """\
def test_odd():
    assert median([3, 1, 2]) == 2


def test_even():
    assert median([4, 1, 3, 2]) == 2.5
    assert median([1, 2, 3, 4]) == 2.5


if __name__ == "__main__":
    test_odd()
    test_even()
    print("all tests passed")
"""
)
MEDIAN_TESTS_CALLED = (
    MEDIAN_TESTS_MAIN.replace('if __name__ == "__main__":\n', "")
    .replace("\n    t", "\nt")
    .replace("\n    print", "\nprint")
)
MEDIAN_TESTS_JS = (
    MEDIAN_JS[: MEDIAN_JS.index("function check")]
    + """\
function testOdd() {
  assert.strictEqual(median([3, 1, 2]), 2);
}

function testEven() {
  assert.strictEqual(median([4, 1, 3, 2]), 2.5);
}

testOdd();
testEven();
console.log("all tests passed");
"""
)


@pytest.mark.parametrize(
    ("name", "source"),
    [("median.py", MEDIAN_TESTS_MAIN), ("median_called.py", MEDIAN_TESTS_CALLED), ("median.js", MEDIAN_TESTS_JS)],
)
def test_test_functions_the_file_calls_split_off_with_their_calls(
    tmp_path: Path, silent_model: MustNotBeCalled, capsys: pytest.CaptureFixture[str], name: str, source: str
) -> None:
    language = "python" if name.endswith(".py") else "javascript"
    if language == "javascript":
        source = 'const assert = require("assert");\n\n' + source
    split = split_trailing_checks(source, language)
    # The functions go with their calls (two checks): the model can neither edit nor drop them.
    assert split is not None and split.count == 2 and "test" not in split.program.lower()
    assert split.program == source[: source.index("\n\ndef test_odd" if language == "python" else "\nfunction t")]
    assert split.rejoin(split.program) == source
    # Each line of the tests is where it is in the file, so the reports name the file's lines.
    failing = next(n for n, line in enumerate(source.splitlines(), 1) if "median([4" in line)
    assert split.tests.splitlines()[failing - 1] == source.splitlines()[failing - 1]
    if name == "median.py":
        assert split.main_block and split.tests.rstrip().endswith('test_even()\nprint("all tests passed")')
        assert split.describe(name) == (
            'Split off 2 checks in the 2 functions and the `if __name__ == "__main__":` block that calls them at '
            "the bottom of median.py (lines 9–21) as tests the model cannot edit."
        )
    path = tmp_path / name
    path.write_text(source)
    code, out, err = run(["fix", str(path)], capsys)
    assert code == 0, err
    # Python's report names the assert inside the function, JavaScript's the call (as for a checking helper).
    shown = "median([4, 1, 3, 2]) == 2.5" if language == "python" else "testEven()"
    lines = enumerate(source.splitlines(), 1)
    line = next(n for n, text in lines if text.strip().removeprefix("assert ").startswith(shown[:14]))
    assert "Split off 2 checks" in flat(err) and f"FAILED line {line}: {shown}" in flat(err)
    assert "`middle + 1` changed to `middle - 1`" in flat(err) and "found by the repair search" in flat(err)
    assert out == source.replace("middle + 1", "middle - 1")


def test_a_loop_of_checks_gets_a_report_per_case(
    tmp_path: Path, models: ScriptedModels, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "leap.py"
    path.write_text(LEAP)
    models.replies += [f"```python\n{LEAP[: LEAP.index('cases')]}```"]
    code, _, err = run(["fix", str(path), "--no-search", "--max-attempts", "1"], capsys)
    text = flat(err)
    assert code == 1 and "Split off 1 check at the bottom of leap.py (lines 5–8)" in text
    assert "Tests: 2 of 3 asserts passed." in text and "call: is_leap(1800)" in text


PARSE_LOOP = """\
def parse(n):
    if n < -1:
        raise ValueError(n)
    return n


if __name__ == "__main__":
    assert parse(1) == 1
    for bad in (-1, -2):
        try:
            parse(bad)
        except ValueError:
            pass
        else:
            raise AssertionError(f"parse({bad}) should fail")
"""


def test_a_loop_of_checks_that_a_call_raises_splits_off_with_a_report_per_case(
    tmp_path: Path, models: ScriptedModels, capsys: pytest.CaptureFixture[str]
) -> None:
    # Before, such a loop was neither a check nor a step: the whole main block stayed in the program (no report,
    # no search, the checks editable by the model), and run as a test it failed as one statement, uncounted.
    path = tmp_path / "parse.py"
    path.write_text(PARSE_LOOP)
    models.replies += [f"```python\n{PARSE_LOOP[: PARSE_LOOP.index('if __name__')]}```"]
    code, _, err = run(["fix", str(path), "--no-search", "--max-attempts", "1"], capsys)
    text = flat(err)
    assert code == 1 and "Split off 2 checks" in text
    assert "Tests: 2 of 3 asserts passed." in text and "FAILED line 10: parse(bad) raises ValueError" in text
    assert "parse(-1) should fail" in text


CART = """\
import pytest


class Cart:
    def __init__(self):
        self.items = []

    def add(self, price, qty=1):
        self.items.append((price, qty))

    def total(self):
        return sum(price + qty for price, qty in self.items)


@pytest.fixture
def cart():
    c = Cart()
    c.add(10, 2)
    c.add(5)
    return c


def test_total(cart):
    assert cart.total() == 25


def test_write(request):
    request.applymarker("slow")
    assert Cart().total()


@pytest.mark.slow
def test_empty():
    assert Cart().total() == 0


@pytest.mark.skip(reason="later")
def test_later():
    assert False
"""


def test_a_pytest_file_with_fixtures_splits_off_and_each_test_it_can_run_runs(
    tmp_path: Path, silent_model: MustNotBeCalled, capsys: pytest.CaptureFixture[str]
) -> None:
    # Before, `test_total(cart)` was never run and stayed in the program with its fixture: only the tests after
    # it were split off, and a file whose fixture test failed under pytest could pass.
    split = split_trailing_checks(CART, "python")
    assert split is not None and (split.count, split.first_line) == (2, 15) and "fixture" not in split.program
    path = tmp_path / "cart.py"
    path.write_text(CART)
    code, out, err = run(["fix", str(path)], capsys)
    assert code == 0, err
    text = flat(err)
    assert "Not run here, though pytest would run it: test_write (it asks for request, which pytest sets up)." in text
    assert "Tests: 1 of 2 asserts passed." in text and "FAILED line 24: cart.total() == 25" in text
    assert out == CART.replace("price + qty", "price * qty")


CIRCLE = """\
import math


def area(r):
    return math.pi * r * 2


def close(a, b):
    return abs(a - b) < 1e-9


assert close(area(1), math.pi)
assert close(area(2), 4 * math.pi)
"""


@pytest.mark.parametrize("answer", ["loosened", "loosened-and-copied"])
def test_a_judge_just_above_the_checks_is_split_off_with_them(
    tmp_path: Path, models: ScriptedModels, capsys: pytest.CaptureFixture[str], answer: str
) -> None:
    # Before, `close` stayed in the program: a model that made it `return True` passed with exit 0.
    split = split_trailing_checks(CIRCLE, "python")
    assert split is not None and split.first_line == 8 and "close" not in split.program
    loosened = CIRCLE[: CIRCLE.index("\n\n\ndef close")] + "\n\n\ndef close(a, b):\n    return True\n"
    if answer == "loosened-and-copied":  # the model's close, then the checks as they are
        loosened += "\n\n" + CIRCLE[CIRCLE.index("assert") :]
    models.replies += [f"```python\n{loosened}```"]
    path = tmp_path / "circle.py"
    path.write_text(CIRCLE)
    code, _, err = run(["fix", str(path), "--no-search", "--max-attempts", "1"], capsys)
    assert code == 1 and "Tests: 1 of 2 asserts passed." in flat(err)
    # A judge the program uses itself is the program's.
    used = CIRCLE.replace("return math.pi * r * 2", "return math.pi * r * 2 if close(r, r) else 0.0")
    split = split_trailing_checks(used, "python")
    assert split is not None and split.first_line == 12


def test_python_checks_in_a_main_block_at_the_bottom_split_off() -> None:
    split = split_trailing_checks(CALC_MAIN, "python")
    assert split is not None
    assert split.program == CALC_PROGRAM.rstrip() + "\n"
    assert split.checks.startswith('if __name__ == "__main__":\n') and split.checks.endswith("# the end\n")
    # The tests are the block's body at top level; the file gets the block back as it was.
    # (after blank lines that keep each check on its line in the file, for the reports)
    assert (
        split.tests == "\n" * 15 + 'assert subtract(7, 2) == 5\nassert subtract(2, 7) == -5\nprint("subtract works")\n'
    )
    assert (split.count, split.first_line, split.last_line) == (2, 14, 18)
    assert split.rejoin(split.program) == CALC_MAIN
    assert split.describe("calc.py") == (
        'Split off 2 checks in the `if __name__ == "__main__":` block at the bottom of calc.py (lines 14–18) '
        "as tests the model cannot edit."
    )
    plain = split_trailing_checks(CALC, "python")
    assert plain is not None and plain.tests == "\n" * 13 + plain.checks


STATS = """\
import unittest


def mean(values):
    return sum(values) / len(values) - 1


class MeanTests(unittest.TestCase):
    def test_small(self):
        self.assertEqual(mean([1, 2, 3]), 2)

    def test_one(self):
        self.assertEqual(mean([5]), 5)


if __name__ == "__main__":
    unittest.main()
"""


def test_python_unittest_classes_at_the_bottom_split_off() -> None:
    split = split_trailing_checks(STATS, "python")
    assert split is not None
    assert split.program == STATS[: STATS.index("\n\n\nclass")] + "\n"
    assert split.tests == "\n" * 7 + split.checks and split.checks.startswith("class MeanTests(unittest.TestCase):")
    assert (split.count, split.first_line, split.last_line) == (2, 8, 13)  # one check per test method
    assert split.rejoin(split.program) == STATS
    # A main block that runs anything but the tests' runner keeps them in the program.
    assert split_trailing_checks(STATS.replace("unittest.main()", "print(mean([2]))"), "python") is None


CLAMP_PYTEST = """\
import pytest


def clamp(x, lo, hi):
    return max(lo, max(x, hi))


@pytest.mark.parametrize(("x", "want"), [(15, 10), (-5, 0), (5, 5)])
def test_clamp(x, want):
    assert clamp(x, 0, 10) == want


def test_a_point_range():
    assert clamp(3, 3, 3) == 3
"""


def test_python_test_functions_at_the_bottom_split_off() -> None:
    split = split_trailing_checks(CLAMP_PYTEST, "python")
    assert split is not None and split.program == CLAMP_PYTEST[: CLAMP_PYTEST.index("\n\n\n@")] + "\n"
    # From the first decorator; one check per case of a parametrized test.
    assert (split.count, split.first_line, split.last_line) == (4, 8, 14)
    assert split.rejoin(split.program) == CLAMP_PYTEST
    # A test that asks for pytest's own fixture is not run (no check), but it is a test: it goes with the others,
    # out of the model's reach, and the output says it is not run.
    asking = CLAMP_PYTEST.replace("test_a_point_range()", "test_a_point_range(request)")
    split = split_trailing_checks(asking, "python")
    assert split is not None and split.program == CLAMP_PYTEST[: CLAMP_PYTEST.index("\n\n\n@")] + "\n"
    assert split.count == 3 and split.checks.endswith(
        "def test_a_point_range(request):\n    assert clamp(3, 3, 3) == 3\n"
    )
    assert unrun_tests_note(asking, "python") == (
        "Not run here, though pytest would run it: test_a_point_range (it asks for request, which pytest sets up)."
    )
    assert unrun_tests_note(CLAMP_PYTEST, "python") is None


AREA_DOCTEST = (
    "def area(width, height):\n"
    '    """\n    >>> area(2, 3)\n    6\n    >>> area(4, 5)\n    20\n    """\n'
    "    return width + height\n\n\n"
    'if __name__ == "__main__":\n    import doctest\n    doctest.testmod()\n'
)


@pytest.mark.parametrize(
    ("name", "source", "announced", "failed", "fixed"),
    [
        # doctest.testmod() prints its failures and exits 0: this file used to "run without errors".
        (
            "area.py",
            AREA_DOCTEST,
            "The 2 doctest examples of area.py, run by `doctest.testmod()` at the bottom (lines 11–13)",
            ("Tests: 0 of 2 asserts passed.", "FAILED line 3: area(2, 3) == 6"),  # the example's line in the file
            AREA_DOCTEST.replace("return width + height", "return width * height"),
        ),
        # No checks at the bottom at all: the docstrings' examples are the tests.
        (
            "area.py",
            AREA_DOCTEST[: AREA_DOCTEST.index("\n\nif")],
            "area.py has no checks at the bottom and no --tests were given: the 2 examples in its docstrings are "
            "the tests, which the model cannot edit.",
            ("Tests: 0 of 2 asserts passed.", "FAILED line 3: area(2, 3) == 6"),
            AREA_DOCTEST[: AREA_DOCTEST.index("\n\nif")].replace("return width + height", "return width * height"),
        ),
        (
            "stats.py",
            STATS,
            "Split off 2 checks at the bottom of stats.py (lines 8–13)",
            ("Tests: 0 of 2 asserts passed.", "FAILED line 13: self.assertEqual(mean([5]), 5)"),
            STATS.replace("len(values) - 1", "len(values)"),
        ),
        (
            "clamp.py",
            CLAMP_PYTEST,
            "Split off 4 checks at the bottom of clamp.py (lines 8–14)",
            ("Tests: 1 of 4 asserts passed.", "FAILED line 10: clamp(x, 0, 10) == want", "call: clamp(15, 0, 10)"),
            CLAMP_PYTEST.replace("max(x, hi)", "min(x, hi)"),
        ),
    ],
    ids=["doctest", "docstrings-only", "unittest", "pytest-parametrize"],
)
def test_doctest_unittest_and_pytest_files_are_fixed_by_the_search(
    tmp_path: Path,
    silent_model: MustNotBeCalled,
    capsys: pytest.CaptureFixture[str],
    name: str,
    source: str,
    announced: str,
    failed: tuple[str, ...],
    fixed: str,
) -> None:
    path = tmp_path / name
    path.write_text(source)
    code, out, err = run(["fix", str(path)], capsys)
    assert code == 0, err
    text = flat(err)
    assert announced in text and all(part in text for part in failed)
    assert "found by the repair search" in text
    assert out == fixed  # the checks come back as written


RLE_JS = """\
const assert = require("assert");

function encode(text) {
  let out = "";
  let run = 1;
  for (let i = 1; i <= text.length; i++) {
    if (i < text.length && text[i] === text[i - 1]) {
      run++;
    } else {
      out += text[i - 1] + run;
      run = 1;
    }
  }
  return out;
}

console.log("aab ->", encode("aab"));

// the checks
console.assert(encode("aab") === "2a1b", "aab");
assert.strictEqual(encode("abc"), "1a1b1c");
console.log("checked");
"""

KADANE_TS = """\
function maxSubarraySum(values: number[]): number {
  let best = values[0];
  let current = values[0];
  for (let i = 1; i < values.length; i++) {
    current = Math.min(values[i], current + values[i]);
    best = Math.min(best, current);
  }
  return best;
}

console.log(maxSubarraySum([1, -2, 3, 4]));
console.assert(maxSubarraySum([-2, 1, -3, 4, -1, 2, 1, -5, 4]) === 6, "mixed");
console.assert(maxSubarraySum([-3, -1, -2]) === -1, "all negative");
"""


def test_javascript_console_assert_and_assert_calls_split_off_and_require_stays() -> None:
    split = split_trailing_checks(RLE_JS, "javascript")
    assert split is not None
    assert split.program.startswith('const assert = require("assert");\n')  # the require stays in the program
    assert split.program.rstrip().endswith("// the checks")
    assert split.checks == (
        'console.assert(encode("aab") === "2a1b", "aab");\n'
        'assert.strictEqual(encode("abc"), "1a1b1c");\n'
        'console.log("checked");\n'
    )
    assert (split.count, split.first_line, split.last_line) == (2, 20, 21)
    assert split.rejoin(split.program) == RLE_JS


def test_typescript_checks_split_off() -> None:
    split = split_trailing_checks(KADANE_TS, "typescript")
    assert split is not None and split.count == 2 and (split.first_line, split.last_line) == (12, 13)
    assert split.program.rstrip().endswith("console.log(maxSubarraySum([1, -2, 3, 4]));")
    assert split.rejoin(split.program) == KADANE_TS


@pytest.mark.parametrize(
    ("source", "language", "tests_from"),
    [
        ('def f():\n    return 1\n\n\nif __name__ == "__main__":\n    x = f()\n    assert x == 1\n', "python", 6),
        (
            "function f() { return 1; }\n\nif (require.main === module) {\n  const assert = require('node:assert');\n"
            "  const x = f();\n  assert.strictEqual(x, 1);\n  console.log('ok');\n}\n",
            "javascript",
            4,
        ),
    ],
)
def test_a_main_blocks_checks_may_come_after_what_they_check(source: str, language: str, tests_from: int) -> None:
    # Before, a main block that set up first (`inv = Inventory()`, then asserts) stayed in the program: the
    # model saw its asserts as code to edit, and they got no per-assert report.
    split = split_trailing_checks(source, language)
    assert split is not None and split.count == 1 and split.steps == 1
    assert split.tests.splitlines()[tests_from - 1].strip().startswith(("x = f()", "const assert"))
    assert "with the statement among them" in split.describe("f")


CLAMP_MAIN_JS = """\
function clamp(x, lo, hi) {
  return Math.max(lo, Math.max(x, hi));
}

module.exports = { clamp };

if (require.main === module) {
  const assert = require("assert");
  assert.strictEqual(clamp(15, 0, 10), 10);
  // below the range
  assert.strictEqual(clamp(-5, 0, 10), 0);
  assert.strictEqual(clamp(5, 0, 10), 5);
  console.log("ok");
}
"""


@pytest.mark.parametrize(("name", "language"), [("clamp.js", "javascript"), ("clamp.ts", "typescript")])
def test_checks_in_a_node_main_block_split_off_and_the_search_fixes_them(
    tmp_path: Path, silent_model: MustNotBeCalled, capsys: pytest.CaptureFixture[str], name: str, language: str
) -> None:
    source = CLAMP_MAIN_JS if language == "javascript" else CLAMP_MAIN_JS.replace("x, lo, hi", "x: number, lo, hi")
    split = split_trailing_checks(source, language)
    assert split is not None and split.program == source[: source.index("\n\nif")] + "\n"
    assert (split.count, split.first_line, split.last_line) == (3, 7, 13)
    # The block's body runs as the tests, indented as written, each line where it is in the file; the
    # ``if`` line and the closing brace are not part of them.
    assert split.tests == "\n" * 7 + source[source.index("  const") : source.index("}\n", source.index("if ("))]
    assert split.rejoin(split.program) == source
    assert split.describe(name) == (
        f"Split off 3 checks in the `if (require.main === module)` block at the bottom of {name} (lines 7–13) "
        "as tests the model cannot edit."
    )
    path = tmp_path / name
    path.write_text(source)
    code, out, err = run(["fix", str(path)], capsys)
    assert code == 0, err
    assert "FAILED line 12: assert.strictEqual(clamp(5, 0, 10), 5)" in flat(err)
    assert "`Math.max` changed to `Math.min` on line 2 (2nd of 2)" in flat(err)
    assert out == source.replace("Math.max(x", "Math.min(x")
    # The require of assert just above the block goes with it (and is no checking function).
    above = source.replace('  const assert = require("assert");\n', "").replace(
        "if (require", 'const assert = require("assert");\nif (require'
    )
    split = split_trailing_checks(above, language)
    assert split is not None and split.program == source[: source.index("\n\nif")] + "\n"
    assert split.describe(name).startswith("Split off 3 checks in the `if (require.main === module)` block at")
    # A block that does anything else, or has an ``else``, is the program's own.
    for busy in (source.replace("  console.log", "  main();\n  console.log"), source + "else {}\n"):
        assert split_trailing_checks(busy, language) is None


CLAMP_NODE_TEST = """\
// Clamp a number into [lo, hi].
function clamp(x, lo, hi) {
  return Math.max(lo, Math.max(x, hi));
}

const test = require("node:test");
const assert = require("node:assert");

test("clamps above", () => {
  assert.strictEqual(clamp(15, 0, 10), 10);
});
test.describe("inside and below", () => {
  test.it("keeps inside", () => assert.strictEqual(clamp(5, 0, 10), 5));
  test.it("clamps below", () => assert.strictEqual(clamp(-5, 0, 10), 0));
});
test.skip("not yet", () => {});
"""


def test_node_test_tests_at_the_bottom_split_off_with_their_imports() -> None:
    split = split_trailing_checks(CLAMP_NODE_TEST, "javascript")
    assert split is not None
    assert split.program.rstrip().endswith("}") and "require" not in split.program
    # One check per test, the describe's two included; the skipped test is none.
    assert (split.count, split.first_line, split.last_line) == (3, 6, 15)
    assert split.rejoin(split.program) == CLAMP_NODE_TEST
    # Imports of node:test or assert alone are no checks; a `test` the file declares itself is none either (one it
    # calls without declaring or importing it is Jest's).
    assert split_trailing_checks('function f() {}\nconst assert = require("assert");\n', "javascript") is None
    declared = 'function test(name, fn) {\n  fn();\n}\nfunction f() {}\ntest("x", () => f());\n'
    assert split_trailing_checks(declared, "javascript") is None
    assert split_trailing_checks('function f() {}\ntest("x", () => f());\n', "javascript") is not None


@pytest.mark.parametrize(
    ("language", "imports_on_top"), [("javascript", False), ("typescript", False), ("javascript", True)]
)
def test_node_test_files_are_fixed_by_the_search(
    tmp_path: Path,
    silent_model: MustNotBeCalled,
    capsys: pytest.CaptureFixture[str],
    language: str,
    imports_on_top: bool,
) -> None:
    source, lines = CLAMP_NODE_TEST, "lines 6–15"
    if language == "typescript":
        source = source.replace("clamp(x, lo, hi)", "clamp(x: number, lo: number, hi: number): number")
        source = source.replace('const test = require("node:test");', 'import test from "node:test";')
    if imports_on_top:  # the program requires node:test; the tests at the bottom use it
        imports = 'const test = require("node:test");\nconst assert = require("node:assert");\n'
        source, lines = imports + source.replace(imports, ""), "lines 9–15"
    path = tmp_path / ("clamp.js" if language == "javascript" else "clamp.ts")
    path.write_text(source)
    code, out, err = run(["fix", str(path)], capsys)
    assert code == 0, err
    text = flat(err)
    assert f"Split off 3 checks at the bottom of {path.name} ({lines})" in text
    assert "Tests: 0 of 3 asserts passed." in text and 'FAILED line 13: test.it("keeps inside")' in text
    assert "`Math.max` changed to `Math.min` on line " in text and "found by the repair search" in text
    assert out == source.replace("Math.max(x", "Math.min(x")


def test_an_es_module_is_fixed_by_the_search(
    tmp_path: Path, silent_model: MustNotBeCalled, capsys: pytest.CaptureFixture[str]
) -> None:
    source = (
        'import assert from "node:assert/strict";\n\nexport function gap(left, right) {\n  return left - right;\n}\n\n'
        "assert.equal(gap(3, 10), 7);\nassert.equal(gap(1, 1), 0);\n"
    )
    path = tmp_path / "gap.mjs"
    path.write_text(source)
    code, out, err = run(["fix", str(path)], capsys)
    assert code == 0, err
    assert "found by the repair search: `left - right` changed to `right - left` on line 4" in flat(err)
    assert out == source.replace("left - right", "right - left")


def test_a_program_that_waits_for_input_is_not_changed_and_the_person_is_told_why(
    tmp_path: Path, silent_model: MustNotBeCalled, capsys: pytest.CaptureFixture[str]
) -> None:
    # Before, the search "fixed" it by unwrapping the read (`input("name? ")` → `"name? "`), and it was written.
    source = 'def add(a, b):\n    return a - b\n\nname = input("name? ")\nprint(add(2, 3), name)\n\n'
    source += "assert add(2, 3) == 5\n"
    path = tmp_path / "greet.py"
    path.write_text(source)
    code, out, err = run(["fix", str(path), "--in-place"], capsys)
    assert code == 1, err
    text = flat(err)
    assert "The program as given waits at `input()` for input that no one types here" in text
    assert "was not fixed; nothing was written" in text
    assert path.read_text() == source and out == ""


@pytest.mark.parametrize(
    ("source", "language"),
    [
        ("def f():\n    return 1\n\nprint(f())\n", "python"),  # no checks at all
        ("x = 1\nassert x == 1\nx = 2\nprint(x)\n", "python"),  # the assert is not at the bottom
        ("assert 1 + 1 == 2\nassert 2 * 2 == 4\n", "python"),  # nothing but checks: no program to fix
        ("x = 1; assert x == 1\n", "python"),  # shares its line with the program
        ("def f():\n    return 1\n\nassert f() = 1\n", "python"),  # the last check does not parse
        ("def f():\n    assert True\n    return 1\n", "python"),  # inside a function, not top level
        ('def f():\n    return 1\n\nif __name__ == "__main__":\n    assert f() == 1\n    x = f()\n', "python"),
        ("def f():\n    return 1\n\nassert f() == 1\nmain()\n", "python"),  # the program's own work comes last
        ('def f():\n    return 1\n\nif __name__ == "__main__":\n    assert f() == 1\nelse:\n    pass\n', "python"),
        ('def f():\n    return 1\n\nif __name__ == "__main__":\n    print(f())\n', "python"),
        ('if __name__ == "__main__":\n    assert 1 == 1\n', "python"),
        ("def f():\n    return 1\n\n\ndef main():\n    x = f()\n    print(x)\n\n\nmain()\n", "python"),
        (
            'def f():\n    return 1\n\n\ndef main():\n    with open("in.txt") as lines:\n'
            "        assert f() == 1\n\n\nmain()\n",
            "python",
        ),
        ("def f():\n    return 1\n\n\ndef main():\n    assert f() == 1\n    f()\n\n\nmain()\n", "python"),
        ("def f(x):\n    return x\n\n\ndef main(x):\n    assert f(x) == x\n\n\nmain(1)\n", "python"),
        ("def f():\n    return 1\n\n\ndef main():\n    assert f() == 1\n\n\nmain()\nmain()\nf()\n", "python"),
        ("async def f():\n    return 1\n\n\nasync def main():\n    assert await f() == 1\n\n\nmain()\n", "python"),
        ("function f() { return 1; }\nconsole.log(f());\n", "javascript"),
        (
            "function f() { return 1; }\nfunction main() {\n  console.assert(f() === 1);\n  f();\n}\nmain();\n",
            "javascript",
        ),
        ("function f() { return 1; }\n(() => {\n  console.assert(f() === 1);\n})();\n", "javascript"),
        ("function f() { return 1; }\nconsole.assert(f() === 1);\nf();\n", "javascript"),
        ("const f = (x: number) => x;\nexpect(f(1)).to.equal(1);\n", "typescript"),  # chai's: not a check here
        ("echo hi\n[ 1 -eq 1 ]\n", "bash"),
    ],
    ids=[
        "none",
        "middle",
        "only-checks",
        "same-line",
        "syntax-error-in-the-check",
        "nested",
        "main-with-code",
        "call-after-checks",
        "main-with-else",
        "main-without-checks",
        "main-only",
        "main-function-of-work",
        "main-function-with-a-with-block",
        "main-function-ending-in-a-call",
        "main-function-with-a-parameter",
        "main-function-then-work",
        "async-main-function-never-awaited",
        "js-none",
        "js-main-function-ending-in-a-call",
        "js-not-async-called-as-defined",
        "js-middle",
        "ts-expect",
        "bash",
    ],
)
def test_nothing_is_split_without_a_block_of_checks_at_the_bottom(source: str, language: str) -> None:
    assert split_trailing_checks(source, language) is None


MEAN_BROKEN = """\
def mean(xs):
    total = 0
    for x in xs
        total += x
    return total // len(xs)


def check(got, want):
    assert got == want, f"{got} != {want}"


check(mean([1, 2]), 1.5)
assert mean([4]) == 4
"""
# The model's fix of the syntax error alone (no checks), and the whole file fixed.
MEAN_COLON_ONLY = MEAN_BROKEN[: MEAN_BROKEN.index("\n\n\ndef check")].replace("in xs", "in xs:")
MEAN_FIXED = MEAN_BROKEN.replace("in xs\n", "in xs:\n").replace("//", "/")
MEAN_BROKEN_JS = """\
function mean(xs) {
  let total = 0;
  for (const x of xs) {
    total += x;

  return Math.floor(total / xs.length);
}

console.assert(mean([1, 2]) === 1.5);
console.assert(mean([4]) === 4);
"""


@pytest.mark.parametrize(
    ("source", "language", "first", "count"),
    [(MEAN_BROKEN, "python", 8, 2), (MEAN_BROKEN_JS, "javascript", 9, 2), (MEAN_BROKEN_JS, "typescript", 9, 2)],
    ids=["python", "javascript", "typescript"],
)
def test_the_checks_of_a_file_with_a_syntax_error_split_off_after_it(
    source: str, language: str, first: int, count: int
) -> None:
    split = split_trailing_checks(source, language)
    assert split is not None
    # The error stays in the program, for the model to fix; the checks (and a helper defined after the error)
    # are the tests, at their lines in the file.
    assert split.program == source[: source.index("\n\n\ndef check" if language == "python" else "\n\nconsole")] + "\n"
    assert (split.first_line, split.count) == (first, count)
    assert split.tests == "\n" * (first - 1) + source.split("\n", first - 1)[-1]
    assert split.rejoin(split.program) == source


def test_one_checking_function_is_named_in_the_singular() -> None:
    source = (
        'def f(x):\n    return x\n\n\ndef test_one():\n    assert f(1) == 1\n\n\nif __name__ == "__main__":\n'
        "    test_one()\n"
    )
    split = split_trailing_checks(source, "python")
    assert split is not None and split.describe("f.py") == (
        'Split off 1 check in the function and the `if __name__ == "__main__":` block that calls it at the bottom of '
        "f.py (lines 5–10) as tests the model cannot edit."
    )


@pytest.mark.parametrize(
    "source",
    [
        "def f():\n    return 1\n\n\n\nassert f() == 1\n\n# the end\n",
        "def f():\n    return 1\nassert f() == 1",  # no newline at the end
        "def f():\r\n    return 1\r\n\r\nassert f() == 1\r\n",  # CRLF
        "x = 'é'\n\nassert x == 'é'  # non-ASCII\n",
    ],
    ids=["blank-lines-and-comment", "no-final-newline", "crlf", "non-ascii"],
)
def test_the_checks_are_put_back_exactly(source: str) -> None:
    split = split_trailing_checks(source, "python")
    assert split is not None and split.rejoin(split.program) == source


def test_checks_the_model_copied_into_its_answer_are_written_once() -> None:
    split = split_trailing_checks(CALC, "python")
    assert split is not None
    copied = CALC_FIXED.replace("\n\nassert", "\nassert", 1)  # its own spacing, then the checks
    assert split.rejoin(copied) == CALC_FIXED
    # Or only the table of cases the checks read (the 0.5B model did, fixing a file like this).
    leap = split_trailing_checks(LEAP, "python")
    assert leap is not None and leap.rejoin(LEAP[: LEAP.index("for ")]) == LEAP


# ---------------------------------------------------------------------------- fix, end to end


@pytest.mark.parametrize(
    ("source", "split_off"),
    [
        (CALC, "Split off 3 checks at the bottom of calc.py (lines 14–17)"),
        (
            CALC_MAIN,
            'Split off 2 checks in the `if __name__ == "__main__":` block at the bottom of calc.py (lines 14–18)',
        ),
    ],
    ids=["asserts", "main-block"],
)
def test_the_search_fixes_a_swapped_operand_without_calling_the_model(
    tmp_path: Path, silent_model: MustNotBeCalled, capsys: pytest.CaptureFixture[str], source: str, split_off: str
) -> None:
    path = tmp_path / "calc.py"
    path.write_text(source)
    out_path = tmp_path / "fixed.py"
    code, out, err = run(["fix", str(path), "--output", str(out_path)], capsys)
    assert code == 0 and out == "", err
    text = flat(err)
    assert f"{split_off} as tests the model cannot edit." in text
    assert "attempt 1 of 5 · the program as given, no model call" in text
    assert " asserts passed." in text  # a report per assert, not one AssertionError
    assert "attempt 2 of 5 · patch from the repair search, no model call" in text
    assert "found by the repair search: `right - left` changed to `left - right` on line 5 (0 tokens," in text
    assert "--- a/calc.py\n+++ b/calc.py\n" in err
    assert "\n-    return right - left\n+    return left - right\n" in err
    # The fixed program, with the checks put back exactly as they were.
    assert out_path.read_text() == source.replace("return right - left", "return left - right")
    assert path.read_text() == source


LAST_PY = "def last(items):\n    return items[len(items)]\n\n\nprint(last([1, 2, 3]))\n\nassert last([4, 5]) == 5\n"
LAST_JS = (
    "function last(items) {\n  return items[items.length].toString();\n}\n\n"
    'console.log(last([1, 2, 3]));\n\nconsole.assert(last([4, 5]) === "5");\n'
)


@pytest.mark.parametrize(
    ("name", "source", "frames"),
    [
        ("last.py", LAST_PY, ['File "last.py", line 5, in <module>', 'File "last.py", line 2, in last']),
        ("last.js", LAST_JS, ["at last (last.js:2:", "(last.js:5:"]),
        ("last.ts", LAST_JS.replace("(items)", "(items: number[]): string"), ["at last (last.ts:2:", "(last.ts:5:"]),
    ],
    ids=["python", "javascript", "typescript"],
)
def test_a_traceback_names_the_file_being_fixed(
    tmp_path: Path,
    silent_model: MustNotBeCalled,
    capsys: pytest.CaptureFixture[str],
    name: str,
    source: str,
    frames: list[str],
) -> None:
    path = tmp_path / name
    path.write_text(source)
    code, _, err = run(["fix", str(path), "--output", str(tmp_path / "fixed")], capsys)
    assert code == 0, err
    text = flat(err)
    assert all(frame in text for frame in frames), err
    assert "snippet_" not in err and "selfdebug-run" not in err


class PipedInput(io.TextIOWrapper):
    """Standard input that is a pipe holding ``data`` (or, with ``terminal``, a terminal)."""

    def __init__(self, data: str, *, terminal: bool = False) -> None:
        super().__init__(io.BytesIO(data.encode("utf-8")), encoding="utf-8")
        self.terminal = terminal

    def isatty(self) -> bool:
        return self.terminal


def test_a_program_piped_into_fix_dash_is_fixed_to_standard_output(
    silent_model: MustNotBeCalled, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", PipedInput(CALC))
    code, out, err = run(["fix", "-", "--lang", "py"], capsys)
    assert code == 0 and out == CALC_FIXED, err
    text = flat(err)
    assert "Split off 3 checks at the bottom of stdin.py (lines 14–17)" in text
    assert "--- a/stdin.py\n+++ b/stdin.py\n" in err


@pytest.mark.parametrize(
    ("argv", "piped", "message"),
    [
        (["--lang", "python"], None, "but that is a terminal: pipe the program in"),
        ([], CALC, "no suffix to tell its language; pass --lang"),
        (["--lang", "python", "--in-place"], CALC, "--in-place needs a file to overwrite"),
        (["--lang", "python", "--human"], CALC, "--human asks for hints on standard input"),
        (["--lang", "python"], "x = 1\n" * 200_000, "holds more than 1,000,000 bytes"),
        (["--lang", "python"], "\n  \n", "standard input is empty"),
    ],
    ids=["terminal", "no-lang", "in-place", "human", "too-big", "empty"],
)
def test_what_fix_dash_cannot_do_is_one_clear_line(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    piped: str | None,
    message: str,
) -> None:
    monkeypatch.setattr("sys.stdin", PipedInput(piped or "", terminal=piped is None))
    code, out, err = run(["fix", "-", *argv], capsys)
    assert code == cli_main.EXIT_USAGE and out == ""
    assert message in flat(err) and "Traceback" not in err


AREA = "def area(width, height):\n    return width + height\n"
TEST_AREA = (
    "import math\n"
    "from area import area\n"
    "import area as shapes\n"
    "from area import (\n    area as surface,\n)\n"
    "\n\n"
    "def test_small():\n    assert area(2, 3) == 6\n\n\n"
    "def test_big():\n    assert shapes.area(4, 5) == surface(5, 4) == 20\n"
)


def test_imports_of_the_program_in_a_tests_file_are_rewritten_in_place() -> None:
    rewritten = drop_program_imports(TEST_AREA, "area")
    assert rewritten is not None
    assert rewritten.splitlines()[:6] == [
        "import math",
        f"{_program_module('area')}  # imports the program above (area.py)",
        f"shapes = {_program_module('area')}  # imports the program above (area.py)",
        f"{_program_module('area')}; surface = area  # imports the program above (area.py)",
        "",
        "",
    ]
    assert rewritten.splitlines()[6:] == TEST_AREA.splitlines()[6:]  # the rest, on the same lines
    nested = "def test_x():\n    from area import area  # here\n    assert area(1, 1) == 1\n"
    assert drop_program_imports(nested, "area") == nested.replace(
        "from area import area", f"{_program_module('area')}  # imports the program above (area.py)"
    )
    assert drop_program_imports("import math\nfrom areas import area\n", "area") is None
    assert drop_program_imports("def f(:\n", "area") is None


def test_imports_of_the_program_from_its_package_are_rewritten_in_place() -> None:
    # Tests beside a package's code import the program by its dotted or relative name; before, only "from area
    # import ..." was seen, and the run failed with "ModuleNotFoundError: No module named 'shapes'".
    namespace, program = "__import__('types').SimpleNamespace", _program_module("area")
    cases = {
        "from shapes.area import area, perimeter as p\n": f"{program}; p = perimeter\n",
        "from shapes import area\n": f"area = {program}\n",
        "from shapes import area as a, other\n": f"a = {program}; from shapes import other\n",
        "import shapes.area\n": f"shapes = {namespace}(area={program})\n",
        "import shapes.area as a, math\n": f"a = {program}; import math\n",
        "from .area import area\n": f"{program}\n",
        "from . import area\n": f"area = {program}\n",
    }
    for tests, rewritten in cases.items():
        expected = rewritten.replace("\n", "  # imports the program above (area.py)\n")
        assert drop_program_imports(tests, "area", package="shapes") == expected, tests
    # Only from the program's own folder: "from geometry import area" may import a function of geometry.py.
    assert drop_program_imports("from geometry import area\n", "area", package="shapes") is None
    assert drop_program_imports("from geometry.area import x\n", "area", package="shapes") is None
    assert drop_program_imports("from shapes.areas import x\n", "area", package="shapes") is None
    js = 'const { area } = require("../src/area");\nimport * as shapes from "../lib/area.js";\n'
    assert drop_program_imports(js, "area", "javascript") == (
        "// imports the program above\nconst shapes = module.exports; // imports the program above\n"
    )
    assert drop_program_imports('const a = require("../src/areas");\n', "area", "javascript") is None


PACKAGE_TESTS = {
    "pytest": (
        "import pytest\n\nfrom shapes.calc import clamp, mean\n\n\n"
        "@pytest.mark.parametrize('values, want', [([1, 2, 3], 2), ([4], 4), ([0.1, 0.2], 0.15)])\n"
        "def test_mean(values, want):\n    assert mean(values) == pytest.approx(want)\n\n\n"
        "def test_clamp():\n    assert clamp(5, 0, 3) == 3\n"
    ),
    "unittest": (
        "import unittest\n\nfrom shapes import calc\n\n\nclass TestCalc(unittest.TestCase):\n"
        "    @classmethod\n    def setUpClass(cls):\n        cls.data = [2, 4]\n\n"
        "    def test_mean(self):\n        self.assertAlmostEqual(calc.mean(self.data), 3)\n\n"
        "    def test_raises(self):\n        with self.assertRaises(ZeroDivisionError):\n"
        "            calc.mean([])\n\n\n"
        "if __name__ == '__main__':\n    unittest.main()\n"
    ),
}


@pytest.mark.parametrize("style", ["pytest", "unittest"])
def test_tests_of_a_package_in_a_src_layout_run_and_the_search_fixes_the_module(
    tmp_path: Path, silent_model: MustNotBeCalled, capsys: pytest.CaptureFixture[str], style: str
) -> None:
    # Before, every run failed on the import (and a unittest class's setUpClass never ran: each test that used
    # what it set up failed, whatever the program did).
    package = tmp_path / "src" / "shapes"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    program = "def mean(values):\n    return sum(values) / (len(values) + 1)\n\n\ndef clamp(x, lo, hi):\n"
    program += "    return max(lo, min(x, hi))\n"
    (package / "calc.py").write_text(program)
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_calc.py").write_text(PACKAGE_TESTS[style])
    args = ["fix", str(package / "calc.py"), "--tests", str(tmp_path / "tests" / "test_calc.py")]
    code, out, err = run(args, capsys)
    assert code == 0, err
    text = flat(err)
    assert "The tests import calc, the program" in text and "No module named" not in text
    assert "found by the repair search: `(len(values) + 1)` changed to `len(values)` on line 2" in text
    assert out == program.replace("(len(values) + 1)", "len(values)")


@pytest.mark.skipif(shutil.which("tsc") is None, reason="tsc is missing (apt-get install node-typescript)")
def test_a_javascript_es_module_with_jest_tests_in_their_own_folder_is_fixed(
    tmp_path: Path, silent_model: MustNotBeCalled, capsys: pytest.CaptureFixture[str]
) -> None:
    # Before, the tests' import of "../src/calc" was not seen as the program's, and the file ran as an ES module:
    # every test failed with "ReferenceError: require is not defined" (node 20), or the run with "SyntaxError:
    # Unexpected token 'export'" (node 18, the Docker image's); the search's passing patch then failed its check.
    (tmp_path / "src").mkdir()
    (tmp_path / "__tests__").mkdir()
    program = (
        "export function mean(values) {\n  if (values.length === 0) throw new RangeError('no values');\n"
        "  return values.reduce((a, b) => a + b, 0) / (values.length - 1);\n}\n"
    )
    (tmp_path / "src" / "calc.js").write_text(program)
    (tmp_path / "__tests__" / "calc.test.js").write_text(
        'import { mean } from "../src/calc";\n\ndescribe("mean", () => {\n'
        "  it('averages', () => {\n    expect(mean([1, 2, 3])).toBe(2);\n  });\n"
        "  it('throws on empty', () => {\n    expect(() => mean([])).toThrow(RangeError);\n  });\n});\n"
    )
    args = ["fix", str(tmp_path / "src" / "calc.js"), "--tests", str(tmp_path / "__tests__" / "calc.test.js")]
    code, out, err = run(args, capsys)
    assert code == 0, err
    text = flat(err)
    assert "The tests import calc, the program" in text and "Tests: 1 of 2 asserts passed." in text
    assert "found by the repair search: `(values.length - 1)` changed to `values.length` on line 3" in text
    assert out == program.replace("(values.length - 1)", "values.length")


TEST_AREA_UNITTEST = (
    "import unittest\n"
    "from area import area\n\n\n"
    "class AreaTests(unittest.TestCase):\n"
    "    def test_small(self):\n        self.assertEqual(area(2, 3), 6)\n\n"
    "    def test_big(self):\n        self.assertEqual(area(4, 5), 20)\n\n\n"
    'if __name__ == "__main__":\n    unittest.main()\n'
)
AREA_JS = "function area(width, height) {\n  return width + height;\n}\nmodule.exports = { area };\n"
TEST_AREA_JS = (
    'const assert = require("assert");\nconst { area } = require("./area");\nconst shapes = require("./area.js");\n'
    'const { area: surface } = require("./area");\n\n'
    "assert.strictEqual(area(2, 3), 6);\nconsole.assert(shapes.area(4, 5) === surface(5, 4) && surface(1, 1) === 1);\n"
)
AREA_TS = "export function area(width: number, height: number): number {\n  return width + height;\n}\n"
TEST_AREA_TS = (
    'import assert from "assert";\nimport { area } from "./area";\nimport * as shapes from "./area";\n'
    'import { area as surface } from "./area.ts";\n\n'
    "assert.strictEqual(area(2, 3), 6);\nconsole.assert(shapes.area(4, 5) === surface(5, 4) && surface(1, 1) === 1);\n"
)

# Default imports of an ES module's default export: by its own name (which the program declares), or another.
AREA_MJS = "export default function area(width, height) {\n  return width + height;\n}\n"
TEST_AREA_MJS = (
    'import area from "./area.mjs";\nimport assert from "node:assert";\n\n'
    "assert.strictEqual(area(2, 3), 6);\nassert.strictEqual(area(4, 5), 20);\n"
)
AREA_CJS = "function area(width, height) {\n  return width + height;\n}\n\nmodule.exports = area;\n"
TEST_AREA_CJS = (
    'const assert = require("node:assert");\nconst area = require("./area");\n\n'
    "assert.strictEqual(area(2, 3), 6);\nassert.strictEqual(area(4, 5), 20);\n"
)
AREA_TS_DEFAULT = "export default function area(width: number, height: number): number {\n  return width + height;\n}\n"
TEST_AREA_TS_DEFAULT = (
    'import surface from "./area";\n\ntest("area", () => {\n  expect(surface(2, 3)).toBe(6);\n});\n\n'
    'test("bigger", () => {\n  expect(surface(4, 5)).toBe(20);\n});\n'
)


GREET = (
    "import argparse\nimport sys\n\n\ndef main(argv=None):\n"
    "    parser = argparse.ArgumentParser(prog='greet')\n    parser.add_argument('name')\n"
    "    args = parser.parse_args(argv)\n    print(f'hello {args.name}'.lower())\n    return 0\n\n\n"
    "if __name__ == '__main__':\n    sys.exit(main())\n"
)
TEST_GREET = (
    "from greet import main\n\n\ndef test_shout(capsys):\n    assert main(['BO']) == 0\n"
    "    assert capsys.readouterr().out == 'HELLO BO\\n'\n"
)


def test_a_program_as_a_module_keeps_every_offset() -> None:
    program = (
        "import sys\nif __name__ == '__main__':\n    main()\nif \"__main__\" == __name__: run()\n"
        "def f():\n    if __name__ == '__main__':\n        pass\nif __name__ != '__main__':\n    g()\n"
    )
    module = program_as_module(program)
    assert len(module) == len(program)
    assert module == program.replace("'__main__':\n    main", "'__test__':\n    main").replace(
        '"__main__" ==', '"__test__" =='
    )  # only the top-level guards: a function's, and a `!=`, as they were
    assert program_as_module("def f(:\n") == "def f(:\n"


MARK = " // imports the program above"
GREET_JS = (
    "function greet(name, shout) {\n  const text = `hello ${name}`;\n  return shout ? text.toLowerCase() : text;\n}\n\n"
    "function main(argv) {\n  if (argv.length === 0) throw new Error('usage: greet NAME');\n"
    "  console.log(greet(argv[0], argv.includes('--shout')));\n}\n\n"
    "if (require.main === module) {\n  main(process.argv.slice(2));\n}\n\nmodule.exports = { greet };\n"
)
TEST_GREET_JS = (
    'const assert = require("node:assert");\nconst { greet } = require("./greet");\n\n'
    'assert.strictEqual(greet("ann", false), "hello ann");\nassert.strictEqual(greet("bo", true), "HELLO BO");\n'
)


@pytest.mark.parametrize(
    ("program", "tests", "names", "fixed"),
    [
        (GREET, TEST_GREET, ("greet.py", "test_greet.py"), GREET.replace(".lower()", ".upper()")),
        (GREET_JS, TEST_GREET_JS, ("greet.js", "greet.test.js"), GREET_JS.replace("toLowerCase", "toUpperCase")),
    ],
    ids=["python", "javascript"],
)
def test_a_script_whose_tests_import_it_runs_as_a_module_without_its_main_block(
    tmp_path: Path,
    silent_model: MustNotBeCalled,
    capsys: pytest.CaptureFixture[str],
    program: str,
    tests: str,
    names: tuple[str, str],
    fixed: str,
) -> None:
    # Before, the main block ran first, as in `python greet.py` (argparse found no name and exited 2) or
    # `node greet.js` (`require.main === module` held in the one file; main threw "usage: greet NAME"), before any
    # check ran, and the search had nothing to go on.
    program_path, tests_path, out_path = tmp_path / names[0], tmp_path / names[1], tmp_path / f"fixed-{names[0]}"
    program_path.write_text(program)
    tests_path.write_text(tests)
    code, _, err = run(["fix", str(program_path), "--tests", str(tests_path), "--output", str(out_path)], capsys)
    assert code == 0, err
    assert "Tests: 1 of 2 asserts passed." in flat(err)
    assert out_path.read_text() == fixed  # its main block as it was


@pytest.mark.parametrize("language", ["javascript", "typescript"])
def test_a_node_program_as_a_module_keeps_every_offset(language: str) -> None:
    program = (
        "if (require.main === module) main();\nif (module == require.main) { run(); }\n"
        "function f() {\n  if (require.main === module) g();\n}\nif (require.main !== module) h();\n"
    )
    module = program_as_module_js(program, language)
    assert len(module) == len(program)
    blank = {test: "false".ljust(len(test)) for test in ("require.main === module", "module == require.main")}
    assert module == program.replace(
        "(require.main === module) main", f"({blank['require.main === module']}) main"
    ).replace("(module == require.main)", f"({blank['module == require.main']})")
    # only the top-level guards: a function's, and a `!==`, as they were
    # An ES module's test of whether it runs as the main module, either way it is written.
    esm = (
        "if (process.argv[1] === fileURLToPath(import.meta.url)) main();\n"
        "if (import.meta.url == `file://${process.argv[1]}`) run();\nif (process.argv[1] === other) h();\n"
    )
    module = program_as_module_js(esm, language)
    assert module.splitlines() == [
        "if (" + "false".ljust(len("process.argv[1] === fileURLToPath(import.meta.url)")) + ") main();",
        "if (" + "false".ljust(len("import.meta.url == `file://${process.argv[1]}`")) + ") run();",
        "if (process.argv[1] === other) h();",
    ]


@pytest.mark.parametrize("language", ["javascript", "typescript"])
def test_checks_in_an_es_modules_main_block_split_off(
    tmp_path: Path, silent_model: MustNotBeCalled, capsys: pytest.CaptureFixture[str], language: str
) -> None:
    # Before, `if (process.argv[1] === fileURLToPath(import.meta.url)) { ... }` was the program's own code: its
    # checks ran as the program, the first failure stopped it, and the search had no count to go on.
    source = (
        "import assert from 'node:assert/strict';\nimport { fileURLToPath } from 'node:url';\n\n"
        "export function slug(title) {\n  return title.trim().toLowerCase().replace(/[^a-z0-9]+/, '-');\n}\n\n"
        "if (process.argv[1] === fileURLToPath(import.meta.url)) {\n  assert.equal(slug('Hello'), 'hello');\n"
        "  assert.equal(slug('Hello big world'), 'hello-big-world');\n  console.log('ok');\n}\n"
    )
    split = split_trailing_checks(source, language)
    assert split is not None and split.program == source[: source.index("\n\nif")] + "\n"
    assert split.describe("slug.mjs") == (
        "Split off 2 checks in the `if (process.argv[1] === fileURLToPath(import.meta.url))` block at the bottom "
        "of slug.mjs (lines 8–11) as tests the model cannot edit."
    )
    path = tmp_path / ("slug.mjs" if language == "javascript" else "slug.mts")
    path.write_text(source)
    code, out, err = run(["fix", str(path)], capsys)
    assert code == 0, err
    assert "Tests: 1 of 2 asserts passed." in flat(err)
    assert out == source.replace("+/, '-')", "+/g, '-')")


def test_a_file_given_as_its_own_tests_is_split_as_without_them(
    tmp_path: Path, silent_model: MustNotBeCalled, capsys: pytest.CaptureFixture[str]
) -> None:
    # Before, `fix stats.py --tests stats.py` ran the file's checks as its program: the first failing assert
    # stopped it, "0 of 0" asserts, and the search had nothing to count.
    path = tmp_path / "stats.py"
    path.write_text(
        "def mean(xs):\n    return sum(xs) / (len(xs) - 1)\n\n\nif __name__ == '__main__':\n"
        "    assert mean([2, 4]) == 3\n    assert mean([1, 2, 3]) == 2\n"
    )
    code, out, err = run(["fix", str(path), "--tests", str(path)], capsys)
    assert code == 0, err
    assert f"--tests {path} is the file to fix: the checks at its bottom are its tests." in flat(err)
    assert "Tests: 0 of 2 asserts passed." in flat(err)
    assert out == path.read_text().replace("(len(xs) - 1)", "len(xs)")


def test_tests_that_patch_the_programs_module_reach_its_own_lookups(
    tmp_path: Path, silent_model: MustNotBeCalled, capsys: pytest.CaptureFixture[str]
) -> None:
    # Before, `import weather` bound a copy of the program's names: `monkeypatch.setattr(weather, "fetch", ...)`
    # changed the copy, the program still called the network, and every test failed with a URLError.
    (tmp_path / "weather.py").write_text(
        "import urllib.request\n\n\ndef fetch(city):\n    return urllib.request.urlopen(city)\n\n\n"
        "def describe(city):\n    temp = fetch(city)['temp']\n    return 'cold' if temp > 10 else 'warm'\n"
    )
    (tmp_path / "test_weather.py").write_text(
        "from unittest.mock import patch\n\nimport weather\n\n\n"
        "def test_hot(monkeypatch):\n    monkeypatch.setattr(weather, 'fetch', lambda city: {'temp': 30})\n"
        "    assert weather.describe('Cairo') == 'warm'\n\n\n"
        "def test_cold():\n    with patch.object(weather, 'fetch', return_value={'temp': 3}):\n"
        "        assert weather.describe('Oslo') == 'cold'\n    with patch('weather.fetch') as fetch:\n"
        "        fetch.return_value = {'temp': 1}\n        assert weather.describe('Oslo') == 'cold'\n\n\n"
        # A test under @patch decorators gets their mocks first, and its fixtures (before, it was not run).
        "@patch.dict('os.environ', {'CITY': 'x'})\n@patch('weather.urllib')\n"
        "@patch('weather.fetch', return_value={'temp': 2})\n"
        "def test_patched(fetch, urllib, tmp_path):\n    assert tmp_path.is_dir() and weather.urllib is urllib\n"
        "    assert weather.describe(str(tmp_path)) == 'cold'\n"
    )
    args = ["fix", str(tmp_path / "weather.py"), "--tests", str(tmp_path / "test_weather.py"), "--in-place"]
    code, _, err = run(args, capsys)
    assert code == 0, err
    assert "Tests: 1 of 5 asserts passed." in flat(err) and "URLError" not in err and "Not run" not in err
    assert "temp < 10" in (tmp_path / "weather.py").read_text()


def test_tests_that_import_names_and_patch_the_program_by_its_modules_name_are_searched(
    tmp_path: Path, silent_model: MustNotBeCalled, capsys: pytest.CaptureFixture[str]
) -> None:
    # Before, `from retry import delays` made no module `retry`: the first run found the harness's copy of the
    # program beside the tests, but the search's runs did not, so `patch("retry.time.sleep")` failed for every
    # candidate, and the fix (`^` → `**`) was "3 of 8 asserts".
    (tmp_path / "retry.py").write_text(
        "import time\n\n\ndef delays(n):\n    return [2 ^ i for i in range(n)]\n\n\n"
        "def wait_all(n):\n    for d in delays(n):\n        time.sleep(d)\n"
    )
    (tmp_path / "test_retry.py").write_text(
        "from unittest import mock\n\nfrom retry import delays, wait_all\n\n\n"
        "def test_delays():\n    assert delays(3) == [1, 2, 4]\n\n\n"
        "def test_waits():\n    with mock.patch('retry.time.sleep') as sleep:\n        wait_all(2)\n"
        "    assert sleep.call_args_list == [mock.call(1), mock.call(2)]\n"
    )
    args = ["fix", str(tmp_path / "retry.py"), "--tests", str(tmp_path / "test_retry.py"), "--in-place"]
    code, _, err = run(args, capsys)
    assert code == 0, err
    assert "`2 ^ i` changed to `2 ** i` on line 5" in flat(err)


def test_a_default_import_of_the_program_is_its_default_export() -> None:
    # Before, `const area = module.exports;`: "Identifier 'area' has already been declared", every run.
    mjs = drop_program_imports(TEST_AREA_MJS, "area", "javascript", program=AREA_MJS)
    assert mjs == TEST_AREA_MJS.replace('import area from "./area.mjs";', "// imports the program above")
    cjs = drop_program_imports(TEST_AREA_CJS, "area", "javascript", program=AREA_CJS)  # `module.exports = area`
    assert cjs == TEST_AREA_CJS.replace('const area = require("./area");', "// imports the program above")
    ts = drop_program_imports(TEST_AREA_TS_DEFAULT, "area", "typescript", program=AREA_TS_DEFAULT)
    assert ts is not None and ts.splitlines()[0] == (
        "const surface = module.exports.__esModule ? module.exports.default : module.exports;" + MARK
    )


def test_imports_of_the_program_in_javascript_and_typescript_tests_are_rewritten_in_place() -> None:
    js = drop_program_imports(TEST_AREA_JS, "area", "javascript")
    ts = drop_program_imports(TEST_AREA_TS, "area", "typescript")
    assert js is not None and ts is not None
    assert js.splitlines()[:4] == [
        'const assert = require("assert");',
        "// imports the program above",
        "const shapes = module.exports;" + MARK,
        "const surface = area;" + MARK,
    ]
    assert ts.splitlines()[:4] == [
        'import assert from "assert";',
        "// imports the program above",
        "const shapes = module.exports;" + MARK,
        "const surface = area;" + MARK,
    ]
    assert js.splitlines()[4:] == TEST_AREA_JS.splitlines()[4:]
    assert drop_program_imports('const x = require("./areas");\n', "area", "javascript") is None
    assert drop_program_imports("const x = require(;\n", "area", "javascript") is None


def test_a_test_that_runs_the_program_as_a_script_finds_the_program_beside_it(
    tmp_path: Path, silent_model: MustNotBeCalled, capsys: pytest.CaptureFixture[str]
) -> None:
    # Before, `subprocess.run([sys.executable, HERE / "wc.py", ...])` found no wc.py beside the tests' file in the
    # sandbox: that test failed whatever the patch, so even the right one did not pass, and nothing was fixed.
    program = (
        "import sys\n\n\ndef count(text):\n    return len(text.split()), len(text) - 1\n\n\n"
        'if __name__ == "__main__":\n    print(*count(open(sys.argv[1]).read()))\n'
    )
    (tmp_path / "wc.py").write_text(program)
    (tmp_path / "test_wc.py").write_text(
        "import subprocess\nimport sys\nfrom pathlib import Path\n\nfrom wc import count\n\n\n"
        "def test_count():\n    assert count('a b') == (2, 3)\n\n\n"
        "def test_script(tmp_path):\n    (tmp_path / 'in.txt').write_text('one two\\n')\n"
        "    script = Path(__file__).parent / 'wc.py'\n"
        "    run = subprocess.run([sys.executable, str(script), str(tmp_path / 'in.txt')], capture_output=True)\n"
        "    assert run.stdout == b'2 8\\n'\n"
    )
    args = ["fix", str(tmp_path / "wc.py"), "--tests", str(tmp_path / "test_wc.py"), "--output", str(tmp_path / "o")]
    code, _, err = run(args, capsys)
    assert code == 0, err
    assert "Tests: 0 of 2 asserts passed." in flat(err) and "actual: b'2 7\\n'" in flat(err)
    assert (tmp_path / "o").read_text() == program.replace("len(text) - 1", "len(text)")
    assert (tmp_path / "wc.py").read_text() == program  # the user's file, and nothing beside it
    assert sorted(path.name for path in tmp_path.iterdir()) == ["o", "test_wc.py", "wc.py"]


@pytest.mark.parametrize(
    ("suffix", "program", "tests"),
    [
        ("py", AREA, TEST_AREA),
        ("py", AREA, TEST_AREA_UNITTEST),
        ("js", AREA_JS, TEST_AREA_JS),
        ("ts", AREA_TS, TEST_AREA_TS),
        ("mjs", AREA_MJS, TEST_AREA_MJS),
        ("ts", AREA_TS_DEFAULT, TEST_AREA_TS_DEFAULT),
        ("js", AREA_CJS, TEST_AREA_CJS),
    ],
    ids=[
        "python-pytest-style",
        "python-unittest",
        "javascript",
        "typescript",
        "es-module-default",
        "ts-default",
        "commonjs-own-name",
    ],
)
def test_a_tests_file_that_imports_the_program_is_run(
    tmp_path: Path,
    silent_model: MustNotBeCalled,
    capsys: pytest.CaptureFixture[str],
    suffix: str,
    program: str,
    tests: str,
) -> None:
    # The usual layout: area.py and test_area.py importing it (a pytest user never calls the test functions,
    # and a unittest file's unittest.main() does not run when the file is not the main one).
    (tmp_path / f"area.{suffix}").write_text(program)
    (tmp_path / f"test_area.{suffix}").write_text(tests)
    out_path = tmp_path / f"fixed.{suffix}"
    args = ["fix", str(tmp_path / f"area.{suffix}"), "--tests", str(tmp_path / f"test_area.{suffix}")]
    code, _, err = run([*args, "--output", str(out_path)], capsys)
    assert code == 0, err
    text = flat(err)
    assert "The tests import area, the program: they run after it in one file" in text
    assert "Tests: 0 of 2 asserts passed." in text
    assert "found by the repair search: `width + height` changed to `width * height` on line 2" in text
    assert out_path.read_text() == program.replace("+", "*")


@pytest.mark.parametrize("ending", ["\n\n\n", "", "\n  \n"], ids=["blank-lines", "no-newline", "spaces"])
def test_the_fixed_file_keeps_the_files_own_ending(
    tmp_path: Path, silent_model: MustNotBeCalled, capsys: pytest.CaptureFixture[str], ending: str
) -> None:
    # The program runs without them, so they used to show in the diff as removed (or a newline as added).
    (tmp_path / "area.py").write_text(AREA.rstrip() + ending)
    (tmp_path / "test_area.py").write_text(TEST_AREA)
    args = ["fix", str(tmp_path / "area.py"), "--tests", str(tmp_path / "test_area.py"), "--in-place"]
    code, _, err = run(args, capsys)
    assert code == 0, err
    assert (tmp_path / "area.py").read_text() == AREA.rstrip().replace("+", "*") + ending
    removed = [line for line in err.splitlines() if line.startswith("-") and not line.startswith("---")]
    assert removed == ["-    return width + height"]  # the diff shows the one changed line, no endings


def test_a_search_patch_of_the_models_program_is_shown_but_not_written(
    tmp_path: Path, models: ScriptedModels, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "double.py"
    path.write_text("def double(x):\n    return 0\n\n\nassert double(2) == 4\nassert double(5) == 10\n")
    out_path = tmp_path / "fixed.py"
    # No patch of the given program passes; the model's program is one edit from passing.
    models.replies += [py("def double(x):\n    return x + x + 1")]
    code, out, err = run(["fix", str(path), "--output", str(out_path)], capsys)
    assert code == cli_main.EXIT_NOT_FIXED and out == ""
    text = flat(err)
    assert "not confirmed: the tests pass only with the repair search's patch of the model's own program" in text
    assert "\n-    return 0\n+    return x + x\n" in err  # the diff is against the file as given
    assert "was not fixed for sure" in text and "Nothing was written" in text
    assert not out_path.exists()
    assert len(models.clients[0].create_calls) == 1


@pytest.mark.parametrize(("answer", "expected"), [("accept", 0), ("", 1)])
def test_with_human_a_person_may_accept_an_unconfirmed_patch(
    tmp_path: Path,
    models: ScriptedModels,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    answer: str,
    expected: int,
) -> None:
    path = tmp_path / "double.py"
    path.write_text("def double(x):\n    return 0\n\n\nassert double(2) == 4\nassert double(5) == 10\n")
    asked = answer_human(monkeypatch, answer)
    models.replies += [py("def double(x):\n    return x + x + 1")]
    code, _, err = run(["fix", str(path), "--in-place", "--human"], capsys)
    assert code == expected and asked == [True]
    # The diff is shown once, before the question.
    assert err.count("\n-    return 0\n+    return x + x\n") == 1
    if expected == 0:
        assert (
            path.read_text() == "def double(x):\n    return x + x\n\n\nassert double(2) == 4\nassert double(5) == 10\n"
        )
        assert (tmp_path / "double.py.bak").exists()
    else:
        assert "was not fixed; nothing was written" in flat(err) and not (tmp_path / "double.py.bak").exists()
    assert len(models.clients[0].create_calls) == 1


def test_the_checks_get_a_report_per_assert(
    tmp_path: Path, models: ScriptedModels, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "calc.py"
    path.write_text(CALC)
    models.replies += [py(CALC_FIXED.split("\nassert")[0])]
    code, out, err = run(["fix", str(path), "--no-search"], capsys)
    assert code == 0 and out == CALC_FIXED
    # The as-given run reports each failing assert with its values, as a --tests file does.
    assert "Tests: 1 of 3 asserts passed." in err
    # Each check is named by its line in the file.
    assert "FAILED line 14: subtract(7, 2) == 5" in err and "expected: 5" in err and "actual:   -5" in err
    assert "Searching small patches" not in err
    assert "written by first-llm on attempt 2" in flat(err)


def test_a_model_that_drops_a_failing_assert_does_not_pass(
    tmp_path: Path, models: ScriptedModels, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "calc.py"
    path.write_text(CALC)
    # The old bug kept, and the asserts that show it gone: it used to "run without errors" and exit 0.
    dropped = CALC_PROGRAM + "assert average([1, 2, 3]) == 2\n"
    models.replies += [py(dropped), py(CALC_PROGRAM + "print('no checks')\n")]
    code, out, err = run(["fix", str(path), "--no-search", "--max-attempts", "2"], capsys)
    assert code == 1 and out == ""
    assert "ran without errors" not in err and "not fixed" in err and "nothing was written" in err
    assert path.read_text() == CALC


def test_a_file_with_a_syntax_error_keeps_its_checks_out_of_the_models_reach(
    tmp_path: Path, models: ScriptedModels, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "mean.py"
    path.write_text(MEAN_BROKEN)
    # The model fixes the colon, keeps the floor division, and writes checks that fit it: they used to be the
    # file's only checks, so the wrong program passed and was written.
    fitted = MEAN_COLON_ONLY + "\n\nassert mean([1, 2]) == 1\nassert mean([4]) == 4\n"
    models.replies += [py(fitted), py(MEAN_COLON_ONLY.replace("//", "/"))]
    code, out, err = run(["fix", str(path), "--no-search", "--max-attempts", "3"], capsys)
    assert "Split off 2 checks at the bottom of mean.py (lines 8–13)" in flat(err)
    assert "FAILED line 9: got == want" in err and "expected: 1.5" in err
    assert code == 0 and out == MEAN_FIXED
    assert "Searching small patches" not in err


def test_the_search_skips_a_program_that_does_not_parse(
    tmp_path: Path, models: ScriptedModels, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "mean.py"
    path.write_text(MEAN_BROKEN.replace("//", "/"))
    models.replies += [py(MEAN_COLON_ONLY.replace("//", "/"))]
    code, out, err = run(["fix", str(path)], capsys)
    # No template fixes a syntax error: the model gets the first turn, with no search before it.
    assert code == 0 and out == MEAN_FIXED
    assert "Searching small patches" not in err and "repair search" not in err


def test_a_search_patch_of_a_line_the_model_kept_from_the_file_is_a_fix(
    tmp_path: Path, models: ScriptedModels, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "mean.py"
    path.write_text(MEAN_BROKEN)
    # The model fixes the syntax error and nothing else; the search then fixes the floor division, on a line the
    # model kept as given: a patch of the file's own code, written as a fix (it used to be "not confirmed").
    models.replies += [py(MEAN_COLON_ONLY)]
    code, out, err = run(["fix", str(path)], capsys)
    assert code == 0 and out == MEAN_FIXED
    assert "found by the repair search on the model's program of attempt 2: `total // len(xs)` changed to" in flat(err)
    assert len(models.clients[0].create_calls) == 1


def test_the_fix_origin_says_whether_a_model_wrote_what_the_search_patched() -> None:
    metadata = {"move": "search", "edit": "`a` changed to `b` on line 2", "search_seconds": "0.4"}
    assert FixOrigin(2, metadata).short() == "repair search (0 tokens)"
    assert (
        FixOrigin(2, metadata).describe()
        == "found by the repair search: `a` changed to `b` on line 2 (0 tokens, 0.4 s)"
    )
    after_model = FixOrigin(3, metadata, tokens=1200, seconds=9.2)
    assert after_model.short() == "repair search after attempt 2 (1,200 tokens)"
    assert after_model.describe() == (
        "found by the repair search on the model's program of attempt 2: `a` changed to `b` on line 2 "
        "(1,200 tokens, 9 s in all)"
    )


def test_a_failing_console_assert_counts_as_failing_and_the_search_fixes_it(
    tmp_path: Path, models: ScriptedModels, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "rle.js"
    path.write_text(RLE_JS)
    still_broken = RLE_JS[: RLE_JS.index("// the checks")]
    models.replies += [js(still_broken)]
    code, out, err = run(["fix", str(path), "--no-search", "--max-attempts", "1"], capsys)
    assert code == 1 and out == ""
    assert "Split off 2 checks at the bottom of rle.js (lines 20–21)" in flat(err)
    assert 'FAILED line 20: console.assert(encode("aab") === "2a1b", "aab")' in err

    code, out, err = run(["fix", str(path)], capsys)  # the search's turn: no model call needed
    assert code == 0, err
    fixed = RLE_JS.replace("out += text[i - 1] + run;", "out += run + text[i - 1];")
    assert out == fixed
    assert "found by the repair search" in flat(err) and "+      out += run + text[i - 1];" in err


def test_typescript_checks_at_the_bottom_are_fixed_by_the_search(
    tmp_path: Path, silent_model: MustNotBeCalled, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "kadane.ts"
    path.write_text(KADANE_TS)
    code, out, err = run(["fix", str(path)], capsys)
    assert code == 0, err
    assert out == KADANE_TS.replace("Math.min", "Math.max")
    assert "Split off 2 checks at the bottom of kadane.ts (lines 12–13)" in flat(err)
    assert "--- a/kadane.ts" in err and "found by the repair search: `Math.min` changed to `Math.max`" in flat(err)


def test_typescript_checks_with_the_program_importing_assert(
    tmp_path: Path, models: ScriptedModels, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "kadane.ts"
    source = 'import * as assert from "assert";\n\n' + KADANE_TS.replace(
        'console.assert(maxSubarraySum([-3, -1, -2]) === -1, "all negative");',
        "assert.strictEqual(maxSubarraySum([-3, -1, -2]), -1);",
    )
    path.write_text(source)
    code, out, err = run(["fix", str(path)], capsys)
    assert code == 0, err
    assert out == source.replace("Math.min", "Math.max")


def test_several_passing_patches_bring_a_warning(
    tmp_path: Path, silent_model: MustNotBeCalled, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "add.py"
    path.write_text("def add(a, b):\n    return a - b\n\n\nassert add(2, 2) == 4\n")
    code, _, err = run(["fix", str(path), "--output", str(tmp_path / "out.py")], capsys)
    assert code == 0
    found = re.search(
        r"warning: (\d+) different patches pass these tests, so the tests do not pin the behaviour", flat(err)
    )
    assert found
    # One patch a line: a patch of two edits is described with a "; " inside, so a run-on list misled.
    others = [line for line in err.splitlines() if line.startswith("  - ")]
    assert len(others) == min(int(found[1]) - 1, 5) and all("changed to" in line for line in others)


def test_the_function_the_checks_compare_with_is_left_to_the_model(
    tmp_path: Path, models: ScriptedModels, capsys: pytest.CaptureFixture[str]
) -> None:
    # Before, the search "fixed" `close` (`abs(a - b)` → `abs(a % b)`: 4pi % pi is 0), claimed it and wrote it.
    # `r * 4` for `r ** 2` is no template's (`r * 2` is: `*` ↔ `**`).
    path = tmp_path / "circle.py"
    path.write_text(
        "import math\n\n\ndef area(r):\n    return math.pi * r * 4\n\n\n"
        "def close(a, b):\n    return abs(a - b) < 1e-9\n\n\n"
        "assert close(area(1), math.pi)\nassert close(area(2), 4 * math.pi)\n"
    )
    models.replies += [
        py(
            "import math\n\n\ndef area(r):\n    return math.pi * r ** 2\n\n\n"
            "def close(a, b):\n    return abs(a - b) < 1e-9"
        )
    ]
    code, out, err = run(["fix", str(path)], capsys)
    assert code == 0, err
    assert "no patch passes" in flat(err) and "written by first-llm on attempt 2" in flat(err)
    assert "r ** 2" in out and "abs(a - b)" in out


def test_too_many_passing_patches_go_to_the_model_as_evidence(
    tmp_path: Path, models: ScriptedModels, capsys: pytest.CaptureFixture[str]
) -> None:
    # One assert that more patches pass than SearchBudget.max_passing: none is taken, the model is asked.
    path = tmp_path / "bigger.py"
    path.write_text("def bigger(a, b):\n    if a < b:\n        return a\n    return b\n\n\nassert bigger(2, 5) == 5\n")
    models.replies += [py("def bigger(a, b):\n    if a < b:\n        return b\n    return a")]
    code, _, err = run(["fix", str(path), "--output", str(tmp_path / "out.py")], capsys)
    assert code == 0, err
    assert "none is taken as the fix" in flat(err) and "written by first-llm on attempt 2" in flat(err)
    seen = "\n".join(str(m.content) for m in models.clients[0].create_calls[0]["messages"])
    assert "makes every test pass, but so do" in seen


def test_examples_say_how_each_was_fixed(silent_model: MustNotBeCalled, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["examples", "--only", "python", "--strict"], capsys)
    assert code == 0
    assert "--- a/postfix_evaluator.py" in err and "found by the repair search" in flat(err)
    assert "fixed by" in err and "repair search (0" in err  # the summary table's column


def test_no_search_leaves_the_fix_to_the_model(models: ScriptedModels, capsys: pytest.CaptureFixture[str]) -> None:
    postfix = EXAMPLES[0].source.replace("right - left", "left - right").replace("right // left", "left // right")
    models.replies += [py(postfix)]
    code, _, err = run(["examples", "--only", "python", "--no-search", "--max-attempts", "1", "--strict"], capsys)
    assert code == 0
    assert "Searching small patches" not in err and "found by the repair search" not in flat(err)
    assert "written by first-llm on attempt 2" in flat(err) and "first-llm, attempt 2" in flat(err)


# ---------------------------------------------------------------------------- a program that hangs

HANGS = """\
def count_down(n):
    steps = 0
    while n != 0:
        n -= 2
        steps += 1
    return steps


assert count_down(4) == 2
assert count_down(3) == 2
"""
LOOPS = "def count_down(n):\n    while True:\n        pass\n"
COUNTS = "def count_down(n):\n    steps = 0\n    while n > 0:\n        n -= 2\n        steps += 1\n    return steps\n"


def test_after_the_program_as_given_hangs_later_attempts_get_less_time(
    tmp_path: Path, models: ScriptedModels, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Scaled down: a 3 s default timeout, and 1 s for the later attempts.
    monkeypatch.setattr(cli_main, "_DEFAULT_TIMEOUT", 3)
    monkeypatch.setattr(_time_limit, "AFTER_HANG_SECONDS", 1)
    path = tmp_path / "count.py"
    path.write_text(HANGS)
    models.replies += [py(LOOPS), py(COUNTS)]
    started = time.monotonic()
    code, out, err = run(["fix", str(path), "--no-search", "--max-attempts", "2"], capsys)
    assert code == 0, err
    assert out == COUNTS + "\n\n" + HANGS[HANGS.index("assert") :]
    text = flat(err)
    assert "The program as given ran out of time (the limit is 3 s): it may loop forever." in text
    assert "Later attempts get 1 s each (--timeout sets the limit)." in text
    # Each hang stops a little before its limit and says where the program was: the given one with n
    # gone past 0, the model's loop within its lowered second.
    text = flat(text.replace("│", " "))
    assert re.search(r"count_down\(3\) == 2 did not finish: still running after 1\.\d s, at line \d", text)
    assert "locals: n=-" in text
    assert re.search(r"did not finish: still running after 0\.\d s, at line [23]", text)
    # 3 s for the given run and 1 s for the model's looping one, not 3 s each.
    assert time.monotonic() - started < 5.9


def test_an_explicit_timeout_is_kept_after_a_hang(
    tmp_path: Path, models: ScriptedModels, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_time_limit, "AFTER_HANG_SECONDS", 1)
    path = tmp_path / "count.py"
    path.write_text(HANGS)
    models.replies += [py(COUNTS)]
    code, _, err = run(["fix", str(path), "--no-search", "--timeout", "2"], capsys)
    assert code == 0
    text = flat(err)
    assert "ran out of time (the limit is 2 s)" in text
    assert "Each attempt may take as long (--timeout sets the limit)." in text


async def test_the_time_limit_passes_the_sandbox_through_until_lowered(tmp_path: Path) -> None:
    from autogen_core import CancellationToken

    from autogen_selfdebug import LocalSandbox

    async with LocalSandbox(timeout=30, work_dir=tmp_path) as sandbox:
        limited = _time_limit.TimeLimitedSandbox(sandbox, timeout=30, lower_after_hang=True)
        assert limited.supported_languages == sandbox.supported_languages
        block = [CodeBlock(code="import time; print('started', flush=True); time.sleep(20)", language="python")]
        assert limited.timeout == 30
        limited.lower_to(0.5)  # as after a hang
        assert limited.timeout == 0.5  # what the checks' tests read, to stop a hang just before it
        started = time.monotonic()
        result = await limited.execute_code_blocks(block, CancellationToken())
        assert result.exit_code == 124 and "stopped after 0.5 s" in result.output
        assert time.monotonic() - started < 5
        quick = await limited.execute_code_blocks(
            [CodeBlock(code="print(6 * 7)", language="python")], CancellationToken()
        )
        assert (quick.exit_code, quick.output.strip()) == (0, "42")


# ---------------------------------------------------------------------------- the terminal view


async def test_the_view_shows_the_given_attempt_and_the_search() -> None:
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, color_system="standard", width=200)
    summary = RunSummary(outcome="success", attempts=2, code=py(CALC_FIXED), tests_passed=3, tests_total=3)
    found = {
        "move": "search",
        "model": "repair search",
        "edit": "`right - left` changed to `left - right` on line 5",
        "search_seconds": "1.80",
        "passing_patches": "1",
    }

    async def stream() -> AsyncIterator[BaseAgentEvent | BaseChatMessage | TaskResult]:
        given = {"move": "given", "model": "as given"}
        yield CodeGenerationEvent(retry_attempt=0, content=py(CALC), code_blocks=[], source="fixer", metadata=given)
        yield CodeExecutionEvent(retry_attempt=0, result=CodeResult(exit_code=1, output="failed"), source="fixer")
        start = "Searching small patches of the failed program (up to 400 candidates, 20 s), no model call."
        yield ThoughtEvent(content=start, source="fixer", metadata={"kind": "search_start"})
        line = "The repair search tried 10 candidate patches in 1.8 s: `right - left` ... makes every test pass."
        yield ThoughtEvent(content=line, source="fixer", metadata={"kind": "search", **found})
        plan = "Attempt 2: search, no model call (the repair search found a passing patch)."
        yield ThoughtEvent(content=plan, source="fixer", metadata={"kind": "retry_plan", **found})
        yield CodeGenerationEvent(
            retry_attempt=1, content=py(CALC_FIXED), code_blocks=[], source="fixer", metadata=found
        )
        yield CodeExecutionEvent(retry_attempt=1, result=CodeResult(exit_code=0, output="ok"), source="fixer")
        final = TextMessage(content="done", source="fixer", metadata=summary.to_metadata())
        yield TaskResult(messages=[final])

    printer = RunPrinter(console, [NamedReplayClient([], "first-llm")], 5, given=True)
    await printer.show(stream())
    text = Text.from_ansi(out.getvalue()).plain
    assert re.search(r"attempt 1 of 5 · the program as given, no model call · [\d.]+s · 0 tokens", text)
    assert re.search(r"attempt 2 of 5 · patch from the repair search, no model call · [\d.]+s · 0 tokens", text)
    assert "Searching small patches of the failed program" in text and "The repair search tried 10" in text
    assert "fixed after 2 attempt(s)" in text
    assert printer.origin is not None and printer.origin.attempt == 2
    assert printer.origin.describe() == (
        "found by the repair search: `right - left` changed to `left - right` on line 5 (0 tokens, 1.8 s)"
    )


def test_the_diff_names_both_files() -> None:
    diff = unified_diff("a = 1\nb = 2\n", "a = 1\nb = 3\n", "x.py")
    assert diff.startswith("--- a/x.py\n+++ b/x.py\n@@")
    assert "-b = 2\n+b = 3\n" in diff
    assert unified_diff("same\n", "same\n", "x.py") == ""


INVENTORY = """\
class Inventory:
    def __init__(self):
        self.items = {}

    def add(self, name, qty=1):
        self.items[name] = self.items.get(name, 0) + qty

    def remove(self, name, qty=1):
        have = self.items.get(name, 0)
        self.items[name] = have + qty

    def count(self, name):
        return self.items.get(name, 0)
"""
TEST_INVENTORY = """\
def test_add(stocked):
    stocked.add("apple")
    assert stocked.count("apple") == 6


def test_remove(stocked):
    stocked.remove("apple", 2)
    assert stocked.count("apple") == 3


def test_empty(empty):
    assert empty.count("apple") == 0
"""


def test_fixtures_from_conftest_files_go_with_the_tests(
    tmp_path: Path, silent_model: MustNotBeCalled, capsys: pytest.CaptureFixture[str]
) -> None:
    # Both tests ask for fixtures of conftest.py files, one in the tests' folder and one at the project's root.
    # Before, neither test ran here: the program "passed" its tests as given, with its bug, and exit 0.
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'shop'\n")
    (tmp_path / "conftest.py").write_text(
        "import pytest\nfrom inventory import Inventory\n\n\n@pytest.fixture\ndef empty():\n    return Inventory()\n"
    )
    tests_dir = tmp_path / "tests"
    tests_dir.mkdir()
    (tests_dir / "conftest.py").write_text(
        "import pytest\n\n\n@pytest.fixture\ndef stocked(empty):\n    empty.add('apple', 5)\n    return empty\n"
    )
    (tmp_path / "inventory.py").write_text(INVENTORY)
    (tests_dir / "test_inventory.py").write_text(TEST_INVENTORY)
    out_path = tmp_path / "fixed.py"
    args = ["fix", str(tmp_path / "inventory.py"), "--tests", str(tests_dir / "test_inventory.py")]
    code, _, err = run([*args, "--output", str(out_path)], capsys)
    assert code == 0, err
    text = flat(err)
    assert (
        f"Took the fixtures of {tmp_path / 'conftest.py'} (empty); {tests_dir / 'conftest.py'} (stocked) with the "
        "tests, as pytest would." in text
    )
    assert "Not run here" not in text and "Tests: 2 of 3 asserts passed." in text
    assert "found by the repair search: `have + qty` changed to `have - qty` on line 10" in text
    assert out_path.read_text() == INVENTORY.replace("have + qty", "have - qty")


def test_autouse_and_module_scoped_fixtures_of_conftest_files_are_set_up_as_pytest_would(
    tmp_path: Path, silent_model: MustNotBeCalled, capsys: pytest.CaptureFixture[str]
) -> None:
    # The tests share one module-scoped inventory, which an autouse fixture stocks. Before, no test here could run
    # (the module-scoped fixture was pytest's to set up): "None of the tests can run here", exit 2. The root's
    # conftest.py has an autouse fixture that asks for pytest's own request: the output says the tests run
    # without it.
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'shop'\n")
    (tmp_path / "conftest.py").write_text(
        "import pytest\n\n\n@pytest.fixture(autouse=True)\ndef quiet(request):\n    request.applymarker('slow')\n"
    )
    tests_dir = tmp_path / "tests"
    tests_dir.mkdir()
    (tests_dir / "conftest.py").write_text(
        "import pytest\nfrom inventory import Inventory\n\n\n@pytest.fixture(scope='module')\ndef shop():\n"
        "    return Inventory()\n\n\n@pytest.fixture(autouse=True)\ndef restock(shop):\n"
        "    shop.items = {'apple': 5}\n    yield\n    shop.items = {}\n"
    )
    (tmp_path / "inventory.py").write_text(INVENTORY)
    (tests_dir / "test_inventory.py").write_text(
        "def test_add(shop):\n    shop.add('apple')\n    assert shop.count('apple') == 6\n\n\n"
        "def test_remove(shop):\n    shop.remove('apple', 2)\n    assert shop.count('apple') == 3\n"
    )
    out_path = tmp_path / "fixed.py"
    args = ["fix", str(tmp_path / "inventory.py"), "--tests", str(tests_dir / "test_inventory.py")]
    code, _, err = run([*args, "--output", str(out_path)], capsys)
    assert code == 0, err
    text = flat(err)
    assert f"Took the fixtures of {tests_dir / 'conftest.py'} (restock, shop) with the tests, as pytest would." in text
    assert (
        f"The tests run without the autouse fixtures of {tmp_path / 'conftest.py'}, which pytest would set up: quiet "
        "(it asks for request, which pytest sets up)." in text
    )
    assert "Not run here" not in text and "Tests: 1 of 2 asserts passed." in text
    assert "found by the repair search: `have + qty` changed to `have - qty` on line 10" in text
    assert out_path.read_text() == INVENTORY.replace("have + qty", "have - qty")


def test_autouse_fixtures_the_tests_run_without_are_named(
    tmp_path: Path, silent_model: MustNotBeCalled, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "inventory.py").write_text(INVENTORY.replace("have + qty", "have - qty"))
    (tmp_path / "test_inventory.py").write_text(
        "import pytest\n\n\n@pytest.fixture(autouse=True)\ndef home(request, tmpdir):\n"
        "    request.applymarker('slow')\n\n\n"
        "def test_add():\n    shop = Inventory()\n    shop.add('apple')\n    assert shop.count('apple') == 1\n"
    )
    args = ["fix", str(tmp_path / "inventory.py"), "--tests", str(tmp_path / "test_inventory.py")]
    code, _, err = run([*args, "--output", str(tmp_path / "out.py")], capsys)
    assert code == 0, err
    assert (
        "The tests run without this autouse fixture, which pytest would set up for each: home (it asks for "
        "request, tmpdir, which pytest sets up)." in flat(err)
    )


def test_a_conftest_file_that_does_not_parse_is_named_and_left_out(
    tmp_path: Path, silent_model: MustNotBeCalled, capsys: pytest.CaptureFixture[str]
) -> None:
    # Every test then asks for a fixture that nothing here sets up: it stops before any run, where it "passed"
    # ("the tests hold no asserts to count") and wrote the program back unchanged with exit 0.
    (tmp_path / "conftest.py").write_text("import pytest\n@pytest.fixture\ndef stocked(:\n")
    (tmp_path / "inventory.py").write_text(INVENTORY)
    (tmp_path / "test_inventory.py").write_text(TEST_INVENTORY.split("\n\n\ndef test_empty")[0])
    args = ["fix", str(tmp_path / "inventory.py"), "--tests", str(tmp_path / "test_inventory.py")]
    code, _, err = run([*args, "--output", str(tmp_path / "out.py")], capsys)
    text = flat(err)
    assert f"Left out {tmp_path / 'conftest.py'}: it does not parse." in text
    assert code == 2 and not (tmp_path / "out.py").exists()
    assert (
        "test_inventory.py: None of the tests can run here, so nothing could tell a fix from the program as given: "
        "test_add (it asks for stocked, which pytest sets up); test_remove (it asks for stocked" in text
    )
