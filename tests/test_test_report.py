"""Per-assert test reports, run for real: the program, then the instrumented tests, in one subprocess."""

from __future__ import annotations

import ast
import asyncio
import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from autogen_core import CancellationToken
from autogen_core.code_executor import CodeBlock
from autogen_ext.code_executors.local import LocalCommandLineCodeExecutor

from autogen_selfdebug import LocalSandbox, Verifier, create_sandbox
from autogen_selfdebug._test_report import (
    MARKER,
    AssertResult,
    TestReport,
    expects_raise,
    instrument_python_tests,
    parse_report,
    render_report,
    split_output,
    unrun_test_functions,
    unset_autouse_fixtures,
)
from autogen_selfdebug._test_report import test_functions as found_test_functions  # not named test*, for pytest
from autogen_selfdebug._test_report import tests_start_line as start_line  # not named test*, for pytest
from helpers import TOTALS_ASYNC

POSTFIX = """\
def evaluate(expression):
    stack = []
    for token in expression.split():
        if token.isdigit():
            stack.append(int(token))
            continue
        right = stack.pop()
        left = stack.pop()
        if token == "-":
            stack.append(right - left)
        else:
            stack.append(left + right)
    return stack.pop()
"""


async def report_of(
    executor: LocalCommandLineCodeExecutor, program: str, tests: str
) -> tuple[int, str, str, TestReport | None]:
    """Run program + instrumented tests; return the exit code, the program's output, the rest, the report."""
    source = f"{program.rstrip()}\n\n{instrument_python_tests(tests, program_lines=len(program.splitlines()))}"
    result = await executor.execute_code_blocks([CodeBlock(code=source, language="python")], CancellationToken())
    before, after = split_output(result.output)
    assert after is not None, result.output
    rest, report = parse_report(after)
    return result.exit_code, before, rest, report


async def real_pytest(tmp_path: Path, program: str, tests: str, *options: str) -> subprocess.CompletedProcess[str]:
    """pytest itself run on the program and its tests in one file: what the harness must agree with."""
    (tmp_path / "test_combined.py").write_text(f"{program}\n{tests}")
    command = [sys.executable, "-m", "pytest", "-q", *options, "-p", "no:cacheprovider", "test_combined.py"]
    return await asyncio.to_thread(subprocess.run, command, cwd=tmp_path, capture_output=True, text=True)


def failed(report: TestReport | None) -> list[AssertResult]:
    assert report is not None
    return [r for r in report.results if not r.passed]


async def test_wrong_value_reports_call_expected_actual_and_the_lines_that_ran(
    executor: LocalCommandLineCodeExecutor,
) -> None:
    tests = 'assert evaluate("3 4 +") == 7\nassert evaluate("10 3 -") == 7, "subtraction"'
    code, _, _, report = await report_of(executor, POSTFIX, tests)
    assert code == 1 and report is not None and (report.passed, report.total) == (1, 2)
    (wrong,) = failed(report)
    assert (wrong.line, wrong.source, wrong.op) == (2, 'evaluate("10 3 -") == 7', "==")
    assert (wrong.expected, wrong.actual, wrong.message) == ("7", "-7", "subtraction")
    assert wrong.trace is not None
    assert "line 10: stack.append(right - left)    [stack=[], right=3, left=10]" in wrong.trace
    assert wrong.returned == "evaluate returned -7"
    text = render_report(report)
    assert "Tests: 1 of 2 asserts passed." in text and "expected: 7" in text and "actual:   -7" in text
    assert "right=3, left=10" in text and 'Passed: line 1: evaluate("3 4 +") == 7' in text
    # For a model not shown the code: the call's values, not the lines that made them.
    outcome = render_report(report, internals=False)
    assert "expected: 7" in outcome and "actual:   -7" in outcome and 'Passed: line 1: evaluate("3 4 +")' in outcome
    assert "stack.append" not in outcome and "last lines run" not in outcome and "right=3" not in outcome


async def test_an_exception_reports_the_programs_line_and_locals(executor: LocalCommandLineCodeExecutor) -> None:
    program = "def ratio(a, b):\n    scale = 10\n    return scale * a // b\n"
    code, _, _, report = await report_of(executor, program, "assert ratio(1, 0) == 0\nassert ratio(4, 2) == 20")
    assert code == 1
    (broken,) = failed(report)
    assert broken.error is not None and broken.error.startswith("ZeroDivisionError")
    assert broken.where == "line 3: return scale * a // b"
    assert broken.locals == "a=1, b=0, scale=10"  # the program's frame, not the harness's
    outcome = render_report(report, internals=False)  # what it raised, not where or with what
    assert "raised ZeroDivisionError" in outcome and "scale" not in outcome


ACCOUNT = """\
class Account:
    def __init__(self, balance):
        self.balance = balance

    def withdraw(self, amount):
        if amount < self.balance:
            raise ValueError("insufficient funds")
        self.balance -= amount
"""


async def test_a_statement_among_the_checks_that_raises_fails_at_its_own_line(
    executor: LocalCommandLineCodeExecutor,
) -> None:
    # Before, the tests ended with a traceback at the harness's line (385, not 3), and "1 of 1 asserts passed".
    tests = "acct = Account(100)\nassert acct.balance == 100\nacct.withdraw(30)\nassert acct.balance == 70\n"
    code, _, rest, report = await report_of(executor, ACCOUNT, tests)
    assert code == 1 and report is not None and "Traceback" not in rest
    assert [(r.line, r.source, r.passed) for r in report.results] == [
        (2, "acct.balance == 100", True),
        (3, "acct.withdraw(30)", False),
        (4, "acct.balance == 70", False),  # the checks after it still run, as in JavaScript
    ]
    raised = report.results[1]
    assert raised.error == "ValueError: insufficient funds"
    assert raised.where == 'line 7: raise ValueError("insufficient funds")' and raised.locals is not None
    assert "amount=30" in raised.locals
    assert report.results[2].actual == "100"


async def test_a_hang_in_a_statement_among_the_checks_names_it() -> None:
    code, _, report = await hang_report("assert spin is not None\nspin(1)\n")
    assert code == 124 and report is not None
    assert [(r.line, r.source, r.passed) for r in report.results][-1] == (2, "spin(1)", False)
    assert report.results[-1].hung is not None and report.results[-1].where in ("line 2: while True:", "line 3: n += 1")


async def test_all_passing_exits_0_and_says_so(executor: LocalCommandLineCodeExecutor) -> None:
    code, before, rest, report = await report_of(executor, POSTFIX + 'print("ready")', 'assert evaluate("2 2 +") == 4')
    assert code == 0 and report is not None and report.all_passed and report.total == 1
    assert before.strip() == "ready" and MARKER not in rest


async def test_what_the_tests_print_after_a_failed_assert_is_left_out(executor: LocalCommandLineCodeExecutor) -> None:
    # A plain run stops at the failed assert, so its closing "tests passed" would only mislead the model.
    tests = (
        'print("setting up")\nassert evaluate("3 4 +") == 7\nprint("between")\nassert evaluate("10 3 -") == 7\n'
        'print("postfix tests passed")\nassert evaluate("1 1 +") == 2'
    )
    code, _, rest, report = await report_of(executor, POSTFIX, tests)
    assert code == 1 and report is not None and [r.passed for r in report.results] == [True, False, True]
    assert rest.split() == ["setting", "up", "between"]


