"""The node drivers, run for real in the local sandbox: many candidates in one execution, and per-check coverage."""

from __future__ import annotations

import shutil
import time

import docker
import pytest
from autogen_core import CancellationToken
from autogen_core.code_executor import CodeBlock, CodeExecutor, CodeResult
from docker.errors import DockerException

from autogen_selfdebug import DockerSandbox, LocalSandbox
from autogen_selfdebug._test_report import parse_report, split_output
from autogen_selfdebug._verification import combined_source
from autogen_selfdebug.edits import erase_types
from autogen_selfdebug.repair import search_patches
from autogen_selfdebug.repair._batch import BATCH_MARKER, Trial, parse_batch, parse_coverage
from autogen_selfdebug.repair._node_driver import is_es_module, node_batch_code, node_coverage_code
from autogen_selfdebug.sandboxes import DEFAULT_IMAGE

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
NEEDS_TSC = pytest.mark.skipif(shutil.which("tsc") is None, reason="node-typescript is not installed")
LANGUAGES = ["javascript", pytest.param("typescript", marks=NEEDS_TSC)]

TESTS = (
    "assert.strictEqual(double(2), 4);\nassert.strictEqual(double(3), 6);\nconsole.assert(double(0) === 0, 'zero');\n"
)
BODIES = [
    "return x * 2;",  # correct
    "return x + 2;",  # wrong on 3 and 0
    "while (true) {}",  # never returns
    "return x * ;",  # does not parse
    "process.exit(3);",  # leaves early
]


def candidates(language: str) -> list[str]:
    typed = ": number" if language == "typescript" else ""
    return [combined_source(f"function double(x{typed}){typed} {{ {body} }}", TESTS, language) for body in BODIES]


def docker_problem() -> str | None:
    """Why the Docker sandbox cannot run here (no engine, no image), or None."""
    try:
        client = docker.from_env()
        try:
            client.images.get(DEFAULT_IMAGE)
        finally:
            client.close()
    except (DockerException, OSError) as error:
        return f"no Docker engine or no {DEFAULT_IMAGE} image: {error}"
    return None


async def execute(code: str, *, timeout: int = 60) -> str:
    """What the driver printed, run as one javascript block in the local sandbox."""
    async with LocalSandbox(timeout=timeout) as sandbox:
        return await run_in(sandbox, code)


async def run_in(sandbox: CodeExecutor, code: str) -> str:
    result = await sandbox.execute_code_blocks([CodeBlock(code=code, language="javascript")], CancellationToken())
    assert result.exit_code == 0, result.output
    return result.output


def trials_of(output: str, count: int) -> list[Trial]:
    trials = parse_batch(output, count)
    assert all(trial is not None for trial in trials), output
    return [trial for trial in trials if trial is not None]


@pytest.mark.parametrize("language", LANGUAGES)
async def test_a_batch_runs_each_candidate_on_its_own(language: str) -> None:
    output = await execute(node_batch_code(candidates(language), language, timeout=1.0, budget=30))
    right, wrong, loops, broken, exits = trials_of(output, len(BODIES))
    assert (right.exit_code, right.timed_out) == (0, False)
    _, report = parse_report(split_output(right.output)[1] or "")
    assert report is not None and report.all_passed and report.total == 3

    assert wrong.exit_code == 1
    _, report = parse_report(split_output(wrong.output)[1] or "")
    assert report is not None and [r.passed for r in report.results] == [True, False, False]
    assert (report.results[1].expected, report.results[1].actual) == ("6", "5")
    assert (report.results[2].message, report.results[2].expected, report.results[2].error) == ("zero", "0", None)

    assert (loops.exit_code, loops.timed_out) == (124, True)
    assert "[timeout: execution stopped after 1 s]" in loops.output
    _, report = parse_report(split_output(loops.output)[1] or "")
    assert report is not None and report.unfinished == "line 1: assert.strictEqual(double(2), 4)"

    if language == "typescript":  # tsc's exit code and message format
        assert broken.exit_code == 2 and "candidate.ts(1,49): error TS1109: Expression expected." in broken.output
    else:
        assert broken.exit_code == 1 and "SyntaxError: Unexpected token ';'" in broken.output
    assert exits.exit_code == 3 and not exits.timed_out
    assert all(trial.seconds >= 0 for trial in (right, wrong, loops, broken, exits)) and loops.seconds >= 0.9


