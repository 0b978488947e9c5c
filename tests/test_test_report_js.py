"""Per-check reports for JavaScript and TypeScript tests, run for real with node (and tsc) in the local sandbox."""

from __future__ import annotations

import shutil

import pytest
from autogen_core import CancellationToken
from autogen_core.code_executor import CodeBlock

from autogen_selfdebug import LocalSandbox, Verifier
from autogen_selfdebug._feedback import execution_feedback
from autogen_selfdebug._test_report import AssertResult, TestReport, parse_report, split_output
from autogen_selfdebug._test_report import tests_start_line as start_line  # not named test*, for pytest
from autogen_selfdebug._test_report_js import instrument_js_tests, main_function
from autogen_selfdebug._verification import combined_source, without_copied_tests
from autogen_selfdebug.edits import parser_for

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
needs_tsc = pytest.mark.skipif(shutil.which("tsc") is None, reason="tsc is missing (apt-get install node-typescript)")

ENCODE = """\
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
"""

TESTS = """\
function check(input, expected) {
  const got = encode(input);
  if (got !== expected) throw new Error(`encode(${JSON.stringify(input)}) gave ${got}`);
}
check("", "");
check("ab", "1a1b");
assert.strictEqual(encode("aab"), "a2b1");
assert.strictEqual(encode("aab"), "2a1b");
console.assert(encode("ééé") === "3é", "accents");
for (const [input, want] of [["x", "x1"], ["yy", "1y"]]) {
  assert.strictEqual(encode(input), want);
}
if (encode("q") !== "q1") throw new Error("q");
console.log("tests done");
"""

TS_ENCODE = ENCODE.replace("encode(text)", "encode(text: string): string")
TS_TESTS = TESTS.replace("check(input, expected)", "check(input: string, expected: string): void")


async def run(program: str, tests: str, language: str) -> tuple[int, str, TestReport | None]:
    """(exit code, the tests' other output, the report) of program + instrumented tests in the local sandbox."""
    source = combined_source(program, tests, language)
    async with LocalSandbox(timeout=30) as sandbox:
        result = await sandbox.execute_code_blocks([CodeBlock(code=source, language=language)], CancellationToken())
    _, after = split_output(result.output)
    assert after is not None, result.output
    rest, report = parse_report(after)
    return result.exit_code, rest, report


@pytest.mark.parametrize(
    ("language", "program", "tests"),
    [("javascript", ENCODE, TESTS), pytest.param("typescript", TS_ENCODE, TS_TESTS, marks=needs_tsc)],
)
async def test_every_check_reports_and_failures_set_the_exit_code(language: str, program: str, tests: str) -> None:
    code, rest, report = await run(program, tests, language)
    assert code == 1 and report is not None
    outcome = [(r.line, r.passed) for r in report.results]
    # Failures do not stop later checks; the loop's assert reports once per case, with its own line.
    assert outcome == [(5, True), (6, False), (7, True), (8, False), (9, False), (11, True), (11, False), (13, True)]
    thrown, wrong, accents, looped = (r for r in report.results if not r.passed)
    assert thrown.source == 'check("ab", "1a1b")' and thrown.error == 'Error: encode("ab") gave a1b1'
    assert wrong.error is None and wrong.op == "strictEqual"  # its values, not its multi-line message
    assert wrong.source == 'assert.strictEqual(encode("aab"), "2a1b")'
    assert (wrong.expected, wrong.actual) == ("'2a1b'", "'a2b1'")
    assert accents.source == 'console.assert(encode("ééé") === "3é", "accents")'
    assert accents.error is None and accents.message == "accents"
    assert (accents.op, accents.expected, accents.actual) == ("===", "'3é'", "'é3'")
    assert (looped.expected, looped.actual) == ("'1y'", "'y2'")
    # console.log is output, not a check; logged after a failed check (where a plain run stops), it is left out.
    assert report.unfinished is None and rest.strip() == ""


async def test_a_check_run_thousands_of_times_is_counted_not_printed_past_its_first_cases() -> None:
    # As in Python: each case printed its result, and 4000 of them were cut off by the sandbox's output limit.
    program = "function half(n) {\n  return n % 3 ? Math.floor(n / 2) : Math.floor(n / 2) + 1;\n}\n"
    tests = (
        "for (let n = 0; n < 4000; n++) {\n  assert.strictEqual(half(n * 2), n);\n}\nconsole.assert(half(3) === 1);\n"
    )
    code, rest, report = await run(program, tests, "javascript")
    assert code == 1 and report is not None and (report.passed, report.total) == (2666, 4001)
    assert rest.strip() == ""
    first = next(r for r in report.results if not r.passed)
    assert (first.source, first.expected, first.actual) == ("assert.strictEqual(half(n * 2), n)", "0", "1")
    assert report.results[-1] == AssertResult(2, "assert.strictEqual(half(n * 2), n)", False)


async def test_what_the_tests_log_after_a_failed_check_is_left_out() -> None:
    tests = (
        'console.log("setting up");\nassert.strictEqual(x, 1);\nconsole.log("between");\n'
        'assert.strictEqual(x, 2);\nconsole.log("all tests passed");'
    )
    code, rest, report = await run("const x = 1;", tests, "javascript")
    assert code == 1 and report is not None and (report.passed, report.total) == (1, 2)
    assert rest.split() == ["setting", "up", "between"]


async def test_console_assert_alone_fails_the_run() -> None:
    code, _, report = await run(
        "const x = 1;", 'console.assert(x === 2, "x is", x);\nconsole.assert(x > 1);', "javascript"
    )
    assert code == 1 and report is not None and report.failed == 2
    first, second = report.results
    assert (first.expected, first.actual, first.message, first.error) == ("2", "1", "x is 1", None)
    assert (second.op, second.expected, second.actual, second.message) == (">", "1", "1", None)