async def test_asserts_in_loops_and_helpers_each_report_with_their_arguments(
    executor: LocalCommandLineCodeExecutor,
) -> None:
    program = "def double(x):\n    return x * 2 + (1 if x == 3 else 0)\n"
    tests = (
        "for x, y in [(1, 2), (3, 6)]:\n    assert double(x) == y\n"
        "def check(candidate):\n    assert candidate(5) == 10\n    assert candidate(3) is not None\ncheck(double)\n"
        "assert double(2) in (4, 5)"
    )
    code, _, _, report = await report_of(executor, program, tests)
    assert code == 1 and report is not None and report.total == 5
    (loop_failure,) = failed(report)
    assert loop_failure.call == "double(3)" and loop_failure.source == "double(x) == y"
    assert (loop_failure.expected, loop_failure.actual) == ("6", "7")
    assert "call:     double(3)" in render_report(report)  # shown because the source has only names
    assert {r.op for r in report.results} == {"==", "is not", "in"}


async def test_a_check_run_thousands_of_times_is_counted_not_printed_past_its_first_cases(
    executor: LocalCommandLineCodeExecutor,
) -> None:
    # A round trip checked for every n up to 4000: before, each case printed its result, the 2 MB of output was
    # cut in the middle by the sandbox's limit, and the report said 176 of 2103 where 448 of 4018 passed.
    program = "def half(n):\n    return n // 2 if n % 3 else n // 2 + 1\n"
    tests = "for n in range(4000):\n    assert half(n * 2) == n\nassert half(4) == 2\nassert half(3) == 1\n"
    code, _, rest, report = await report_of(executor, program, tests)
    assert code == 1 and report is not None and (report.passed, report.total) == (2666 + 1, 4002)
    assert not rest.strip()
    # The first failures keep their values; the failing line's later cases are counted, without them.
    first = failed(report)[0]
    assert (first.source, first.call, first.expected, first.actual) == ("half(n * 2) == n", "half(0)", "0", "1")
    assert failed(report)[-1] == AssertResult(2, "half(n * 2) == n", False)
    assert report.results[-1].source == "half(n * 2) == n"  # the counted cases come after the printed ones
    source = f"{program}\n{instrument_python_tests(tests, program_lines=2)}"
    result = await executor.execute_code_blocks([CodeBlock(code=source, language="python")], CancellationToken())
    assert len(result.output) < 40_000


async def test_pytest_style_test_functions_the_tests_never_call_are_called(
    executor: LocalCommandLineCodeExecutor,
) -> None:
    program = "def double(x):\n    return x * 2 + (1 if x == 3 else 0)\n"
    tests = (
        "import functools\n"
        "calls = []\n"
        "def test_small():\n    assert double(1) == 2\n    assert double(3) == 6\n"
        "def test_raises():\n    calls.append('raises')\n    raise ValueError('boom')\n"
        "def test_called_here():\n    calls.append('here')\n"
        "test_called_here()\n"
        "def test_needs_a_fixture(request):\n    assert False\n"
        "@functools.lru_cache\ndef test_decorated():\n    assert False\n"
        "def test_last(n=2):\n    assert calls == ['here', 'raises'], calls\n"
    )
    code, _, _, report = await report_of(executor, program, tests)
    assert code == 1 and report is not None
    # Each called once, in order, after the rest; the ones that need arguments or are decorated are not.
    assert [(r.line, r.source, r.passed) for r in report.results] == [
        (4, "double(1) == 2", True),
        (5, "double(3) == 6", False),
        (6, "test_raises()", False),
        (18, "calls == ['here', 'raises']", True),
    ]
    assert report.results[2].error == "ValueError: boom"
    # Tests that call their own test functions, or have none, are as before.
    code, _, _, report = await report_of(executor, program, "def test_one():\n    assert double(1) == 2\ntest_one()")
    assert code == 0 and report is not None and report.total == 1


async def test_parametrized_test_functions_run_each_case(executor: LocalCommandLineCodeExecutor) -> None:
    program = "def double(x):\n    return x * 2 + (1 if x == 3 else 0)\n"
    tests = (
        "import pytest\n"
        '@pytest.mark.parametrize("x, want", [(1, 2), pytest.param(3, 6, id="three"), (9, 0)])\n'
        "def test_double(x, want):\n    assert double(x) == want\n"
        '@pytest.mark.parametrize("x", [pytest.param(3, marks=pytest.mark.skip), 4])\n'
        "@pytest.mark.parametrize(argnames=['y'], argvalues=[[1], [2]])\n"
        "def test_stacked(x, y):\n    assert double(x) + y > 0\n"
        '@pytest.mark.parametrize("x", [1])\ndef test_fixture(x, request):\n    assert False\n'
        '@pytest.mark.parametrize("x", ["a"], indirect=True)\ndef test_indirect(x):\n    assert False\n'
    )
    code, _, _, report = await report_of(executor, program, tests)
    assert code == 1 and report is not None
    # Each case once, in pytest's order (stacked marks multiply, the closest one varies slowest); skipped cases,
    # tests that need a fixture and indirect parametrization are left to pytest.
    assert [(r.line, r.passed) for r in report.results] == [(4, True), (4, False), (4, False), (8, True), (8, True)]
    assert [(r.call, r.expected, r.actual) for r in failed(report)] == [
        ("double(3)", "6", "7"),
        ("double(9)", "0", "18"),
    ]
    module = ast.parse(tests)
    assert [(f.name, count) for f, count in found_test_functions(module)] == [("test_double", 3), ("test_stacked", 4)]


UNITTEST_FILE = """\
import unittest


class Base(unittest.TestCase):
    def check_sign(self, x):
        self.assertGreater(double(x), 0)


class DoubleTests(Base):
    def setUp(self):
        self.small = 1

    def test_values(self):
        self.assertEqual(double(self.small), 2)
        self.assertEqual(double(3), 6, "three")
        self.assertIsNotNone(double(2))
        assert double(2) == 4

    def test_raises(self):
        with self.assertRaises(TypeError):
            double(5)

    def test_sign(self):
        self.check_sign(2)

    @unittest.skip("later")
    def test_skipped(self):
        self.fail("skipped tests do not run")

    @unittest.expectedFailure
    def test_known_bug(self):
        self.assertEqual(double(3), 6)


class TestPytestStyle:
    def setup_method(self, method):
        self.ran = method.__name__

    def test_here(self):
        assert self.ran == "test_here"

    def test_almost(self):
        assert abs(double(0.5) - 1) < 0.1


if __name__ == "__main__":
    unittest.main()
"""


async def test_unittest_and_pytest_classes_run_each_method_and_report_its_checks(
    executor: LocalCommandLineCodeExecutor,
) -> None:
    program = "def double(x):\n    return x * 2 + (1 if x == 3 else 0)\n"
    code, _, rest, report = await report_of(executor, program, UNITTEST_FILE)
    assert code == 1 and report is not None and report.unfinished is None
    assert [(r.line, r.source, r.passed) for r in report.results] == [
        # Methods in unittest's order, skips left out. A method that reports nothing and passes (here
        # one that fails as it is expected to) is one check.
        (31, "DoubleTests.test_known_bug()", True),
        (19, "DoubleTests.test_raises()", False),  # an unmapped check that fails is the method's failure
        # self.assertEqual and its kin report like asserts, each with its line (a helper's too).
        (6, "self.assertGreater(double(x), 0)", True),
        (14, "self.assertEqual(double(self.small), 2)", True),
        (15, 'self.assertEqual(double(3), 6, "three")', False),
        (16, "self.assertIsNotNone(double(2))", True),
        (17, "double(2) == 4", True),
        (43, "abs(double(0.5) - 1) < 0.1", True),
        (40, 'self.ran == "test_here"', True),  # setup_method ran first
    ]
    values = failed(report)[1]
    assert (values.call, values.expected, values.actual, values.message) == ("double(3)", "6", "7", "three")
    assert failed(report)[0].error == "AssertionError: TypeError not raised"
    assert "Ran " not in rest  # unittest.main() is the harness's to replace: nothing ran twice