@NEEDS_TSC
async def test_a_candidate_that_the_compiler_fails_on_fails_alone() -> None:
    # TypeScript 4.8's transpileModule overflows the stack on `const ch = line[ch]`: before, that ended the batch with
    # no output at all (its rejection taken by the driver's own handler), and the search stopped there.
    first = "function first(line: string) {{\n  for (let i = 0; i < line.length; i++) {{\n    const ch = line[{}];\n"
    first += "    if (ch === 'x') return i;\n  }}\n  return -1;\n}}\n"
    tests = "assert.strictEqual(first('axb'), 1);\n"
    programs = [combined_source(first.format(index), tests, "typescript") for index in ("ch", "i")]
    output = await execute(node_batch_code(programs, "typescript", timeout=1.0, budget=30))
    crashed, right = trials_of(output, 2)
    assert crashed.exit_code == 2 and "the TypeScript compiler failed: RangeError" in crashed.output
    assert right.exit_code == 0


async def test_uncaught_errors_rejections_timers_and_output_are_the_candidates_own() -> None:
    programs = [
        'console.log("first"); process.stdout.write("no newline");',
        "null.field;",
        'Promise.reject(new RangeError("later"));',
        'setTimeout(() => console.log("timer", 2), 20); setTimeout(() => console.log("timer", 1), 10);',
        "setInterval(() => {}, 5);",  # never stops: node would run until the timeout
        'for (let i = 0; i < 100000; i++) console.log("spam spam spam " + i);',
        "process.exitCode = 4; globalThis.leak = 1;",
        'if (typeof leak !== "undefined") throw new Error("contexts are shared");',
    ]
    output = await execute(node_batch_code(programs, "javascript", timeout=2.0, budget=30))
    printed, crashed, rejected, timers, interval, spam, exit_code, fresh = trials_of(output, len(programs))
    assert (printed.exit_code, printed.output) == (0, "first\nno newline\n")
    assert crashed.exit_code == 1 and "TypeError: Cannot read properties of null" in crashed.output
    assert crashed.output.endswith("at Object.<anonymous> (candidate.js:1:20)\n") and "node:vm" not in crashed.output
    assert rejected.exit_code == 1 and "RangeError: later" in rejected.output
    assert (timers.exit_code, timers.output) == (0, "timer 1\ntimer 2\n")
    assert interval.timed_out and interval.exit_code == 124
    assert spam.exit_code == 0 and len(spam.output) < 7000 and "more lines of output cut" in spam.output
    assert exit_code.exit_code == 4 and fresh.exit_code == 0


async def test_the_budget_stops_starting_candidates() -> None:
    programs = [combined_source("function f() { while (true) {} }", "f();", "javascript")] * 6
    began = time.monotonic()
    output = await execute(node_batch_code(programs, "javascript", timeout=0.3, budget=0.5))
    trials = parse_batch(output, len(programs))
    ran = [trial for trial in trials if trial is not None]
    assert 1 <= len(ran) <= 3 and trials[-1] is None and all(trial.timed_out for trial in ran)
    assert time.monotonic() - began < 5


@pytest.mark.parametrize("language", LANGUAGES)
async def test_coverage_shows_the_lines_each_check_ran(language: str) -> None:
    typed = ": number" if language == "typescript" else ""
    program = f"""\
// Classifies a number (the sign is what matters).
function classify(n{typed}) {{
  if (n < 0) {{
    return "negative";
  }}
  if (n === 0) {{
    return "zero";
  }}
  return "positive!";
}}
console.log(classify(5));
"""
    tests = (
        'assert.strictEqual(classify(-1), "negative");\n'
        'assert.strictEqual(classify(3), "positive");\n'
        'assert.strictEqual(classify(0), "zero");\n'
    )
    source = combined_source(program, tests, language)
    output = await execute(node_coverage_code(source, language, program_lines=11, timeout=5))
    negative, positive, zero = parse_coverage(output)
    assert (negative.passed, positive.passed, zero.passed) == (True, False, True)
    assert {4} <= negative.lines and 9 not in negative.lines and 7 not in negative.lines
    assert {3, 6, 9} <= positive.lines and not {4, 7} & positive.lines
    assert {3, 6, 7} <= zero.lines and 9 not in zero.lines
    # Only the failing check ran line 9; the program's own top-level call (line 11) is in no check.
    assert all(11 not in c.lines and 1 not in c.lines for c in (negative, positive, zero))
    (trial,) = trials_of(output, 1)
    assert trial.exit_code == 1 and "positive!" in trial.output