@needs_tsc
async def test_typescript_tests_that_narrow_with_nodes_assert_compile() -> None:
    # Before, every module was `any` to the sandbox's tsc, so `assert.ok(err instanceof ParseError)` narrowed
    # nothing and `err.line` on an `unknown` failed to compile: no test ran.
    program = "export class ParseError extends Error {\n  line = 7;\n}\nexport function parse(s: string): number {\n"
    program += "  if (s === '') throw new ParseError('empty');\n  return s.length;\n}\n"
    tests = (
        "import assert from 'node:assert/strict';\nimport { strict } from 'assert';\n"
        "assert.throws(() => parse(''), (err: unknown) => {\n  assert.ok(err instanceof ParseError);\n"
        "  assert.equal(err.line, 7);\n  return true;\n});\n"
        "test('length', () => {\n  const n: unknown = parse('ab');\n  strict(typeof n === 'number');\n"
        "  assert.equal(n.toFixed(1), '3.0');\n});\n"
    )
    code, _, report = await run(
        program, tests.replace("import {", "import { test } from 'node:test';\nimport {"), "typescript"
    )
    assert report is not None and [r.passed for r in report.results] == [True, False], report
    assert code == 1 and report.results[1].actual == "'2.0'"


async def test_a_truth_check_shows_the_value_it_checked() -> None:
    # Before, `assert.ok(!isEven(3))` failed with "expected true, actual false" (the value of `!isEven(3)`), and
    # `console.assert(isEven(4))` with "Assertion failed".
    program = "let calls = 0;\nfunction isEven(n) { calls += 1; return n % 2 === 1 ? 'yes' : ''; }\n"
    tests = (
        'assert.ok(!isEven(3), "odd");\nconsole.assert(isEven(4));\nassert(!isEven(5) || calls > 9);\n'
        "assert(calls === 3);\n"  # each check ran its call once
    )
    code, _, report = await run(program, tests, "javascript")
    assert code == 1 and report is not None
    odd, even, other, counted = report.results
    assert (odd.actual, odd.expected, odd.message) == ("'yes'", None, "odd")
    assert (even.actual, even.expected, even.error) == ("''", None, None)
    assert other.expected == "true" and other.actual == "false"  # not a truth check of a call: node's values
    assert counted.passed


@pytest.mark.parametrize("language", ["javascript", pytest.param("typescript", marks=needs_tsc)])
async def test_an_asserted_comparison_reports_both_values_each_evaluated_once(language: str) -> None:
    program = "let calls = 0;\nfunction next(): number { calls += 1; return calls; }\n"
    if language == "javascript":
        program = program.replace("(): number", "()")
    tests = (
        'assert(next() === 5, "fifth");\n'  # node's assert says only "expected true, actual false"
        "assert.ok(next() < 1);\n"
        'console.assert([next()].length === 2, "pair");\n'
        "assert(calls === 3);\n"  # each side ran once: three calls so far
        'assert(JSON.parse("{") === 1);\n'  # a side that throws is an error, as before
        "assert.strictEqual(next(), 9);\n"  # not a wrapped comparison: node's own values
    )
    code, _, report = await run(program, tests, language)
    assert code == 1 and report is not None
    fifth, below, pair, counted, missing, strict = report.results
    assert (fifth.op, fifth.expected, fifth.actual, fifth.message, fifth.error) == ("===", "5", "1", "fifth", None)
    assert (below.op, below.expected, below.actual, below.message) == ("<", "1", "2", None)
    assert (pair.expected, pair.actual, pair.message) == ("2", "1", "pair")
    assert counted.passed
    assert missing.error is not None and missing.error.startswith("SyntaxError") and missing.expected is None
    assert (strict.op, strict.expected, strict.actual, strict.error) == ("strictEqual", "9", "4", None)


async def test_passing_tests_exit_zero() -> None:
    code, rest, report = await run("const x = 1;", "console.assert(x === 1);\nassert.ok(x);", "javascript")
    assert code == 0 and report is not None and report.passed == 2 and rest.strip() == ""


@pytest.mark.parametrize(
    ("language", "declaration"),
    [
        ("javascript", 'const assert = require("assert");'),
        ("javascript", 'const { strict: assert } = require("assert");'),
        pytest.param("typescript", 'import assert from "assert";', marks=needs_tsc),
        pytest.param("typescript", 'import * as assert from "assert";', marks=needs_tsc),
        pytest.param("typescript", 'const assert = require("assert");', marks=needs_tsc),
    ],
)
async def test_tests_that_bring_their_own_assert_still_work(language: str, declaration: str) -> None:
    tests = f"{declaration}\nassert.deepStrictEqual(pair(), [1, 2]);\nassert.deepStrictEqual(pair(), [2, 1]);"
    code, _, report = await run("function pair() { return [1, 2]; }", tests, language)
    assert code == 1 and report is not None
    assert [(r.line, r.passed) for r in report.results] == [(2, True), (3, False)]
    assert (report.results[1].expected, report.results[1].actual) == ("[ 2, 1 ]", "[ 1, 2 ]")


async def test_a_program_with_its_own_assert_and_tests_without_one() -> None:
    program = 'const assert = require("assert");\nfunction one() { return 1; }'
    code, _, report = await run(program, "assert.equal(one(), 1);", "javascript")
    assert code == 0 and report is not None and report.passed == 1


async def test_a_crash_outside_a_check_leaves_the_checks_before_it() -> None:
    tests = "assert.ok(true);\nconst {broken} = undefined;\nassert.ok(true);"  # a destructuring stays as it is
    code, rest, report = await run("", tests, "javascript")
    assert code == 1 and report is not None and report.total == 1 and "TypeError" in rest


STACK = """\
class Stack {
  constructor() { this.items = []; }
  push(x) { this.items.push(x); }
  pop() { if (this.items.length > 0) throw new Error("empty stack"); return this.items.pop(); }
}
"""