async def test_a_truth_check_of_a_call_shows_the_calls_own_value(executor: LocalCommandLineCodeExecutor) -> None:
    # Before, `assertFalse(f(x))` (and `assert not f(x)`) failed with "actual: False": the value of `not f(x)`.
    tests = (
        "import unittest\n\n\nclass T(unittest.TestCase):\n    def test_a(self):\n"
        "        self.assertFalse(is_weekday(6))\n        self.assertTrue(is_weekday(0))\n\n\n"
        "assert not is_weekday(5)\nassert is_weekday(7 - 7)\nassert not [d for d in (6,) if is_weekday(d)]\n"
    )
    program = "def is_weekday(day):\n    return day < 7\n"
    code, _, rest, report = await report_of(executor, program, tests)
    assert code == 1 and report is not None, rest
    assert [(r.line, r.passed, r.call, r.actual) for r in report.results] == [
        (10, False, "is_weekday(5)", "True"),
        (11, True, "is_weekday(0)", "True"),
        (12, False, None, "False"),  # not a call: the check's value, as before
        (6, False, "is_weekday(6)", "True"),
        (7, True, "is_weekday(0)", "True"),
    ]


async def test_a_pytest_classs_methods_take_fixtures_and_parametrize_cases(
    executor: LocalCommandLineCodeExecutor,
) -> None:
    # Before, each such method was called with no arguments and failed with a TypeError of the harness's making.
    tests = (
        "import pytest\n"
        "@pytest.fixture\n"
        "def base():\n    return 10\n"
        "class TestDouble:\n"
        "    def setup_method(self, method):\n        self.calls = 0\n"
        "    def test_fixture(self, base):\n        assert double(base) == 20\n"
        "    @pytest.mark.parametrize('x, want', [(1, 2), (3, 6)])\n"
        "    def test_cases(self, x, want):\n        self.calls += 1\n"
        "        assert (double(x), self.calls) == (want, 1)\n"
        "    def test_log(self, request):\n        assert request\n"
    )
    program = "def double(x):\n    return x * 2 + (1 if x == 3 else 0)\n"
    code, _, _, report = await report_of(executor, program, tests)
    assert code == 1 and report is not None and report.unfinished is None
    assert [(r.line, r.source, r.passed) for r in report.results] == [
        (13, "(double(x), self.calls) == (want, 1)", True),  # each case on a fresh instance, after setup_method
        (13, "(double(x), self.calls) == (want, 1)", False),
        (9, "double(base) == 20", True),
    ]
    assert unrun_test_functions(ast.parse(tests)) == ["TestDouble.test_log (it asks for request, which pytest sets up)"]


async def test_a_pytest_classs_own_fixtures_are_set_up_on_its_tests_instance(
    executor: LocalCommandLineCodeExecutor,
) -> None:
    # Before, a fixture defined in the class was "not run here" for every test asking for it, and the tests that
    # were left passed: a program pytest fails was "the program as given passes".
    tests = (
        "import pytest\n\n\n@pytest.fixture\ndef base():\n    return 10\n\n\n"
        "class TestDouble:\n"
        "    @pytest.fixture\n    def doubled(self, base):\n        self.seen = base\n        return double(base)\n\n"
        "    @pytest.fixture(autouse=True)\n    def log(self):\n        self.log = ['up']\n        yield\n"
        "        self.log.append('down')\n\n"
        "    @pytest.fixture\n    def asks(self, request):\n        return request\n\n"
        "    def test_doubled(self, doubled):\n        assert (doubled, self.seen, self.log) == (20, 10, ['up'])\n\n"
        "    def test_three(self):\n        assert double(3) == 6\n\n"
        "    def test_asks(self, asks):\n        assert asks\n"
    )
    program = "def double(x):\n    return x * 2 + (1 if x == 3 else 0)\n"
    code, _, rest, report = await report_of(executor, program, tests)
    assert code == 1 and report is not None, rest
    assert [(r.line, r.source, r.passed) for r in report.results] == [
        (26, "(doubled, self.seen, self.log) == (20, 10, ['up'])", True),  # on the test's own instance
        (29, "double(3) == 6", False),
    ]
    assert unrun_test_functions(ast.parse(tests)) == ["TestDouble.test_asks (it asks for asks, which pytest sets up)"]


async def test_a_test_classs_own_setup_and_teardown_run_once_around_its_tests(
    executor: LocalCommandLineCodeExecutor,
) -> None:
    # Before, setUpClass and pytest's setup_class never ran: every test using what they set up failed.
    tests = (
        "import unittest\nLOG = []\n\n\n"
        "class TestOld(unittest.TestCase):\n"
        "    @classmethod\n    def setUpClass(cls):\n        cls.base = 10\n        LOG.append('up')\n\n"
        "    @classmethod\n    def tearDownClass(cls):\n        LOG.append('down')\n\n"
        "    def test_a(self):\n        self.assertEqual(double(self.base), 20)\n\n"
        "    def test_b(self):\n        self.assertEqual(LOG, ['up'])\n\n\n"
        "class TestNew:\n"
        "    @classmethod\n    def setup_class(cls):\n        cls.base = 3\n\n"
        "    def test_c(self):\n        assert (double(self.base), LOG) == (6, ['up', 'down'])\n\n\n"
        "class TestBroken(unittest.TestCase):\n"
        "    @classmethod\n    def setUpClass(cls):\n        raise RuntimeError('no database')\n\n"
        "    def test_d(self):\n        LOG.append('never')\n"
    )
    code, _, rest, report = await report_of(executor, "def double(x):\n    return x * 2\n", tests)
    assert code == 1 and report is not None, rest
    assert [(r.line, r.source, r.passed) for r in report.results] == [
        (16, "self.assertEqual(double(self.base), 20)", True),
        (19, "self.assertEqual(LOG, ['up'])", True),
        (28, "(double(self.base), LOG) == (6, ['up', 'down'])", True),
        (31, "TestBroken.setUpClass()", False),
    ]
    assert report.results[-1].error == "RuntimeError: no database"


async def test_a_unittest_failure_outside_a_check_and_a_passing_expected_failure_count() -> None:
    tests = (
        "import unittest\n"
        "class T(unittest.TestCase):\n"
        "    def setUp(self):\n        raise RuntimeError('no fixture')\n"
        "    def test_a(self):\n        pass\n"
        "class U(unittest.TestCase):\n"
        "    @unittest.expectedFailure\n    def test_b(self):\n        pass\n"
    )
    async with LocalSandbox(timeout=20) as executor:
        code, _, _, report = await report_of(executor, "x = 1\n", tests)  # type: ignore[arg-type]
    assert code == 1 and report is not None
    assert [(r.source, r.passed, r.error) for r in report.results] == [
        ("T.test_a()", False, "RuntimeError: no fixture"),
        ("U.test_b()", False, "the test was expected to fail, and passed"),
    ]


@pytest.mark.parametrize(
    ("tests", "named"),
    [("assert spin(1) == 1", "line 1: spin(1) == 1"), ("def test_spin():\n    spin(1)\n", "line 1: test_spin()")],
    ids=["assert", "test-function"],
)
async def test_a_hanging_check_is_named(tests: str, named: str) -> None:
    # Our sandbox keeps the output printed before a timeout (upstream's executor replaces it with "Timeout").
    async with LocalSandbox(timeout=3) as executor:
        program = "def spin(n):\n    while True:\n        n += 1\n"
        source = f"{program}\n{instrument_python_tests(tests, program_lines=3)}"
        result = await executor.execute_code_blocks([CodeBlock(code=source, language="python")], CancellationToken())
    _, after = split_output(result.output)
    assert after is not None
    _, report = parse_report(after)
    assert report is not None and report.unfinished == named and not report.all_passed
    assert f"DID NOT FINISH (timed out or crashed): {named}" in render_report(report)