@pytest.mark.parametrize("language", LANGUAGES)
async def test_a_one_line_arrow_function_that_ran_is_on_its_line(language: str) -> None:
    # The line starts outside the function (`const`), in code that ran before the checks.
    typed = ": string" if language == "typescript" else ""
    program = f"const shout = (w{typed}) => w.toUpperCase() + '!';\nconst quiet = (w{typed}) => w;\n"
    source = combined_source(program, 'assert.strictEqual(shout("a"), "A!");\n', language)
    (check,) = parse_coverage(await execute(node_coverage_code(source, language, program_lines=2, timeout=5)))
    assert check.passed and check.lines == {1}


@pytest.mark.parametrize(
    ("language", "typed"), [("javascript", ""), pytest.param("typescript", ": number", marks=NEEDS_TSC)]
)
async def test_a_hundred_trivial_candidates(language: str, typed: str) -> None:
    tests = "assert.strictEqual(f(1), 2);\nconsole.assert(f(0) === 1);"
    programs = [
        combined_source(f"function f(x{typed}) {{ return x + 1 + {i} * 0; }}", tests, language) for i in range(100)
    ]
    began = time.monotonic()
    output = await execute(node_batch_code(programs, language, timeout=2, budget=120), timeout=120)
    seconds = time.monotonic() - began
    print(f"100 {language} candidates in one batch: {seconds:.2f} s")
    assert all(trial.exit_code == 0 for trial in trials_of(output, 100))
    assert output.count(BATCH_MARKER) == 100


SHAPES = """\
enum Color { Red, Green }
namespace Shapes { export const sides = 3; }
namespace Shapes { export const corners = Shapes.sides + 0; }
class Box { constructor(private w: number, public h = 2) {} area(): number { return this.w * this.h; } }
interface Named { name: string }
// a comment before a statement
function label(n: Named): string {
  const sep = ":";
  return n.name + sep + Color.Green;
}
let total = new Box(2).area() as number
total += 0
"""
SHAPES_TESTS = (
    "assert.strictEqual(new Box(3).area(), 6);\nassert.strictEqual(Shapes.corners, 3);\n"
    'assert.strictEqual(label({name: "a"}), "a:1");\nassert.strictEqual(total, 4);'
)


@NEEDS_TSC
async def test_typescript_candidates_are_transpiled_statement_by_statement_as_the_whole_file_would_be() -> None:
    # Each candidate changes one or two top-level statements of the program as given: a namespace that merges
    # with the one before it, the first of them (emitted with its own `var`), a class, an enum, a statement that
    # now starts with `(`, one that no longer parses, a line with no types (its code is the old code with that
    # line changed), and two statements at once.
    changes = [
        ("", ""),
        ("Shapes.sides + 0", "Shapes.sides + 1"),
        ("const sides = 3", "const sides = 4"),
        ("this.w * this.h", "this.w + this.h"),
        ("{ Red, Green }", "{ Green, Red }"),
        ("total += 0", "(total as number) += 0"),
        ("return n.name", "return (n.name"),
        ("return n.name + sep", "return sep + n.name"),
    ]
    programs = [SHAPES.replace(old, new, 1) if old else SHAPES for old, new in changes]
    programs.append(programs[3].replace("{ Red, Green }", "{ Green, Red }"))
    programs.append(programs[7].replace("total += 0", "total += 1"))
    sources = [combined_source(program, SHAPES_TESTS, "typescript") for program in programs]
    base = combined_source(SHAPES, SHAPES_TESTS, "typescript")
    for given in (base, None):
        output = await execute(node_batch_code(sources, "typescript", timeout=2, budget=30, base=given))
        trials = trials_of(output, len(sources))
        assert trials[6].exit_code == 2 and "candidate.ts(9," in trials[6].output  # the whole file's lines
        outcomes = []
        for trial in trials:
            _, report = parse_report(split_output(trial.output)[1] or "")
            outcomes.append(None if report is None else [r.passed for r in report.results])
        assert outcomes == [
            [True, True, True, True],
            [True, False, True, True],
            [True, False, True, True],
            [False, True, True, True],  # 3 + 2 is not 6; 2 + 2 is 4
            [True, True, False, True],
            [True, True, True, True],
            None,  # TS1005, reported as before
            [True, True, False, True],  # ":a1"
            [False, True, False, True],
            [True, True, False, False],
        ]


@NEEDS_TSC
async def test_typescript_modules_compile_as_one_file() -> None:
    # The import is used by the tests only: compiling the program on its own would drop it.
    program = 'import { strict as assert } from "assert";\nexport function f(x: number): number { return x + 1; }'
    candidates = [combined_source(program, tests, "typescript") for tests in ("assert.equal(f(1), 2);", "f(1);")]
    output = await execute(node_batch_code(candidates, "typescript", timeout=2, budget=30))
    assert [trial.exit_code for trial in trials_of(output, 2)] == [0, 0]