@pytest.mark.parametrize(
    ("language", "program", "declaration"),
    [
        ("javascript", STACK, "const got = s.pop(), size = s.items.length;"),
        pytest.param(
            "typescript",
            STACK.replace("constructor() { this.items = []; }", "items: number[] = [];").replace("(x) {", "(x: any) {"),
            "const got: number = s.pop(), size = s.items.length;",
            marks=needs_tsc,
        ),
    ],
)
async def test_a_declaration_among_the_checks_that_throws_fails_as_a_check(
    language: str, program: str, declaration: str
) -> None:
    # Before, the run ended there with node's stack trace through the harness's lines, and "1 of 1 checks passed".
    tests = f"const s = new Stack();\ns.push(1);\n{declaration}\nconsole.assert(got === 1);\nassert.ok(size === 1);\n"
    tests += "assert.ok(s.items.length === 1);\n"
    code, rest, report = await run(program, tests, language)
    assert code == 1 and report is not None and "at Stack.pop" not in rest
    outcomes = [(r.line, r.passed) for r in report.results]
    assert outcomes == [(2, True), (3, False), (4, False), (5, False), (6, True)]
    assert report.results[1].source == declaration.rstrip(";") and report.results[1].error == "Error: empty stack"
    assert report.results[2].actual == "undefined"  # declared still, so the checks after it run


STACK = """\
class Stack {
  constructor() { this.items = []; }
  pop() {
    if (this.items.length < 0) throw new RangeError("empty");
    return this.items.pop();
  }
}
"""
THROW_CHECKS = """\
try {
  new Stack().pop();
  console.assert(false, "pop on empty should throw");
} catch (e) {}
try { new Stack().pop(); assert.fail("no throw"); /* a comment last */ } catch {}
try {
  const s = new Stack();
  s.pop();
  throw new Error("still none");
} catch (e) {
  assert.ok(e instanceof RangeError);
}
try { new Stack().pop(); assert(false); } catch (e) {}
try { new Stack().pop(); } catch (e) {}
"""


@pytest.mark.parametrize("language", ["javascript", pytest.param("typescript", marks=needs_tsc)])
async def test_a_try_that_checks_that_a_call_throws_is_a_check_its_catch_cannot_swallow(language: str) -> None:
    # Before, each such check passed whatever the program did: in Node a console.assert only prints, and the catch
    # caught the prelude's thrown failure, or the assert.fail, or the test's own throw.
    typed = language == "typescript"
    tests = THROW_CHECKS.replace("catch (e)", "catch (e: any)") if typed else THROW_CHECKS
    program = STACK.replace("constructor() { this.items = []; }", "items: number[] = [];") if typed else STACK
    code, _, report = await run(program, tests, language)
    assert code == 1 and report is not None
    assert [(r.line, r.source, r.passed, r.error) for r in report.results] == [
        (1, "new Stack().pop() throws", False, "Error: pop on empty should throw"),
        (5, "new Stack().pop() throws", False, "Error: no throw"),
        (6, "const s = new Stack(); s.pop() throws", False, "Error: still none"),
        (13, "new Stack().pop() throws", False, "Error: it did not throw"),
    ]
    code, _, report = await run(program.replace("length < 0", "length <= 0"), tests, language)
    assert code == 0 and report is not None and (report.passed, report.total) == (4, 4)
    # The catch's own checks still count: a wrong error fails.
    code, _, report = await run(program.replace("< 0) throw new RangeError", "<= 0) throw new Error"), tests, language)
    assert code == 1 and report is not None
    assert [(r.line, r.passed) for r in report.results] == [(1, True), (5, True), (6, False), (13, True)]


async def test_the_verifier_counts_javascript_checks() -> None:
    async with LocalSandbox(timeout=30) as sandbox:
        verifier = Verifier(sandbox, tests=TESTS, tests_language="javascript")
        check = await verifier.check([CodeBlock(code=ENCODE, language="javascript")], CancellationToken())
    assert check.status == "tests_failed" and check.test_counts() == (4, 8)


@pytest.mark.parametrize("tests", [None, "console.assert(area(0, 0) === 0);"])
async def test_a_failed_console_assert_in_the_program_fails_the_check(tests: str | None) -> None:
    # Node only prints it and exits 0; before, the program passed (with no tests, or tests that pass).
    program = 'function area(w, h) {\n  return w + h;\n}\nconsole.assert(area(2, 3) === 6, "2 by 3");\n'
    async with LocalSandbox(timeout=30) as sandbox:
        verifier = Verifier(sandbox, tests=tests, tests_language="javascript")
        check = await verifier.check([CodeBlock(code=program, language="javascript")], CancellationToken())
        fixed = program.replace("w + h", "w * h")
        assert (await verifier.check([CodeBlock(code=fixed, language="javascript")], CancellationToken())).passed
    assert check.status == "program_failed" and check.as_code_result().exit_code == 1
    assert execution_feedback(check).startswith(
        "The code failed: a console.assert in it failed (`Assertion failed: 2 by 3`; Node only prints"
    )


POP = "function pop(xs) {\n  return xs.pop();\n}\n"
POP_TESTS = "const top = pop([1, 2]);\nconsole.assert(top === 2);\n"
INC = "function inc(x) {\n  return x + 1;\n}\n"
INC_TABLE = "const cases = [\n  [1, 2],\n  [5, 6],\n];\n"
INC_TESTS = INC_TABLE + "for (const [x, want] of cases) {\n  console.assert(inc(x) === want);\n}\n"


@pytest.mark.parametrize(
    ("program", "tests", "copied", "counts"),
    [(POP, POP_TESTS, POP_TESTS, (1, 1)), (INC, INC_TESTS, INC_TABLE, (2, 2))],
    ids=["all-of-them", "the-table-of-cases"],
)
async def test_a_program_that_ends_with_a_copy_of_its_tests_runs_them_once(
    program: str, tests: str, copied: str, counts: tuple[int, int]
) -> None:
    # A model may copy the checks, or only the table of cases they read, into its answer; run twice, a `const`
    # declared twice was a syntax error.
    async with LocalSandbox(timeout=30) as sandbox:
        verifier = Verifier(sandbox, tests=tests, tests_language="javascript")
        check = await verifier.check(
            [CodeBlock(code=program + "\n" + copied, language="javascript")], CancellationToken()
        )
    assert check.passed and check.test_counts() == counts
    assert without_copied_tests(program + "\n" + copied, tests, "javascript") == program
    assert without_copied_tests(copied, tests, "javascript") == copied  # nothing but the copy: left for the run
    unparsed = "x = 1 + " + tests  # not a statement of its own: the exact copy is not at a line's start
    assert without_copied_tests(unparsed, tests, "javascript") == without_copied_tests(unparsed, tests, "") == unparsed