SPIN = "def spin(n):\n    while True:\n        n += 1\n"


async def hang_report(tests: str, *, program: str = SPIN, timeout: float = 2) -> tuple[int, float, TestReport | None]:
    """Run a program whose checks hang under a sandbox with twice ``timeout``, telling the tests ``timeout``."""
    async with LocalSandbox(timeout=int(2 * timeout) + 2) as executor:
        harness = instrument_python_tests(tests, program_lines=program.count("\n"), time_limit=timeout)
        source = f"{program}\n{harness}"
        started = time.monotonic()
        result = await executor.execute_code_blocks([CodeBlock(code=source, language="python")], CancellationToken())
        seconds = time.monotonic() - started
    _, after = split_output(result.output)
    assert after is not None
    return result.exit_code, seconds, parse_report(after)[1]


async def test_a_hang_inside_a_test_function_is_stopped_and_located() -> None:
    code, seconds, report = await hang_report("def test_spin():\n    assert spin(1) > 0\n")
    assert code == 124 and seconds < 3  # stopped by the tests, before the limit they were given
    assert report is not None and report.unfinished is None and not report.all_passed
    [hung] = report.results
    assert (hung.source, hung.call) == ("spin(1) > 0", "spin(1)")
    assert hung.where in ("line 2: while True:", "line 3: n += 1")  # wherever the loop was when stopped
    assert hung.trace is not None and any("[n=" in step for step in hung.trace)  # n keeps growing
    text = render_report(report)
    assert "did not finish: still running after" in text and "the lines it kept running" in text


async def test_a_program_with_its_own_alarm_is_left_to_the_sandbox_timeout() -> None:
    # The program's SIGALRM handler is its own business: the tests do not take it over.
    program = f"import signal\nsignal.signal(signal.SIGALRM, lambda *a: None)\n{SPIN}"
    code, seconds, report = await hang_report("assert spin(1) == 1", program=program, timeout=1)
    assert code == 124 and seconds >= 3
    assert report is not None and report.unfinished == "line 1: spin(1) == 1" and not report.results


async def test_tests_that_do_not_parse_run_raw(executor: LocalCommandLineCodeExecutor) -> None:
    source = f"x = 1\n{instrument_python_tests('assert x ==', program_lines=1)}"
    result = await executor.execute_code_blocks([CodeBlock(code=source, language="python")], CancellationToken())
    assert result.exit_code != 0 and "SyntaxError" in result.output
    _, after = split_output(result.output)
    # A syntax error stops the whole file, so even the marker never printed, and there is no report.
    assert after is None or parse_report(after)[1] is None


async def test_values_are_bounded_and_a_deep_recursion_does_not_hang(executor: LocalCommandLineCodeExecutor) -> None:
    program = (
        "def fib(n):\n    return n if n < 2 else fib(n - 1) + fib(n - 2) + 1\ndef big():\n    return 'x' * 100_000\n"
    )
    started = time.monotonic()
    code, _, _, report = await report_of(executor, program, "assert fib(24) == 46368\nassert big() == ''")
    assert time.monotonic() - started < 20  # the tracer's budget stops following fib early
    assert code == 1
    deep, huge = failed(report)
    assert deep.actual is not None and deep.trace is None  # over budget: no trace, no crash
    assert huge.actual is not None and len(huge.actual) < 250


async def test_program_names_do_not_clash_with_the_harness(executor: LocalCommandLineCodeExecutor) -> None:
    program = "json = 'not the module'\nsys = None\n_sd_h = 3\ndef one():\n    return 1\n"
    code, _, _, report = await report_of(executor, program, "assert one() == 1\nassert _sd_h == 3 or True")
    # The program's own _sd_h is replaced by the harness only after the program ran.
    assert code == 0 and report is not None and report.total == 2


async def test_a_program_that_exits_before_its_tests_fails(executor: LocalCommandLineCodeExecutor) -> None:
    blocks = [CodeBlock(code="def f():\n    return 1\nraise SystemExit(0)", language="python")]
    check = await Verifier(executor, tests="assert f() == 2").check(blocks, CancellationToken())
    assert check.status == "tests_failed" and check.tests is not None
    assert "tests never ran" in check.tests.output


async def test_the_program_runs_once_and_its_output_shows_once(executor: LocalCommandLineCodeExecutor) -> None:
    blocks = [CodeBlock(code="print('HELLO-ONCE')\ndef f():\n    return 2", language="python")]
    check = await Verifier(executor, tests="assert f() == 2").check(blocks, CancellationToken())
    assert check.passed and check.test_counts() == (1, 1)
    assert check.as_code_result().output.count("HELLO-ONCE") == 1


async def test_a_program_that_prints_nothing_shows_its_tests_first(executor: LocalCommandLineCodeExecutor) -> None:
    blocks = [CodeBlock(code="def f():\n    return 2", language="python")]
    check = await Verifier(executor, tests="assert f() == 2").check(blocks, CancellationToken())
    # No blank lines above the tests' section (the command line showed two at the top of each result).
    assert check.as_code_result().output.startswith("--- tests (exit code 0) ---\n")


def test_split_output_and_start_lines() -> None:
    assert split_output(f"a\n{MARKER} tests-start\nb") == ("a", "b")
    assert split_output("a\nb") == ("a\nb", None)
    assert start_line("javascript") == f'console.log("{MARKER} tests-start");'
    assert start_line("bash") == f"echo '{MARKER} tests-start'"


def test_render_report_is_bounded() -> None:
    results = [
        AssertResult(line=i, source=f"f({i}) == {i}", passed=False, expected=str(i), actual="x" * 150)
        for i in range(40)
    ]
    text = render_report(TestReport(results=results), max_chars=1500)
    assert len(text) <= 1500 and "more failing asserts" in text


async def test_the_jupyter_sandbox_reports_failures_without_ipython_noise() -> None:
    async with create_sandbox("jupyter", timeout=20) as jupyter:
        verifier = Verifier(jupyter, tests="assert f(2) == 5\nassert f(1) == 2")
        check = await verifier.check(
            [CodeBlock(code="def f(x):\n    return 2 * x", language="python")], CancellationToken()
        )
        # The kernel lives on: the harness gave back the stdout it silenced after the failed assert.
        later = await jupyter.execute_code_blocks(
            [CodeBlock(code='print("still here")', language="python")], CancellationToken()
        )
    assert "still here" in later.output
    assert check.status == "tests_failed" and check.test_counts() == (1, 2)
    assert check.tests is not None and check.tests.output.strip() == ""  # no "SystemExit", no "use %tb" hint
    assert "line 2: return 2 * x    [x=2]" in check.as_code_result().output  # the line trace works in a kernel too


async def test_checks_that_a_call_raises_pass_when_it_does_and_fail_at_their_line_when_not(
    executor: LocalCommandLineCodeExecutor,
) -> None:
    # ACCOUNT raises on a small withdrawal and lets a large one through (its comparison is the wrong way).
    tests = (
        "try:\n    Account(100).withdraw(30)\n    assert False, 'should have raised'\nexcept ValueError:\n    pass\n"
        "try:\n    Account(5).withdraw(1000)\n    assert False, 'should have raised'\nexcept ValueError:\n    pass\n"
        "try:\n    Account(5).withdraw(1000)\nexcept ValueError:\n    pass\nelse:\n    raise AssertionError('no')\n"
        "import pytest\nwith pytest.raises(ValueError):\n    Account(5).withdraw(1000)\n"
        "with pytest.raises(ValueError):\n    Account(100).withdraw(1)\n"
    )
    code, _, rest, report = await report_of(executor, ACCOUNT, tests)
    assert code == 1 and report is not None and "Traceback" not in rest
    assert [(r.line, r.source, r.passed) for r in report.results] == [
        (1, "Account(100).withdraw(30) raises ValueError", True),
        (6, "Account(5).withdraw(1000) raises ValueError", False),
        (11, "Account(5).withdraw(1000) raises ValueError", False),
        (18, "Account(5).withdraw(1000) raises ValueError", False),
        (20, "Account(100).withdraw(1) raises ValueError", True),
    ]
    errors = [r.error for r in report.results if not r.passed]
    assert errors[:2] == ["AssertionError: should have raised", "AssertionError: no"]
    assert errors[2] is not None and errors[2].startswith("Failed: DID NOT RAISE")