@NEEDS_TSC
async def test_javascript_es_modules_run_and_keep_their_lines() -> None:
    # A vm script cannot hold import or export: the driver transpiles an ES module to CommonJS first.
    program = (
        'import assert from "node:assert/strict";\n\nexport function gap(left, right) {\n  return left - right;\n}\n'
    )
    tests = "assert.equal(gap(3, 10), 7);\nassert.equal(gap(1, 1), 0);\n"
    assert is_es_module(program) and not is_es_module("function f() {}\n")
    fixed = program.replace("left - right", "right - left")
    sources = [combined_source(p, tests, "javascript") for p in (program, fixed)]
    output = await execute(node_batch_code(sources, "javascript", timeout=2, budget=30))
    assert [trial.exit_code for trial in trials_of(output, 2)] == [1, 0]
    output = await execute(node_coverage_code(sources[0], "javascript", program_lines=5, timeout=5))
    wrong, right = parse_coverage(output)
    assert (wrong.passed, right.passed) == (False, True) and 4 in wrong.lines and not {1, 2} & wrong.lines


@pytest.mark.parametrize(
    "language", [pytest.param("javascript", marks=NEEDS_TSC), pytest.param("typescript", marks=NEEDS_TSC)]
)
async def test_es_modules_with_node_test_tests_run_as_one_file(language: str) -> None:
    # The harness's prelude is transpiled once and spliced into each candidate's module: the program's export
    # (`LIMIT` becomes `exports.LIMIT` across the file) and import (the tests' `assert`) must still reach the tests.
    typed = ": number" if language == "typescript" else ""
    program = (
        'import assert from "node:assert/strict";\n\nexport const LIMIT = 3;\n\n'
        f"export function clamp(n{typed}){typed} {{\n  return n > LIMIT ? n : LIMIT;\n}}\n"
    )
    tests = (
        'import { test } from "node:test";\n\n'
        'test("big", () => {\n  assert.equal(clamp(9), LIMIT);\n});\n'
        'test("small", () => {\n  assert.equal(clamp(1), 1);\n});\n'
    )
    fixed = program.replace("n > LIMIT ? n : LIMIT", "n > LIMIT ? LIMIT : n")
    broken = program.replace("n > LIMIT", "n >")
    sources = [combined_source(p, tests, language) for p in (program, fixed, broken)]
    trials = trials_of(await execute(node_batch_code(sources, language, timeout=2, budget=30)), 3)
    assert [trial.exit_code for trial in trials] == [1, 0, 2]
    _, report = parse_report(split_output(trials[0].output)[1] or "")
    assert report is not None and [r.passed for r in report.results] == [False, False]
    assert "error TS1109" in trials[2].output  # a syntax error, on the whole file's lines


# Each program prints what its classes and calls do; tsc's transpile (ES2020, as the sandbox runs it) and the
# erased JavaScript must print the same. The subclass's field without a value is the case where keeping it as a
# JavaScript field would differ: it would reset what the base class's constructor set.
RUNS_THE_SAME = [
    "class Base {\n  x: number;\n  constructor() { this.init(); }\n  init(): void { this.x = 1; }\n}\n"
    "class Sub extends Base {\n  x: number;\n  y: number = 2;\n  init(): void { this.x = 5; }\n}\n"
    "const s = new Sub();\nconsole.log(s.x, s.y, Object.keys(s).join(','));",
    "abstract class Shape {\n  abstract area(): number;\n  describe(): string { return `area ${this.area()}`; }\n}\n"
    "class Square extends Shape {\n  static count = 0;\n  private readonly side: number;\n"
    "  constructor(side: number) { super(); this.side = side; Square.count++; }\n"
    "  area(): number { return this.side ** 2; }\n}\n"
    "console.log(new Square(3).describe(), Square.count);",
    "function first<T>(items: T[]): T | undefined { return items[0]; }\n"
    "function pad(n: number): string;\nfunction pad(n: any): string { return String(n).padStart(3, '0'); }\n"
    "const lookup = new Map<string, number>([['a', 1]]);\n"
    "const value = lookup.get('a')! as number;\n"
    "interface Point { x: number; y: number }\n"
    "const p: Point = { x: 1, y: 2 };\n"
    "console.log(first<number>([7, 8]), pad(value), p.x + p.y, (<any>p).y);",
]