def test_the_tests_keep_their_lines_and_declarations_stay_top_level() -> None:
    instrumented = instrument_js_tests(TESTS, "javascript")
    assert instrumented.startswith(start_line("javascript") + "\n")
    body = instrumented.split("const __sdLog", 1)[1]
    tests_part = body[body.index("function check(") :].rsplit("__sdFinish();", 1)[0].rstrip("\n")
    assert tests_part.count("\n") == TESTS.rstrip("\n").count("\n")
    assert tests_part.startswith("function check(input, expected) {")
    assert '__sdCheck(5, "check(\\"\\", \\"\\")", () => { check("", ""); });' in tests_part
    assert 'console.log("tests done");' in tests_part and "__sdCheck(14" not in tests_part


def test_assignments_logging_and_jumps_are_not_checks() -> None:
    tests = 'let n = 0;\nn += 1;\nconsole.log(n);\nwhile (true) { if (n > 2) break; n++; }\n"use strict";'
    instrumented = instrument_js_tests(tests, "javascript")
    assert "__sdCheck(" not in instrumented.split("__sdFinish() {", 1)[1]


def test_declarations_that_cannot_throw_destructure_or_await_are_left_as_they_are() -> None:
    tests = "const n = 1, s = 'a';\nconst f = () => g();\nconst {a} = obj();\nconst x = await load();\n"
    instrumented = instrument_js_tests(tests, "javascript")
    assert "__sdStep(" not in instrumented.split("function __sdSettle", 1)[1]
    assert instrumented.rstrip().endswith(tests + "\n__sdFinish();")


def test_tests_that_do_not_parse_run_as_they_are() -> None:
    assert instrument_js_tests("check(1, ;", "javascript") == f"{start_line('javascript')}\ncheck(1, ;"


CLAMP = "function clamp(x, lo, hi) {\n  return Math.max(lo, Math.max(x, hi));\n}\n"

NODE_TESTS = """\
import { describe, it as check, beforeEach } from "node:test";
import assert from "node:assert";
let runs = 0;
describe("clamp", () => {
  beforeEach(() => { runs++; });
  check("clamps above", () => {
    assert.strictEqual(clamp(15, 0, 10), 10);
  });
  check.skip("is skipped", () => { throw new Error("never runs"); });
  describe("inside", () => {
    check("keeps inside", (t) => {
      t.test("a subtest", () => assert.strictEqual(clamp(5, 0, 10), 5));
    });
  });
});
check("hooks ran", (t, done) => {
  done(runs === 2 ? undefined : new Error(`runs: ${runs}`));
});
check("waits", async () => {
  await new Promise((resolve) => setTimeout(resolve, 5));
  assert.strictEqual(clamp(-5, 0, 10), 0);
});
"""


@pytest.mark.parametrize(
    ("language", "tests"),
    [
        pytest.param("typescript", NODE_TESTS, marks=needs_tsc),
        (
            "javascript",
            NODE_TESTS.replace(
                'import { describe, it as check, beforeEach } from "node:test";',
                'const { describe, it: check, beforeEach } = require("node:test");',
            ).replace('import assert from "node:assert";', 'const assert = require("assert");'),
        ),
    ],
)
async def test_node_test_tests_run_in_place_each_a_check(language: str, tests: str) -> None:
    program = CLAMP.replace("clamp(x, lo, hi)", "clamp(x: number, lo: number, hi: number): number")
    code, rest, report = await run(program if language == "typescript" else CLAMP, tests, language)
    # node's own runner never starts: no TAP output, and the report has one check per test, under its name.
    assert code == 1 and report is not None and rest.strip() == "", rest
    assert [(r.line, r.source, r.passed) for r in report.results] == [
        (6, 'check("clamps above")', False),
        (11, 'check("keeps inside")', False),
        (16, 'check("hooks ran")', True),
        (19, 'check("waits")', False),  # async: reported when it settles, before the end record
    ]
    above, inside, _, waits = report.results
    assert (waits.expected, waits.actual) == ("0", "10")
    assert (above.op, above.expected, above.actual) == ("strictEqual", "10", "15")
    assert (inside.expected, inside.actual) == ("5", "10")
    fixed = CLAMP.replace("Math.max(x", "Math.min(x")
    code, _, report = await run(
        fixed.replace("clamp(x, lo, hi)", "clamp(x: number, lo: number, hi: number): number")
        if language == "typescript"
        else fixed,
        tests,
        language,
    )
    assert code == 0 and report is not None and (report.passed, report.total) == (4, 4)


async def test_a_node_test_test_that_never_settles_fails() -> None:
    tests = (
        'const { test } = require("node:test");\n'
        "test('settles', async () => { await null; });\n"
        "test('never settles', () => new Promise(() => {}));\n"
    )
    code, _, report = await run("const x = 1;", tests, "javascript")
    assert code == 1 and report is not None and report.unfinished is None
    assert [(r.line, r.passed, r.error) for r in report.results] == [
        (2, True, None),
        (3, False, "Error: the test's promise never settled"),
    ]


TOTAL = """\
async function prices() {
  return [3, 4, 5];
}

async function total(discount) {
  return (await prices()).reduce((sum, p) => sum + p, 0) * (1 + discount);
}
"""

ASYNC_MAIN = """\
(async () => {
  assert.strictEqual(await total(0), 12);
  const half = await total(0.5);
  console.assert(half === 6, "half off");
  await assert.rejects(Promise.reject(new Error("no")));
  assert.strictEqual(await total(0.5), 6);
})();
"""