async def test_a_check_that_a_call_raises_fails_though_its_except_would_catch_the_failure(
    executor: LocalCommandLineCodeExecutor,
) -> None:
    # Before, `except Exception:` caught the check's own AssertionError, so it passed whatever the program did, and
    # a bare `except:` made no check at all: the buggy program passed its tests.
    tests = (
        "try:\n    Account(5).withdraw(1000)\n    assert False, 'should have raised'\nexcept Exception:\n    pass\n"
        "try:\n    Account(5).withdraw(1000)\n    raise AssertionError\nexcept:\n    pass\n"
        "try:\n    Account(100).withdraw(30)\n    assert False\nexcept (AssertionError, ValueError):\n    pass\n"
    )
    code, _, rest, report = await report_of(executor, ACCOUNT, tests)
    assert code == 1 and report is not None and "Traceback" not in rest
    assert [(r.line, r.source, r.passed, r.error) for r in report.results] == [
        (1, "Account(5).withdraw(1000) raises Exception", False, "AssertionError: should have raised"),
        (6, "Account(5).withdraw(1000) raises an exception", False, "AssertionError: it did not raise"),
        (11, "Account(100).withdraw(30) raises (AssertionError, ValueError)", True, None),
    ]


def test_what_is_not_a_check_that_a_call_raises() -> None:
    for source in (
        "try:\n    f()\nexcept:\n    pass\n",  # no assert that it raised
        "try:\n    f()\n    assert False\nexcept ValueError:\n    pass\nfinally:\n    g()\n",
        "try:\n    assert False\nexcept ValueError:\n    pass\n",  # nothing that could raise
        "with open('f') as handle:\n    f(handle)\n",
    ):
        assert expects_raise(ast.parse(source).body[0]) is None, source


ASYNC_CHECKS = """\
async def main():
    ids = [1, 2]
    assert await total(ids) == 30, "two ids"
    assert (await total([])) + 1 == 1
    assert [n async for n in numbers()] == [1, 2]
    assert await total(None) == 0
    assert await total([3]) != 0


async def numbers():
    yield 1
    yield 3


asyncio.run(main())
"""


async def test_asserts_that_await_in_an_async_function_each_report(executor: LocalCommandLineCodeExecutor) -> None:
    # Before, the harness put each assert's sides in lambdas: with `await` in them the tests did not compile, and
    # the run showed a SyntaxError at a harness line.
    code, _, rest, report = await report_of(executor, TOTALS_ASYNC, ASYNC_CHECKS)
    assert code == 1 and report is not None and report.unfinished is None and "Traceback" not in rest
    assert [(r.line, r.source, r.passed, r.expected, r.actual) for r in report.results] == [
        (3, "await total(ids) == 30", False, "30", "-30"),
        (4, "(await total([])) + 1 == 1", True, "1", "1"),
        (5, "[n async for n in numbers()] == [1, 2]", False, "[1, 2]", "[1, 3]"),
        (6, "await total(None) == 0", False, None, None),
        (7, "await total([3]) != 0", True, "0", "-30"),
    ]
    first, raised = report.results[0], report.results[3]
    assert (first.call, first.message) == ("total([1, 2])", "two ids")  # the awaited call, with its arguments
    assert raised.error == "TypeError: 'NoneType' object is not iterable"
    assert raised.where == "line 10: values = await asyncio.gather(*(fetch(i) for i in ids))"
    assert raised.locals == "ids=None"
    fixed = TOTALS_ASYNC.replace("result -= v", "result += v")
    tests = ASYNC_CHECKS.replace("yield 3", "yield 2").replace("None) == 0", "[4]) == 40")
    code, _, _, report = await report_of(executor, fixed, tests)
    assert code == 0 and report is not None and (report.passed, report.total) == (5, 5)


async def test_a_hang_in_an_assert_that_awaits_is_stopped_at_that_assert() -> None:
    program = "import asyncio\n\n\nasync def never():\n    await asyncio.sleep(3600)\n"
    tests = "async def main():\n    assert 1 == 1\n    assert await never() is None\n\n\nasyncio.run(main())\n"
    code, seconds, report = await hang_report(tests, program=program)
    assert code == 124 and seconds < 3 and report is not None
    assert [(r.line, r.passed) for r in report.results] == [(2, True), (3, False)]
    assert report.results[1].hung is not None


async def test_an_async_unittest_case_reports_its_awaited_checks(executor: LocalCommandLineCodeExecutor) -> None:
    # Before, `self.assertEqual(await f(), ...)` went into a lambda: the tests did not compile.
    tests = (
        "import unittest\n\n\nclass T(unittest.IsolatedAsyncioTestCase):\n"
        "    async def test_two(self):\n        self.assertEqual(await total([1, 2]), 30)\n\n"
        "    async def test_none(self):\n        self.assertEqual(await total([]), 0)\n"
    )
    code, _, _, report = await report_of(executor, TOTALS_ASYNC, tests)
    assert code == 1 and report is not None and report.unfinished is None
    assert [(r.line, r.passed, r.expected, r.actual) for r in report.results] == [
        (9, True, "0", "0"),
        (6, False, "30", "-30"),
    ]
    assert report.results[1].call == "total([1, 2])"


FIXTURE_TESTS = """\
import pytest

log = []


@pytest.fixture
def prices():
    log.append("prices")
    return [10, 5]


@pytest.fixture()
def cart(prices):
    log.append("cart")
    items = [(p, 2) for p in prices]
    yield items
    log.append("cart down")


@pytest.mark.parametrize("extra", [0, 1])
def test_total(cart, extra):
    assert total(cart) + extra == 30 + extra


def test_fresh(cart):
    cart.append((1, 1))
    assert len(cart) == 3


def test_log():
    assert log == ["prices", "cart", "cart down"] * 3


def test_request(request):
    assert False, "pytest's own fixture: pytest's to run"
"""


async def test_the_tests_own_pytest_fixtures_are_set_up_for_each_test(executor: LocalCommandLineCodeExecutor) -> None:
    # Before, a test that asked for a fixture was never run: the file passed on its other checks.
    program = "def total(items):\n    return sum(price for price, qty in items)\n"
    code, _, _, report = await report_of(executor, program, FIXTURE_TESTS)
    assert code == 1 and report is not None and report.unfinished is None
    assert [(r.line, r.source, r.passed) for r in report.results] == [
        (22, "total(cart) + extra == 30 + extra", False),  # one case each: a fresh cart, torn down after it
        (22, "total(cart) + extra == 30 + extra", False),
        (27, "len(cart) == 3", True),
        (31, 'log == ["prices", "cart", "cart down"] * 3', True),
    ]
    assert report.results[0].actual == "15"
    fixed = program.replace("sum(price for", "sum(price * qty for")
    code, _, _, report = await report_of(executor, fixed, FIXTURE_TESTS)
    assert code == 0 and report is not None and (report.passed, report.total) == (4, 4)