@NEEDS_TSC
@pytest.mark.parametrize("typed", RUNS_THE_SAME)
async def test_erased_typescript_runs_as_the_transpiled_typescript_does(typed: str) -> None:
    erased = erase_types(typed)
    assert erased is not None
    tests = "console.assert(true);\n"
    transpiled = node_batch_code([combined_source(typed, tests, "typescript")], "typescript", timeout=5, budget=30)
    plain = node_batch_code([combined_source(erased, tests, "javascript")], "javascript", timeout=5, budget=30)
    (want,), (got,) = parse_batch(await execute(transpiled), 1), parse_batch(await execute(plain), 1)
    assert want is not None and got is not None
    assert want.exit_code == 0, want.output
    assert (got.exit_code, got.output) == (want.exit_code, want.output)


@pytest.mark.docker
async def test_typescript_batch_and_coverage_in_the_docker_sandbox() -> None:
    # The image has Debian's nodejs and node-typescript: the driver must find the compiler there too.
    problem = docker_problem()
    if problem is not None:
        pytest.skip(problem)
    program = "function sign(n: number): number {\n  if (n < 0) {\n    return -1;\n  }\n  return 2;\n}\n"
    source = combined_source(program, "assert.equal(sign(-3), -1);\nassert.equal(sign(3), 1);", "typescript")
    async with DockerSandbox(timeout=60) as sandbox:
        batch = await run_in(sandbox, node_batch_code(candidates("typescript")[:3], "typescript", timeout=1, budget=60))
        output = await run_in(sandbox, node_coverage_code(source, "typescript", program_lines=6, timeout=5))
    assert [(t.exit_code, t.timed_out) for t in trials_of(batch, 3)] == [(0, False), (1, False), (124, True)]
    negative, positive = parse_coverage(output)
    assert negative.passed and 3 in negative.lines and 5 not in negative.lines
    assert not positive.passed and 5 in positive.lines and 3 not in positive.lines


def test_other_languages_are_refused() -> None:
    with pytest.raises(ValueError, match="javascript or typescript"):
        node_batch_code(["print(1)"], "python", timeout=1, budget=1)


# Run before the driver, this makes every require of the typescript module fail, as on a machine without it.
HIDE_TYPESCRIPT = """const Module = require("module"), resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request.includes("typescript")) throw new Error("Cannot find module '" + request + "'");
  return resolve.call(this, request, ...rest);
};
"""


async def test_a_search_that_cannot_run_an_es_module_says_why() -> None:
    # It said only "the sandbox reported no candidate's run", and a user could not tell what to install.
    async with LocalSandbox(timeout=60) as sandbox:

        async def without_typescript(blocks: list[CodeBlock], token: CancellationToken) -> CodeResult:
            hidden = [CodeBlock(code=HIDE_TYPESCRIPT + block.code, language=block.language) for block in blocks]
            return await sandbox.execute_code_blocks(hidden, cancellation_token=token)

        program = "export function gap(left, right) {\n  return left - right;\n}\n"
        result = await search_patches(
            program,
            language="javascript",
            tests="assert.equal(gap(3, 10), 7);\n",
            execute=without_typescript,
            cancellation_token=CancellationToken(),
        )
    assert not result.passing and result.tried == 0
    assert result.stopped.startswith("the sandbox reported no candidate's run: the typescript module, which the search")
    assert "an ES module" in result.stopped and "install node-typescript" in result.stopped


async def test_typescript_whose_types_erase_is_searched_with_no_transpiler() -> None:
    # Loading the typescript module cost each of a search's node processes about 0.3 s; types blanked out leave
    # JavaScript that runs as it is. An enum has a meaning at run time, so that program still needs the module.
    program = "function gap(left: number, right: number): number {\n  return right - left;\n}\n"
    tests = "assert.equal(gap(10, 3), 7);\nassert.equal(gap(4, 4), 0);\n"
    enum = "enum Sign { Minus = -1 }\n" + program.replace("right - left", "(right - left) * Sign.Minus * -1")
    async with LocalSandbox(timeout=60) as sandbox:

        async def without_typescript(blocks: list[CodeBlock], token: CancellationToken) -> CodeResult:
            hidden = [CodeBlock(code=HIDE_TYPESCRIPT + block.code, language=block.language) for block in blocks]
            return await sandbox.execute_code_blocks(hidden, cancellation_token=token)

        found, not_run = [
            await search_patches(
                source,
                language="typescript",
                tests=tests,
                execute=without_typescript,
                cancellation_token=CancellationToken(),
            )
            for source in (program, enum)
        ]
    assert found.passing and "return left - right;" in found.passing[0].source
    assert not not_run.passing and not_run.tried == 0 and "the typescript module" in not_run.stopped