# The same checks in a declared main function, called by the last line, seven lines down (the report's lines
# are the tests' own).
DECLARED_MAIN = "async function main() {\n" + ASYNC_MAIN.split("\n", 1)[1].replace("})();", "}\nmain();")
# And run with a handler for what escapes it, as scripts do (`main().catch(...)`).
CAUGHT_MAIN = ASYNC_MAIN.replace("})();", "})().catch((err) => {\n  console.error(err);\n  process.exitCode = 1;\n});")


@pytest.mark.parametrize(
    ("language", "program", "tests"),
    [
        ("javascript", TOTAL, ASYNC_MAIN),
        ("javascript", TOTAL, DECLARED_MAIN),
        ("javascript", TOTAL, CAUGHT_MAIN),
        pytest.param(
            "typescript", TOTAL.replace("total(discount)", "total(discount: number)"), ASYNC_MAIN, marks=needs_tsc
        ),
    ],
)
async def test_the_checks_of_an_async_main_function_are_awaited_each_a_check(
    language: str, program: str, tests: str
) -> None:
    # Before, `(async () => { ... })();` was one statement the harness could not look into: `await` made its
    # checks plain statements, so the first failure ended the run as an uncaught rejection, with no report.
    code, _, report = await run(program, tests, language)
    assert code == 1 and report is not None and report.unfinished is None
    assert [(r.line, r.passed, r.actual) for r in report.results] == [
        (2, True, None),
        (4, False, "18"),
        (5, True, None),
        (6, False, "18"),
    ]
    fixed = program.replace("1 + discount", "1 - discount")
    code, _, report = await run(fixed, tests, language)
    assert code == 0 and report is not None and (report.passed, report.total) == (4, 4)


async def test_a_check_of_an_async_main_function_that_never_settles_fails() -> None:
    # Node exits, with code 0, when nothing is left to run: before, the checks before it counted as a pass.
    program = "function later(settles) {\n  return settles ? Promise.resolve(1) : new Promise(() => {});\n}\n"
    tests = (
        "(async function () {\n  assert.equal(await later(true), 1);\n  assert.equal(await later(false), 1);\n})();\n"
    )
    code, _, report = await run(program, tests, "javascript")
    assert code == 1 and report is not None and report.unfinished is None
    assert [(r.line, r.passed, r.error) for r in report.results] == [
        (2, True, None),
        (3, False, "Error: the check's promise never settled"),
    ]


@pytest.mark.parametrize(
    ("language", "program", "tests"),
    [
        (
            "javascript",
            "function f(x) {\n  if (x > 1) process.exit(0);\n  return x;\n}\n",
            "console.assert(f(2) === 2);",
        ),
        ("python", "import os\n\n\ndef f(x):\n    if x > 1:\n        os._exit(0)\n    return x\n", "assert f(2) == 2"),
    ],
)
async def test_a_run_that_exits_inside_a_check_does_not_pass(language: str, program: str, tests: str) -> None:
    # The exit code is 0 and no check failed, but one never finished: before, the verifier called it a pass.
    async with LocalSandbox(timeout=30) as sandbox:
        verifier = Verifier(sandbox, tests=tests, tests_language=language)
        check = await verifier.check([CodeBlock(code=program, language=language)], CancellationToken())
    assert check.status == "tests_failed" and check.report is not None and check.report.unfinished


@pytest.mark.parametrize(
    "tests",
    [
        "async function main() {\n  assert.ok(await f());\n}\nmain();\nmain();\n",  # called twice
        "(() => {\n  assert.ok(f());\n})();\n",  # called as it is defined, and not async
        "(async () => {\n  assert.ok(await f());\n})(1);\n",  # given arguments
        "(async () => {\n  assert.ok(await f());\n})();\nconsole.log('done');\n",  # not the last statement
        "(async () => {\n  assert.ok(await f());\n})().finally(() => {});\n",  # a handler of another kind
    ],
)
def test_what_is_not_a_main_function(tests: str) -> None:
    root = parser_for("javascript").parse(tests.encode()).root_node
    assert main_function(root.named_children) is None


CART_JS = """\
class Cart {
  constructor() {
    this.items = [];
  }
  add(price, qty = 1) {
    if (price < 0) throw new RangeError("negative price");
    this.items.push({ price, qty, note: undefined });
  }
  total() {
    return this.items.reduce((sum, item) => sum + item.price, 0);
  }
}
"""
JEST_TESTS = """\
const log = [];
beforeAll(() => log.push("all"));
describe("cart", () => {
  let cart;
  beforeEach(() => {
    cart = new Cart();
    cart.add(10, 2);
  });
  afterEach(() => {
    cart = null;
  });
  test("total", () => {
    expect(cart.total()).toBe(20);
  });
  it("items", () => {
    expect(cart.items).toEqual([{ price: 10, qty: 2 }]);
    expect(cart.items).not.toStrictEqual([{ price: 10, qty: 2 }]);
    expect(cart.items).toHaveLength(1);
  });
  test("refuses a negative price", () => {
    expect(() => cart.add(-1)).toThrow(RangeError);
    expect(() => cart.add(1)).not.toThrow();
  });
  test("async", async () => {
    await expect(Promise.resolve(cart.total())).resolves.toBeCloseTo(20.001);
    await expect(Promise.reject(new Error("no"))).rejects.toThrow("no");
  });
  test.skip("later", () => {
    expect(1).toBe(2);
  });
});
test("the hooks ran", () => {
  expect(log).toStrictEqual(["all"]);
});
expect(new Cart().total()).toBeGreaterThanOrEqual(0);
"""