SCOPED_FIXTURE_TESTS = """\
import atexit
import json
import unittest

import pytest

LOG = []
atexit.register(lambda: print("LOG=" + json.dumps(LOG)))


@pytest.fixture(scope="session", autouse=True)
def session_wide():
    LOG.append("session up")
    yield
    LOG.append("session down")


@pytest.fixture(scope="module")
def db():
    LOG.append("db up")
    yield {"rows": []}
    LOG.append("db down")


@pytest.fixture(scope="class")
def per_class(db):
    LOG.append("class up")
    yield db
    LOG.append("class down")


@pytest.fixture(autouse=True)
def each():
    LOG.append("each up")
    yield
    LOG.append("each down")


@pytest.fixture
def marker():
    LOG.append("marker")


def test_insert(db):
    db["rows"].append(1)
    assert total(db["rows"]) == 1


def test_again(per_class, db):
    db["rows"].append(2)
    assert total(db["rows"]) == 3


@pytest.mark.usefixtures("marker")
def test_used():
    assert LOG[-1] == "marker"


class TestRows:
    def test_one(self, per_class):
        assert per_class["rows"] == [1, 2]

    def test_two(self, per_class):
        per_class["rows"].append(3)
        assert total(per_class["rows"]) == 6


class TestOld(unittest.TestCase):
    def test_inside(self):
        self.assertEqual(LOG[-1], "each up")


def test_last(db):
    assert total(db["rows"]) == 6
"""


def _log(output: str) -> list[str]:
    (line,) = [line for line in output.splitlines() if line.startswith("LOG=")]
    return list(json.loads(line.removeprefix("LOG=")))


async def test_autouse_and_wider_scoped_fixtures_are_set_up_and_torn_down_as_pytest_does(
    executor: LocalCommandLineCodeExecutor, tmp_path: Path
) -> None:
    # Before, the tests asking for a module- or class-scoped fixture were not run, and an autouse fixture was left
    # out: what it set up was missing from every test. Real pytest runs the same file, and the two logs must agree.
    program = "def total(rows):\n    return sum(rows)\n"
    ran = await real_pytest(tmp_path, program, SCOPED_FIXTURE_TESTS, "-s")
    assert ran.returncode == 0, ran.stdout + ran.stderr
    by_pytest = _log(ran.stdout)
    assert by_pytest[:2] == ["session up", "db up"] and by_pytest[-2:] == ["db down", "session down"]
    code, _, rest, report = await report_of(executor, program, SCOPED_FIXTURE_TESTS)
    assert code == 0 and report is not None and (report.passed, report.total) == (7, 7), rest
    assert _log(rest) == by_pytest  # the tests in the file's order too: test_last sees what the classes added
    assert unrun_test_functions(ast.parse(SCOPED_FIXTURE_TESTS)) == []
    # A bug fails the checks that see it, each with its values, and the other checks still pass.
    code, _, _, report = await report_of(executor, program.replace("sum(rows)", "len(rows)"), SCOPED_FIXTURE_TESTS)
    assert code == 1 and report is not None
    assert [(r.source, r.actual) for r in failed(report)] == [
        ('total(db["rows"]) == 3', "2"),
        ('total(per_class["rows"]) == 6', "3"),
        ('total(db["rows"]) == 6', "3"),
    ]


BUILTIN_PROGRAM = """\
import os


def save(path, text):
    path.write_text(text.upper())


def greeting():
    return "hello " + os.environ.get("SD_NAME", "world")


def shout(text):
    print(text.upper() + "!")
"""
BUILTIN_FIXTURE_TESTS = """\
import sys


def test_save(tmp_path):
    target = tmp_path / "out.txt"
    save(target, "hi")
    assert target.read_text() == "HI"


def test_name(monkeypatch):
    monkeypatch.setenv("SD_NAME", "ann")
    assert greeting() == "hello ann"


def test_name_undone():
    assert greeting() == "hello world"


def test_shout(capsys):
    shout("hey")
    print("note", file=sys.stderr)
    out, err = capsys.readouterr()
    assert (out, err) == ("HEY!\\n", "note\\n")
    shout("again")
    assert capsys.readouterr().out == "AGAIN!\\n"
"""


async def test_pytests_tmp_path_monkeypatch_and_capsys_are_set_up_as_pytest_does(
    executor: LocalCommandLineCodeExecutor, tmp_path: Path
) -> None:
    # Before, each of these tests was "not run here": they ask for pytest's own fixtures.
    ran = await real_pytest(tmp_path, BUILTIN_PROGRAM, BUILTIN_FIXTURE_TESTS)
    assert ran.returncode == 0 and "4 passed" in ran.stdout, ran.stdout + ran.stderr
    assert unrun_test_functions(ast.parse(BUILTIN_FIXTURE_TESTS)) == []
    code, _, rest, report = await report_of(executor, BUILTIN_PROGRAM, BUILTIN_FIXTURE_TESTS)
    assert code == 0 and report is not None and (report.passed, report.total) == (5, 5), rest
    broken = BUILTIN_PROGRAM.replace('text.upper() + "!"', 'text + "!"').replace("text.upper())", "text)")
    code, _, _, report = await report_of(executor, broken, BUILTIN_FIXTURE_TESTS)
    assert code == 1 and report is not None
    assert [(r.line, r.actual) for r in failed(report)] == [
        (7, "'hi'"),
        (23, "('hey!\\n', 'note\\n')"),
        (25, "'again!\\n'"),
    ]


async def test_a_test_function_that_passes_without_an_assert_is_one_passing_check(
    executor: LocalCommandLineCodeExecutor,
) -> None:
    # Before, it was not counted: "1 of 1 asserts passed" where pytest says 2 passed.
    tests = (
        "import pytest\n\n\ndef test_small():\n    assert one() == 1\n\n\n"
        "def test_raises():\n    with pytest.raises(ValueError):\n        int('x')\n\n\n"
        "def test_does_not_raise():\n    with pytest.raises(ValueError):\n        int('2')\n"
    )
    code, _, _, report = await report_of(executor, "def one():\n    return 1\n", tests)
    assert code == 1 and report is not None
    assert [(r.line, r.source, r.passed) for r in report.results] == [
        (5, "one() == 1", True),
        (8, "test_raises()", True),
        (13, "test_does_not_raise()", False),
    ]


async def test_a_fixtures_teardown_that_raises_fails_a_check_of_its_own(executor: LocalCommandLineCodeExecutor) -> None:
    tests = (
        "import pytest\n"
        "@pytest.fixture(scope='module')\n"
        "def conn():\n    yield 1\n    raise RuntimeError('left open')\n"
        "def test_conn(conn):\n    assert one() == conn\n"
    )
    code, _, _, report = await report_of(executor, "def one():\n    return 1\n", tests)
    assert code == 1 and report is not None
    assert [(r.line, r.source, r.passed) for r in report.results] == [
        (7, "one() == conn", True),
        (3, "teardown of conn", False),
    ]
    assert "RuntimeError: left open" in render_report(report)