@pytest.mark.parametrize("language", ["javascript", pytest.param("typescript", marks=needs_tsc)])
async def test_jest_style_tests_run_with_their_globals_and_expect(language: str) -> None:
    # Before, `describe` was not defined: the first statement failed and no test ran.
    program = (
        CART_JS if language == "javascript" else CART_JS.replace("add(price, qty = 1)", "add(price: number, qty = 1)")
    )
    if language == "typescript":
        program = program.replace("    this.items = [];", "    this.items = [] as any[];").replace(
            "class Cart {", "class Cart {\n  items: any[];"
        )
    code, _, report = await run(program, JEST_TESTS, language)
    assert code == 1 and report is not None and report.unfinished is None
    # An async test's result comes when it settles; the tests after it wait for it (as Jest runs them), a bare
    # check runs where it stands.
    assert [(r.line, r.source, r.passed) for r in report.results] == [
        (12, 'test("total")', False),
        (15, 'it("items")', True),
        (20, 'test("refuses a negative price")', True),
        (35, "expect(new Cart().total()).toBeGreaterThanOrEqual(0)", True),
        (24, 'test("async")', False),
        (32, 'test("the hooks ran")', True),
    ]
    total, settled = (r for r in report.results if not r.passed)
    assert (total.expected, total.actual) == ("20", "10")
    assert (settled.expected, settled.actual) == ("20.001", "10")
    fixed = program.replace("sum + item.price", "sum + item.price * item.qty")
    code, _, report = await run(fixed, JEST_TESTS, language)
    assert code == 0 and report is not None and (report.passed, report.total) == (6, 6)


PRICES_JS = """\
function discount(price, percent) {
  return price - price * (percent / 10);
}
function checkout(cart, pay) {
  const total = cart.reduce((sum, item) => sum + discount(item.price, item.off), 0);
  pay(total, { currency: "EUR", items: cart.length });
  return { total, paid: true, lines: cart.map((item) => ({ name: item.name, price: item.price })) };
}
"""
# Jest's table tests, mock functions and the matchers that go with them, as a Jest user writes them.
JEST_TABLES = """\
test.each([
  [100, 0, 100],
  [100, 50, 50],
  [80, 25, 60],
])("discount(%i, %i) is %i", (price, percent, want) => {
  expect(discount(price, percent)).toBe(want);
});
it.each`
  price | percent | want
  ${10} | ${0}    | ${10}
  ${10} | ${100}  | ${0}
`("discount($price, $percent) is $want", ({ price, percent, want }) => {
  expect(discount(price, percent)).toBe(want);
});
describe.each([["EUR"], ["USD"]])("paying in %s", (currency) => {
  test("pays once, with the total and the details", () => {
    const pay = jest.fn();
    checkout([{ name: "tea", price: 10, off: 0 }], pay);
    expect(pay).toHaveBeenCalledTimes(1);
    expect(pay).toHaveBeenCalledWith(10, expect.objectContaining({ items: 1 }));
    expect(pay.mock.calls[0][1]).toHaveProperty("currency", "EUR");
  });
});
test("the receipt", () => {
  const receipt = checkout([{ name: "tea", price: 10, off: 50 }], () => {});
  expect(receipt).toMatchObject({ paid: true, total: expect.any(Number) });
  expect(receipt.lines).toContainEqual({ name: "tea", price: 10 });
  expect(receipt).toEqual({ total: 5, paid: true, lines: [expect.anything()] });
});
test("a spy sees the calls and gives the original back", () => {
  const spy = jest.spyOn(Math, "max");
  Math.max(1, 2);
  expect(spy).toHaveBeenLastCalledWith(1, 2);
  expect(spy).toHaveReturnedWith(2);
  spy.mockRestore();
  expect(jest.isMockFunction(Math.max)).toBe(false);
  const half = jest.fn().mockReturnValueOnce(1).mockReturnValue(2);
  expect([half(), half(), half()]).toEqual([1, 2, 2]);
});
test.skip.each([[1]])("skipped %i", () => {
  expect(1).toBe(2);
});
"""


@pytest.mark.parametrize("language", ["javascript", pytest.param("typescript", marks=needs_tsc)])
async def test_jest_table_tests_and_mocks_run_each_row_as_a_check(language: str) -> None:
    # Before, `test.each(...)(...)` was not seen as a test: `test` was never defined, and the tests stopped there.
    # Then a table was one check, reporting its first failing row; now each row is a check, as Jest counts them.
    program = PRICES_JS
    if language == "typescript":
        program = program.replace("(price, percent)", "(price: number, percent: number)").replace(
            "(cart, pay)", "(cart: any[], pay: (total: number, details: object) => void)"
        )
    code, _, report = await run(program, JEST_TABLES, language)
    assert code == 1 and report is not None and report.unfinished is None
    # A describe.each's tests run once for each row, as a check in a loop does.
    assert [(r.line, r.passed) for r in report.results] == [
        (1, True),
        (1, False),
        (1, False),
        (8, True),
        (8, False),
        (16, True),
        (16, True),
        (24, False),
        (30, True),
    ]
    table, other_row, tagged, receipt = (r for r in report.results if not r.passed)
    # Each row shown by its name.
    assert (table.source, table.expected, table.actual) == ('test.each("discount(100, 50) is 50")', "50", "-400")
    assert (other_row.expected, other_row.actual) == ("60", "-120")
    assert (tagged.source, tagged.expected, tagged.actual) == ('it.each("discount(10, 100) is 0")', "0", "-90")
    assert (receipt.op, receipt.expected) == ("toEqual", "{ total: 5, paid: true, lines: [ Anything ] }")
    assert receipt.actual == "{ total: -40, paid: true, lines: [ { name: 'tea', price: 10 } ] }"
    fixed = program.replace("percent / 10)", "percent / 100)")
    code, _, report = await run(fixed, JEST_TABLES, language)
    assert code == 0 and report is not None and (report.passed, report.total) == (9, 9), report