async def test_test_classes_with_pytest_marks_run_and_their_usefixtures_are_set_up(
    executor: LocalCommandLineCodeExecutor,
) -> None:
    # Before, a decorated test class was never run, and the output did not say so: its checks were lost.
    tests = (
        "import unittest\n\nimport pytest\n\nSEEN = []\n\n\ndef tagged(cls):\n    return cls\n\n\n"
        "@pytest.fixture\ndef seeded():\n    SEEN.append('seeded')\n    yield\n    SEEN.clear()\n\n\n"
        "@pytest.mark.usefixtures('seeded')\nclass TestUses:\n    def test_a(self):\n"
        "        assert (total([1, 2]), SEEN) == (3, ['seeded'])\n\n\n"
        "@pytest.mark.slow\nclass TestMarked:\n    def test_b(self):\n        assert total([2, 3]) == 5\n\n\n"
        "@pytest.mark.usefixtures('seeded')\nclass TestOld(unittest.TestCase):\n    def test_c(self):\n"
        "        self.assertEqual(SEEN, ['seeded'])\n\n\n"
        "@pytest.mark.skip\nclass TestSkipped:\n    def test_d(self):\n        assert False\n\n\n"
        "@pytest.mark.usefixtures('request')\nclass TestLog:\n    def test_e(self):\n        assert False\n\n\n"
        "@tagged\nclass TestOther:\n    def test_f(self):\n        assert False\n"
    )
    code, _, rest, report = await report_of(executor, "def total(xs):\n    return sum(xs)\n", tests)
    assert code == 0 and report is not None, rest
    assert [(r.line, r.source, r.passed) for r in report.results] == [
        (22, "(total([1, 2]), SEEN) == (3, ['seeded'])", True),
        (28, "total([2, 3]) == 5", True),
        (34, "self.assertEqual(SEEN, ['seeded'])", True),
    ]
    assert unrun_test_functions(ast.parse(tests)) == [
        "TestLog (it asks for request, which pytest sets up)",
        "TestOther (it is decorated with @tagged)",
    ]


def test_autouse_fixtures_the_harness_cannot_set_up_are_named() -> None:
    tests = (
        "import pytest\n\n"
        "@pytest.fixture(autouse=True)\ndef quiet(request):\n    request.applymarker('slow')\n\n"
        "@pytest.fixture(autouse=True, params=[1, 2])\ndef twice(request):\n    return request.param\n\n"
        "@pytest.fixture(scope='module', autouse=True)\ndef fine():\n    return 1\n\n"
        "def test_a():\n    assert 1\n"
    )
    assert unset_autouse_fixtures(ast.parse(tests)) == {
        "quiet": "it asks for request, which pytest sets up",
        "twice": "the harness does not follow its params",
    }


def test_which_test_functions_the_harness_cannot_run_and_why() -> None:
    tests = (
        "import pytest\nfrom unittest import mock\n\n\n@pytest.fixture\ndef ours():\n    return 1\n\n\n"
        "def test_ours(ours):\n    assert ours\n\n\n@pytest.mark.slow\ndef test_marked():\n    assert 1\n\n\n"
        "def test_log(request, ours):\n    assert request\n\n\n@mock.patch('os.getcwd')\ndef test_patched(cwd, ours):\n"
        "    assert cwd\n\n\n@pytest.mark.usefixtures('db')\ndef test_db():\n    assert 1\n\n\n"
        "@pytest.mark.skip\ndef test_skipped(request):\n    assert 0\n\n\n"
        "@mock.patch.multiple('os', getcwd=mock.DEFAULT)\ndef test_multiple(getcwd):\n    assert getcwd\n\n\n"
        "@mock.patch('os.getcwd', lambda: '/')\ndef test_replaced(cwd):\n    assert cwd\n"
    )
    module = ast.parse(tests)
    # A test under @patch gets its mock first (a patch given its replacement passes none), then its fixtures;
    # under @patch.multiple, its DEFAULT ones by keyword.
    assert [f.name for f, _ in found_test_functions(module)] == [
        "test_ours",
        "test_marked",
        "test_patched",
        "test_multiple",
    ]
    assert unrun_test_functions(module) == [
        "test_log (it asks for request, which pytest sets up)",
        "test_db (it asks for db, which pytest sets up)",
        "test_replaced (it asks for cwd, which pytest sets up)",
    ]


ASYNC_PROGRAM = """\
import asyncio


async def fetch(delay, value):
    await asyncio.sleep(delay)
    return value


async def gather_sorted(pairs):
    results = await asyncio.gather(*(fetch(d, v) for d, v in pairs))
    return sorted(results, reverse=True)
"""

ASYNC_TESTS = """\
import unittest

import pytest


@pytest.fixture
def pairs():
    return [(0.01, 3), (0.0, 9)]


@pytest.mark.asyncio
async def test_sorted(pairs):
    assert await gather_sorted(pairs) == [9, 3]


@pytest.mark.asyncio
@pytest.mark.parametrize("value", [1, 2])
async def test_one(value, tmp_path):
    got = await fetch(0, value)
    assert [got] == await gather_sorted([(0, value)])


class TestFetch:
    @pytest.mark.asyncio
    async def test_fetch(self):
        assert await gather_sorted([(0, 1), (0, 2)]) == [2, 1]


class FetchCase(unittest.IsolatedAsyncioTestCase):
    async def test_gather(self):
        self.assertEqual(await gather_sorted([(0, 5), (0, 7)]), [7, 5])
"""


async def test_async_test_functions_and_methods_run_on_an_event_loop(
    executor: LocalCommandLineCodeExecutor, tmp_path: Path
) -> None:
    # Before, ``async def test_...`` was never run: tests of async code "passed" whatever the program did.
    ran = await real_pytest(tmp_path, ASYNC_PROGRAM, ASYNC_TESTS)
    assert ran.returncode == 0 and "5 passed" in ran.stdout, ran.stdout + ran.stderr
    module = ast.parse(ASYNC_TESTS)
    assert unrun_test_functions(module) == []
    assert [(f.name, cases) for f, cases in found_test_functions(module)] == [("test_sorted", 1), ("test_one", 2)]
    code, _, rest, report = await report_of(executor, ASYNC_PROGRAM, ASYNC_TESTS)
    assert code == 0 and report is not None and (report.passed, report.total) == (5, 5), rest
    code, _, _, report = await report_of(executor, ASYNC_PROGRAM.replace("reverse=True", "reverse=False"), ASYNC_TESTS)
    assert code == 1 and report is not None
    assert [(r.line, r.actual) for r in failed(report)] == [(13, "[3, 9]"), (26, "[1, 2]"), (31, "[5, 7]")]


async def test_a_failing_subtest_is_named_with_its_parameters(executor: LocalCommandLineCodeExecutor) -> None:
    # Before, the last failing case's error alone, with no word of which case it was.
    program = "def grow(balance, rate):\n    return balance * (1 - rate)\n"
    tests = (
        "import unittest\n\n\nclass GrowTest(unittest.TestCase):\n    def test_rates(self):\n"
        "        for rate, expected in [(0.0, 100.0), (0.1, 110.0), (0.5, 150.0)]:\n"
        "            with self.subTest(rate=rate):\n"
        "                self.assertAlmostEqual(grow(100.0, rate), expected)\n"
    )
    code, _, _, report = await report_of(executor, program, tests)
    assert code == 1 and report is not None
    [failure] = failed(report)
    assert failure.error is not None and failure.error.startswith("AssertionError: 90.0 != 110.0")
    assert failure.error.endswith(", in subTest (rate=0.1)")


async def test_tests_that_open_with_a_future_import_run_after_the_program(
    executor: LocalCommandLineCodeExecutor,
) -> None:
    # Before, "SyntaxError: from __future__ imports must occur at the beginning of the file", at a line of the
    # combined file the user never wrote, on every run.
    tests = (
        "from __future__ import annotations\n\n\ndef test_add() -> None:\n    total: Totals | None = None\n"
        "    assert add(2, 3) == 5\n"
    )
    code, _, rest, report = await report_of(executor, "def add(a, b):\n    return a - b\n", tests)
    assert code == 1 and report is not None, rest
    assert [(r.line, r.actual) for r in failed(report)] == [(6, "-1")]


async def test_a_failing_checks_call_runs_once(executor: LocalCommandLineCodeExecutor) -> None:
    # Its trace comes from the call the check made: a second call would bump the counter and the mock again.
    program = (
        "class Counter:\n    def __init__(self):\n        self.n = 0\n\n"
        "    def bump(self, log):\n        self.n += 2\n        log(self.n)\n        return self.n\n"
    )
    tests = (
        "from unittest.mock import Mock\nlog = Mock()\nc = Counter()\nassert c.bump(log) == 1\n"
        "assert c.n == 2\nassert log.call_count == 1\n"
    )
    code, _, _, report = await report_of(executor, program, tests)
    assert code == 1 and report is not None and (report.passed, report.total) == (2, 3)
    (wrong,) = failed(report)
    assert wrong.returned == "bump returned 2", wrong
    assert wrong.trace is not None and [step.split("    ")[0] for step in wrong.trace] == [
        "line 6: self.n += 2",
        "line 7: log(self.n)",
        "line 8: return self.n",
    ]


async def test_skipif_marks_skip_as_their_conditions_say(
    executor: LocalCommandLineCodeExecutor, tmp_path: Path
) -> None:
    # Before, every skipif skipped its test, true or false: `skipif(sys.platform == "win32")` lost its checks.
    program = "def total(xs):\n    return sum(xs) + 1\n"
    tests = (
        "import sys\n\nimport pytest\n\nWINDOWS = sys.platform == 'win32'\n\n\n"
        "@pytest.mark.skipif(WINDOWS, reason='not here')\ndef test_runs():\n    assert total([1]) == 1\n\n\n"
        "@pytest.mark.skipif(True, reason='never')\ndef test_skipped():\n    assert total([2]) == 2\n\n\n"
        "@pytest.mark.skipif('WINDOWS or sys.version_info < (3,)')\ndef test_string():\n"
        "    assert total([3]) == 3\n\n\n"
        "@pytest.mark.skipif(not WINDOWS, reason='windows only')\nclass TestWindows:\n"
        "    def test_w(self):\n        assert total([4]) == 4\n\n\n"
        "@pytest.mark.parametrize('x', [5, pytest.param(6, marks=pytest.mark.skipif(True, reason='no'))])\n"
        "def test_cases(x):\n    assert total([x]) == x\n"
    )
    code, _, rest, report = await report_of(executor, program, tests)
    assert code == 1 and report is not None, rest
    assert [r.source for r in report.results] == ["total([1]) == 1", "total([3]) == 3", "total([x]) == x"]
    assert [r.call for r in report.results][-1] == "total([5])"
    # pytest itself: the same three fail, the rest skipped.
    pytest_run = await real_pytest(tmp_path, program, tests)
    assert "3 failed" in pytest_run.stdout and "3 skipped" in pytest_run.stdout, pytest_run.stdout


async def test_caplog_capfd_and_recwarn_are_set_up_as_pytest_sets_them_up(
    executor: LocalCommandLineCodeExecutor, tmp_path: Path
) -> None:
    # Before, a test that asked for any of them was not run ("it asks for caplog, which pytest sets up").
    program = (
        "import logging\nimport warnings\n\nlog = logging.getLogger('shop')\n\n\n"
        "def buy(qty):\n    log.info('buying %d', qty)\n    if qty < 0:\n        log.warning('negative: %d', qty)\n"
        "        warnings.warn('negative quantity', UserWarning)\n    print('bought', qty)\n    return qty\n"
    )
    tests = (
        "import logging\n\n\n"
        "def test_warns(caplog):\n    buy(-1)\n    assert caplog.messages == ['negative: -1']\n"
        "    assert caplog.record_tuples == [('shop', logging.WARNING, 'negative: -1')]\n\n\n"
        "def test_info(caplog):\n    caplog.set_level(logging.INFO, logger='shop')\n    buy(2)\n"
        "    assert 'INFO     shop:' in caplog.text and caplog.messages == ['buying 2']\n    caplog.clear()\n"
        "    with caplog.at_level(logging.ERROR, logger='shop'):\n        buy(-3)\n"
        "    assert caplog.records == []\n\n\n"
        "def test_level_put_back(caplog):\n    buy(4)\n    assert caplog.messages == ['buying 4']\n\n\n"
        "def test_printed(capfd):\n    buy(5)\n    assert capfd.readouterr().out == 'bought 5\\n'\n\n\n"
        "def test_warned(recwarn):\n    buy(-6)\n"
        "    assert len(recwarn) == 1 and recwarn.pop(UserWarning).lineno == 11\n"
    )
    code, _, rest, report = await report_of(executor, program, tests)
    assert code == 1 and report is not None, rest
    assert [(r.source, r.passed) for r in report.results] == [
        ("caplog.messages == ['negative: -1']", True),
        ("caplog.record_tuples == [('shop', logging.WARNING, 'negative: -1')]", True),
        ("'INFO     shop:' in caplog.text and caplog.messages == ['buying 2']", True),
        ("caplog.records == []", True),
        ("caplog.messages == ['buying 4']", False),  # the level set in test_info was put back after it
        ("capfd.readouterr().out == 'bought 5\\n'", True),
        ("len(recwarn) == 1 and recwarn.pop(UserWarning).lineno == 11", True),
    ]
    pytest_run = await real_pytest(tmp_path, program, tests)
    assert "1 failed, 4 passed" in pytest_run.stdout, pytest_run.stdout


async def test_test_classes_under_mocks_patches_run_each_method_with_its_mocks(
    executor: LocalCommandLineCodeExecutor, tmp_path: Path
) -> None:
    # Before, a class under @patch was not run ("it is decorated with @patch(...)"): a TestCase's usual way to mock.
    program = "import os\n\n\ndef where(name):\n    return os.path.join(os.getcwd(), name + '.txt')\n"
    tests = (
        "import unittest\nfrom unittest.mock import patch\n\n\n"
        "@patch('os.getcwd', return_value='/srv')\nclass TestWhere(unittest.TestCase):\n"
        "    def test_file(self, getcwd):\n        self.assertEqual(where('a'), '/srv/a.txt')\n"
        "        getcwd.assert_called_once_with()\n\n\n"
        "@patch.dict('os.environ', {'MODE': 'x'})\n@patch('os.getcwd', return_value='/tmp')\nclass TestPytest:\n"
        "    def test_file(self, getcwd, tmp_path):\n        assert tmp_path.is_dir() and os.environ['MODE'] == 'x'\n"
        "        assert where('b') == '/tmp/b.txt'\n"
    )
    assert unrun_test_functions(ast.parse(tests)) == []
    code, _, rest, report = await report_of(
        executor, program, tests.replace("import unittest\n", "import os, unittest\n")
    )
    assert code == 0 and report is not None, rest
    assert [(r.source, r.passed) for r in report.results] == [
        ("self.assertEqual(where('a'), '/srv/a.txt')", True),
        ("tmp_path.is_dir() and os.environ['MODE'] == 'x'", True),
        ("where('b') == '/tmp/b.txt'", True),
    ]
    # patch.multiple passes its DEFAULT mocks by keyword, beside fixtures.
    multiple = (
        "import os\nfrom unittest import mock\n\n\n"
        "@mock.patch.multiple('os', getcwd=mock.DEFAULT, sep='/')\ndef test_multiple(tmp_path, getcwd):\n"
        "    getcwd.return_value = str(tmp_path)\n    assert where('c') == str(tmp_path / 'c.txt')\n"
    )
    code, _, rest, report = await report_of(executor, program, multiple)
    assert code == 0 and report is not None and [r.passed for r in report.results] == [True], rest
    wrong = program.replace("name + '.txt'", "name")
    code, _, rest, report = await report_of(
        executor, wrong, tests.replace("import unittest\n", "import os, unittest\n")
    )
    assert code == 1 and report is not None and [r.passed for r in report.results] == [False, True, False], rest
    pytest_run = await real_pytest(tmp_path, wrong, tests.replace("import unittest\n", "import os, unittest\n"))
    assert "2 failed" in pytest_run.stdout, pytest_run.stdout