async def test_the_mock_and_object_matchers_fail_when_they_should() -> None:
    tests = """\
const pay = jest.fn();
pay(3, { currency: "EUR" });
expect(jest.fn()).toHaveBeenCalled();
expect(pay).toHaveBeenCalledTimes(2);
expect(pay).toHaveBeenCalledWith(3, expect.objectContaining({ currency: "USD" }));
expect(pay).not.toHaveBeenCalledWith(3, expect.anything());
expect({ a: 1, b: { c: 2 } }).toMatchObject({ b: { c: 3 } });
expect([1]).toEqual([expect.any(String)]);
expect({ a: {} }).toHaveProperty("a.b");
expect([{ x: 1 }]).toContainEqual({ x: 2 });
expect(42).toHaveBeenCalled();
expect(pay).toHaveBeenCalledWith(3, expect.objectContaining({ currency: "EUR" }));
"""
    code, _, report = await run("", tests, "javascript")
    assert code == 1 and report is not None
    # The first check is the call `pay(3, ...)`, the last a matcher that holds.
    assert [r.passed for r in report.results] == [True] + [False] * 9 + [True]
    assert [(r.expected, r.actual) for r in report.results[1:3]] == [("'at least 1 call'", "0"), ("2", "1")]
    assert report.results[3].expected == "[ 3, ObjectContaining { currency: 'USD' } ]"
    assert report.results[9].error == (
        "TypeError: expect(received): received value must be a mock function (jest.fn or jest.spyOn)"
    )


@pytest.mark.parametrize("language", ["javascript", pytest.param("typescript", marks=needs_tsc)])
@pytest.mark.parametrize(
    "imports",
    [
        'import { describe, test, expect, vi } from "vitest";',
        'const { describe, test, expect } = require("@jest/globals");',
    ],
    ids=["vitest", "jest-globals"],
)
async def test_jest_and_vitest_globals_imported_from_their_modules_come_from_the_prelude(
    language: str, imports: str
) -> None:
    # Neither module is in the sandbox: the import failed, and no test ran. Its line stays, blank.
    uses_vi = "vi" in imports.split("}")[0]
    tests = (
        f"{imports}\n"
        "describe('double', () => {\n"
        "  test('doubles', () => {\n"
        "    expect(double(2)).toBe(4);\n"
        "  });\n"
        f"  test('maps', () => {{\n    const spy = {'vi' if uses_vi else 'jest'}.fn(double);\n"
        "    expect([1].map((x) => spy(x))).toEqual([2]);\n"
        "    expect(spy).toHaveBeenCalledWith(1);\n"
        "  });\n"
        "});\n"
    )
    program = "function double(x) {\n  return x + 2;\n}\n"
    if language == "typescript":
        program = program.replace("(x)", "(x: number)")
    code, _, report = await run(program, tests, language)
    assert code == 1 and report is not None
    assert [(r.line, r.source, r.passed) for r in report.results] == [
        (3, "test('doubles')", True),
        (6, "test('maps')", False),
    ]
    assert (report.results[1].expected, report.results[1].actual) == ("[ 2 ]", "[ 3 ]")


SHARED_MOCK = """\
let send;
beforeEach(() => {
  send = jest.fn();
});
describe("notify", () => {
  afterAll(() => console.log("suite done"));
  test("first", async () => {
    await Promise.resolve();
    await notify(send, 1);
    expect(send).toHaveBeenCalledWith(1);
    expect(send).toHaveBeenCalledTimes(1);
  });
  test("second", async () => {
    await notify(send, 2);
    expect(send).toHaveBeenCalledWith(2);
  });
});
test("third", () => {
  expect(send).not.toHaveBeenCalled();
});
"""


@pytest.mark.parametrize("language", ["javascript", pytest.param("typescript", marks=needs_tsc)])
async def test_an_async_test_ends_before_the_next_one_starts(language: str) -> None:
    # Before, the next tests' beforeEach replaced the shared mock while the first still awaited: its
    # `toHaveBeenCalledWith(1)` saw another test's mock, and failed.
    program = "async function notify(send, x) {\n  await null;\n  send(x);\n}\n"
    if language == "typescript":
        program = program.replace("(send, x)", "(send: (x: number) => void, x: number)")
    code, rest, report = await run(program, SHARED_MOCK, language)
    assert code == 0 and report is not None, rest
    assert [(r.source, r.passed) for r in report.results] == [
        ('test("first")', True),
        ('test("second")', True),
        ('test("third")', True),
    ]


FAKE_TIMERS = """\
test("debounces", () => {
  jest.useFakeTimers();
  const fn = jest.fn();
  const debounced = debounce(fn, 100);
  debounced(1);
  debounced(2);
  jest.advanceTimersByTime(99);
  expect(fn).not.toHaveBeenCalled();
  jest.advanceTimersByTime(1);
  expect(fn).toHaveBeenCalledTimes(1);
  expect(fn).toHaveBeenCalledWith(2);
  jest.useRealTimers();
});

test("ticks", () => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date(2020, 0, 1));
  let n = 0;
  const id = setInterval(() => n++, 10);
  vi.advanceTimersByTime(35);
  clearInterval(id);
  expect(n).toBe(3);
  expect(Date.now() - new Date(2020, 0, 1).getTime()).toBe(35);
  setTimeout(() => (n = 10), 1000);
  expect(vi.getTimerCount()).toBe(1);
  vi.runAllTimers();
  expect(n).toBe(10);
  vi.useRealTimers();
  expect(new Date().getFullYear()).toBeGreaterThan(2020);
});
"""
DEBOUNCE = (
    "function debounce(fn, wait) {\n  let timer;\n  return (...args) => {\n    clearTimeout(timer);\n"
    "    timer = setTimeout(() => fn(...args), wait);\n  };\n}\n"
)


@pytest.mark.parametrize("language", ["javascript", pytest.param("typescript", marks=needs_tsc)])
async def test_jests_and_vitests_fake_timers_run_in_virtual_time(language: str) -> None:
    # Before, `jest.useFakeTimers` (`vi.useFakeTimers`) was "not a function": the test failed before its checks.
    program = DEBOUNCE
    if language == "typescript":
        program = program.replace("(fn, wait)", "(fn: (...a: any[]) => void, wait: number)")
        program = program.replace("let timer;", "let timer: any;").replace("(...args)", "(...args: any[])", 1)
    code, rest, report = await run(program, FAKE_TIMERS, language)
    assert code == 0 and report is not None, rest
    assert [(r.source, r.passed) for r in report.results] == [('test("debounces")', True), ('test("ticks")', True)]
    # A debounce that forgets to clear its timer calls twice: the check fails, as it should.
    code, _, report = await run(program.replace("    clearTimeout(timer);\n", ""), FAKE_TIMERS, language)
    assert code == 1 and report is not None and [r.passed for r in report.results] == [False, True]


@needs_tsc
async def test_typescript_tests_may_name_jests_mock_types() -> None:
    # tsc checks the tests' types, and the sandbox has no @types/jest: `as jest.Mock` failed to compile.
    tests = (
        "test('calls back', () => {\n"
        "  const spy = jest.fn() as jest.Mock;\n"
        "  const typed: jest.MockedFunction<(x: number) => number> = jest.fn((x: number) => double(x));\n"
        "  [1, 2].forEach((x) => spy(typed(x)));\n"
        "  expect(spy).toHaveBeenLastCalledWith(4);\n"
        "});\n"
    )
    code, _, report = await run("function double(x: number): number {\n  return x * 2;\n}\n", tests, "typescript")
    assert code == 0 and report is not None and [r.passed for r in report.results] == [True]


@needs_tsc
async def test_typescript_tests_give_jest_and_vi_type_arguments() -> None:
    # Before, `vi.fn<() => Promise<string>>()` failed to compile (TS2347: an untyped call takes no type arguments):
    # no test ran. `vi.mocked` is the identity it is at run time.
    tests = (
        "import { it, expect, vi } from 'vitest';\n\n"
        "it('retries', async () => {\n"
        "  const fn = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('x')).mockResolvedValue('ok');\n"
        "  expect(await twice(fn)).toBe('ok');\n  expect(vi.mocked(fn)).toHaveBeenCalledTimes(2);\n"
        "  const spy = jest.spyOn<any, any>(Math, 'abs');\n  Math.abs(-1);\n  expect(spy).toHaveBeenCalled();\n"
        "});\n"
    )
    program = (
        "async function twice(fn: () => Promise<string>): Promise<string> {\n"
        "  try {\n    return await fn();\n  } catch {\n    return fn();\n  }\n}\n"
    )
    code, rest, report = await run(program, tests, "typescript")
    assert code == 0 and report is not None, rest
    assert [(r.source, r.passed) for r in report.results] == [("it('retries')", True)]


async def test_async_timer_advances_let_each_timers_promises_run_before_the_next() -> None:
    # A retry sleeps, retries, and sleeps again: the second sleep is set only once the first one's promise has
    # settled. Before, the whole advance ran first, and the second sleep's timer was left for later.
    program = (
        "const sleep = (ms) => new Promise((done) => setTimeout(done, ms));\n"
        "async function retry(fn, delay) {\n  for (let i = 1; ; i++) {\n    try {\n      return await fn();\n"
        "    } catch (error) {\n      if (i === 3) throw error;\n      await sleep(delay * i);\n    }\n  }\n}\n"
    )
    tests = (
        "test('backs off', async () => {\n  jest.useFakeTimers();\n"
        "  const fn = jest.fn().mockRejectedValueOnce(new Error('a')).mockRejectedValueOnce(new Error('b'))"
        ".mockResolvedValue('ok');\n  const done = retry(fn, 100);\n"
        "  await jest.advanceTimersByTimeAsync(300);\n  expect(fn).toHaveBeenCalledTimes(3);\n"
        "  await expect(done).resolves.toBe('ok');\n  jest.useRealTimers();\n});\n"
    )
    code, rest, report = await run(program, tests, "javascript")
    assert code == 0 and report is not None, rest
    assert [(r.source, r.passed) for r in report.results] == [("test('backs off')", True)]


@pytest.mark.parametrize("language", ["javascript", pytest.param("typescript", marks=needs_tsc)])
async def test_an_error_says_where_in_the_program_it_was_raised(language: str) -> None:
    # Before, a JavaScript error said only what it was ("Reduce of empty array with no initial value"), where a
    # Python one says the program's line too; and an error compared as a value showed its stack, the harness's
    # frames and the run's folder included.
    program = (
        "class Cart {\n  constructor() { this.items = []; }\n"
        "  total() {\n    return this.items.reduce((sum, item) => sum + item);\n  }\n}\n"
        "function load() {\n  return Promise.reject(new Error('down'));\n}\n"
    )
    if language == "typescript":
        program = program.replace("class Cart {", "class Cart {\n  items: number[];").replace(
            "sum, item", "sum: any, item"
        )
    tests = (
        "test('empty', () => {\n  expect(new Cart().total()).toBe(0);\n});\n"
        "test('loads', async () => {\n  expect(await load().catch((e) => e)).toBe('ok');\n});\n"
    )
    code, rest, report = await run(program, tests, language)
    assert code == 1 and report is not None, rest
    empty, loads = report.results
    line = 5 if language == "typescript" else 4
    assert empty.error == "TypeError: Reduce of empty array with no initial value"
    assert empty.where == f"line {line}: return this.items.reduce((sum, item) => sum + item);".replace(
        "(sum,", "(sum: any," if language == "typescript" else "(sum,"
    )
    assert loads.actual == "[Error: down]" and loads.where is None


@needs_tsc
async def test_typescript_table_tests_may_give_their_rows_types() -> None:
    # Before, `test.each<[string, number]>(rows)` failed to compile (TS2347, type arguments on an untyped call).
    tests = (
        "import { describe, expect, test } from '@jest/globals';\n\n"
        "describe.each<[number]>([[1], [2]])('scale %i', (k) => {\n"
        "  test.each<[string, number]>([\n    ['a', 1],\n    ['bb', 2],\n  ])('%s', (word, n) => {\n"
        "    expect(size(word) * k).toBe(n * k);\n  });\n});\n"
    )
    program = "function size(word: string): number {\n  return word.length + 1;\n}\n"
    code, rest, report = await run(program, tests, "typescript")
    assert code == 1 and report is not None, rest
    assert [(r.source, r.passed) for r in report.results] == [('test.each("a")', False), ('test.each("bb")', False)] * 2
    code, rest, report = await run(program.replace(" + 1", ""), tests, "typescript")
    assert code == 0 and report is not None and len(report.results) == 4, rest
