"""Per-assert test results: the call, the expected and actual values, and the locals where it failed.

A plain ``assert f(x) == y`` that fails says only ``AssertionError``; a small model given that
resends the same bug. Runtime values are what help (LDB, Chen et al.'s Self-Debugging), so the
fixed Python tests are rewritten before they run: every ``assert`` evaluates through a small
harness that prints one marker line per assert (start, then result) and goes on to the next, so
all asserts report. A failing comparison reports the call with its evaluated arguments, the
expected and the actual value; a call of the program's own function runs under a bounded tracer
(the check's own call, never a second one) to show its last lines and its locals when it returned.
An exception reports the program's innermost frame: the line and its locals. A top-level statement
among the checks that raises (``acct.withdraw(30)``) fails as a check would, at its line, and the
checks after it still run.
Everything is bounded in size.

Test functions written for pytest (``def test_x():``, or ``async def`` on an event loop of their own, as
pytest-asyncio runs them) that the tests never call are called after
them (once per case of their ``@pytest.mark.parametrize`` marks, with the tests' own fixtures set up as pytest
would: for each test, class or file by their scope, autouse ones for every test), and so are the test methods of
``unittest.TestCase`` classes and of pytest's ``class Test...:`` (in place of ``unittest.main()``), so
that a tests file in either style does not pass by running nothing. ``self.assertEqual(a, b)`` and its
plain kin report like the asserts they stand for.

The harness is plain Python placed after the program in the same file (so the program's line
numbers are unchanged), names prefixed ``_sd_``. Tests in other languages are not rewritten;
:func:`tests_start_line` still marks where they begin, so the program's output is told apart.
"""

from __future__ import annotations

import ast
import json
import math
import re
from collections.abc import Iterator, Sequence, Set
from dataclasses import dataclass, field, replace
from typing import Any, TypeGuard

__all__ = [
    "IMPORTS_PROGRAM",
    "MARKER",
    "PYTEST_FIXTURES",
    "AssertResult",
    "TestReport",
    "expects_raise",
    "fixture_functions",
    "imports_program",
    "instrument_python_tests",
    "is_test_runner",
    "main_function",
    "parse_report",
    "program_as_module",
    "render_report",
    "split_output",
    "test_classes",
    "test_functions",
    "tests_start_line",
    "unrun_test_functions",
    "unset_autouse_fixtures",
]

MARKER = "@@autogen-selfdebug@@"
"""The prefix of every line the harness prints."""

_START = f"{MARKER} tests-start"
_FAILED = f"{MARKER} tests-failed"

_OPERATORS = {
    ast.Eq: "==",
    ast.NotEq: "!=",
    ast.Lt: "<",
    ast.LtE: "<=",
    ast.Gt: ">",
    ast.GtE: ">=",
    ast.In: "in",
    ast.NotIn: "not in",
    ast.Is: "is",
    ast.IsNot: "is not",
}

_HARNESS = r"""
import sys as _sd_sys, json as _sd_json, reprlib as _sd_reprlib, linecache as _sd_linecache
import io as _sd_io, time as _sd_time, operator as _sd_operator, types as _sd_types, os as _sd_os
import inspect as _sd_inspect


class _SDFailed(Exception):
    # Under IPython (the Jupyter sandbox) SystemExit prints a warning and a hint; this renders as one marker line.
    def _render_traceback_(self):
        return ["@@autogen-selfdebug@@ tests-failed"]


class _SDHarness:
    OPS = {
        "==": _sd_operator.eq, "!=": _sd_operator.ne, "<": _sd_operator.lt, "<=": _sd_operator.le,
        ">": _sd_operator.gt, ">=": _sd_operator.ge, "is": _sd_operator.is_, "is not": _sd_operator.is_not,
        "in": lambda a, b: a in b, "not in": lambda a, b: a not in b,
    }

    def __init__(self, program_lines, detail=True, stop_after=None):
        self.program_lines = program_lines
        self.detail = detail
        self.open = []  # the checks started and not yet reported, innermost last
        self.signal = None  # the signal module, once an alarm is armed
        self.file = _SDHarness.__init__.__code__.co_filename
        self.failed = 0
        self.seen = {}  # what the last traced call of the program did
        self.tracing = 1.0  # seconds the run may spend following calls
        self.reported = 0
        self.results, self.tallies = {}, {}  # each check line's results printed (failing, passing); those counted
        self.out = _sd_sys.stdout
        self.fixtures, self.settings = {}, {}  # the tests' fixtures by name; each one's (scope, autouse, line)
        self.methods = set()  # which of them are the running test class's own, called on its test's instance
        self.kept, self.teardowns = {}, {}  # a class's or the run's fixture values, and their yield fixtures
        shown = _sd_reprlib.Repr()
        shown.maxstring, shown.maxother, shown.maxlevel = 80, 80, 3
        shown.maxlist = shown.maxtuple = shown.maxset = shown.maxdict = 8
        self.shown = shown
        if stop_after is not None:
            self.arm(stop_after)

    def emit(self, record):
        event = record.get("event")
        self.reported += event == "result"
        if event == "start":
            self.open.append(record)
        elif event in ("result", "done") and self.open:
            self.open.pop()
        if event == "end":
            for tally in self.tallies.values():
                self.print(tally)
        elif event in ("start", "result") and not record.get("hung") and self.counted(record):
            return
        self.print(record)

    # A check run more often than this (an assert in a loop of thousands of cases) is counted from then on, not
    # printed: its output would swamp the run and be cut off (and the count with it) by the sandbox's limit.
    KEEP = 50

    def counted(self, record):
        # Whether to count ``record`` in its check's tally instead of printing it: past KEEP passing (failing)
        # results of its line. Past KEEP results in all, a start is not printed (a failing result may still be).
        seen = self.results.setdefault(record["line"], [0, 0])
        if record["event"] == "start":
            return seen[0] + seen[1] >= self.KEEP
        passed = bool(record["passed"])
        seen[passed] += 1
        if seen[passed] <= self.KEEP:
            return False
        line = record["line"]
        tally = self.tallies.setdefault(line, {"event": "tally", "line": line, "source": record["source"]})
        key = "passed" if passed else "failed"
        tally[key] = tally.get(key, 0) + 1
        return True

    def print(self, record):
        try:
            print(self.MARK + " " + _sd_json.dumps(record), file=self.out, flush=True)
        except Exception:
            pass

    MARK = "@@autogen-selfdebug@@"

    def r(self, value):
        try:
            return self.shown.repr(value)[:200]
        except Exception:
            return "<" + type(value).__name__ + ">"

    def ours(self, code):
        return code.co_filename == self.file and code.co_firstlineno <= self.program_lines

    def locals_text(self, names):
        parts = []
        for name, value in list(names.items()):
            if name.startswith("__") or isinstance(value, (_sd_types.ModuleType, _sd_types.FunctionType, type)):
                continue
            parts.append(name + "=" + self.r(value))
            if len(parts) == 12:
                break
        text = ", ".join(parts)
        return text if len(text) <= 400 else text[:397] + "..."

    def assess(self, line, source, message, left=None, op=None, right=None, call=None, negated=False):
        # ``negated``: the check is ``not call(...)`` (``assertFalse``), shown with the call's own value.
        record = self.opened(line, source)
        try:
            actual = self.called(record, *call()) if call is not None else left()
            self.judged(record, actual, op, right() if op is not None else None, negated)
        except KeyboardInterrupt:
            raise
        except BaseException as error:
            self.error(record, error)
        self.closed(record, message)

    async def assess_async(self, line, source, message, left=None, op=None, right=None, call=None):
        # An assert that awaits, in an async function: left and right are coroutine functions, and a call's
        # result is awaited. The awaits run between the assert's start and its result, as a plain assert's calls.
        record = self.opened(line, source)
        try:
            actual = await (self.called(record, *call()) if call is not None else left())
            self.judged(record, actual, op, (await right()) if op is not None else None)
        except KeyboardInterrupt:
            raise
        except BaseException as error:
            self.error(record, error)
        self.closed(record, message)

    def opened(self, line, source):
        self.emit({"event": "start", "line": line, "source": source})
        record = {"event": "result", "line": line, "source": source, "passed": False}
        self.open[-1] = record  # so that a hang reports the call too
        return record

    def called(self, record, function, args, kwargs):
        shown = [self.r(a) for a in args] + [k + "=" + self.r(v) for k, v in kwargs.items()]
        record["call"] = getattr(function, "__name__", "call") + "(" + ", ".join(shown) + ")"
        code = getattr(function, "__code__", None)
        if not self.detail or code is None or not self.ours(code) or self.tracing <= 0 or _sd_sys.gettrace():
            return function(*args, **kwargs)
        return self.traced(record, function, code, args, kwargs)

    def judged(self, record, actual, op, expected, negated=False):
        if op is None:
            record["passed"] = bool(actual) != negated
            record["actual"] = self.r(actual)
        else:
            record["passed"] = bool(self.OPS[op](actual, expected))
            record["op"], record["actual"], record["expected"] = op, self.r(actual), self.r(expected)

    def closed(self, record, message):
        if not record["passed"]:
            self.failed += 1
            self.fail(record, message)
        self.emit(record)
        if self.failed == 1 and not record["passed"]:
            # A plain run stops at a failed assert: what the tests print after it (a "tests passed" line) would mislead.
            _sd_sys.stdout = _sd_io.StringIO()

    def fail(self, record, message):
        try:
            if message is not None:
                record["message"] = str(message())[:300]
        except Exception:
            pass
        seen, self.seen = (self.seen if self.seen.get("record") is record else {}), {}
        if "locals" in seen and "error" not in record:
            record["locals"] = self.locals_text(seen["locals"])
            record["returned"] = seen["name"] + " returned " + self.r(seen["value"])
            record["trace"] = [self.step(n, values) for n, values in seen["lines"]]

    def error(self, record, error):
        record["error"] = (type(error).__name__ + ": " + str(error))[:300]
        innermost = None
        tb = error.__traceback__
        while tb is not None:
            if tb.tb_frame.f_code.co_filename == self.file and tb.tb_lineno <= self.program_lines:
                innermost = tb
            tb = tb.tb_next
        if innermost is not None:
            text = _sd_linecache.getline(self.file, innermost.tb_lineno).strip()
            record["where"] = "line " + str(innermost.tb_lineno) + (": " + text if text else "")
            record["locals"] = self.locals_text(innermost.tb_frame.f_locals)

    def traced(self, record, function, code, args, kwargs):
        # The check's own call of the program's function, its frame followed line by line (the last lines and
        # the locals it returned with, for a failing check). Not a second call: that would count twice on a
        # mock, pop a stack twice. Bounded per call, and over the run (every check's call is followed).
        lines = []
        seen = self.seen = {"record": record, "name": getattr(function, "__name__", "the function"), "lines": lines}
        budget = [20000]
        started = _sd_time.monotonic()
        deadline = started + min(1.0, self.tracing)

        def spend():
            budget[0] -= 1
            if budget[0] <= 0 or (budget[0] % 1000 == 0 and _sd_time.monotonic() > deadline):
                # Over budget: the call goes on untraced, and the check has no trace.
                seen.clear()
                _sd_sys.settrace(None)
                return False
            return True

        def local(frame, event, arg):
            if not spend():
                return None
            if frame is not seen.get("frame"):
                return local
            if event == "line":
                lines.append((frame.f_lineno, self.line_values(frame)))
                del lines[:-8]
            elif event == "return":
                seen["locals"], seen["value"] = dict(frame.f_locals), arg
            return local

        def calls(frame, event, arg):
            if not spend():
                return None
            if event == "call" and frame.f_code is code and "frame" not in seen and "name" in seen:
                seen["frame"] = frame
                return local
            return None

        _sd_sys.settrace(calls)
        try:
            return function(*args, **kwargs)
        finally:
            _sd_sys.settrace(None)
            self.tracing -= _sd_time.monotonic() - started

    def step(self, n, values):
        # One line of a trace: its number, its text, and the values of the names it uses.
        text = _sd_linecache.getline(self.file, n).strip()[:100]
        return "line " + str(n) + ": " + text + ("    [" + values + "]" if values else "")

    NAMES = __import__("re").compile(r"[A-Za-z_][A-Za-z0-9_]*")

    def line_values(self, frame):
        # The values of the local names a line uses, as it starts to run.
        text = _sd_linecache.getline(self.file, frame.f_lineno)
        names = dict.fromkeys(self.NAMES.findall(text.split("#")[0]))
        shown = [n + "=" + self.r(frame.f_locals[n])[:40] for n in names if n in frame.f_locals]
        return ", ".join(shown[:6])

    def program_as_file(self, names):
        # The program as the file the tests import, beside this one, for a test that runs it as a script: its
        # main block, made false for the import (``"__main__"`` became ``"__test__"``), true again. A file of
        # that name that the harness did not write (its marker beside it) is left alone; so is a run from no file
        # (a notebook's cell).
        import ast
        if not _sd_os.path.isfile(self.file):
            return
        folder = _sd_os.path.dirname(_sd_os.path.abspath(self.file))
        lines = _sd_linecache.getlines(self.file)[: self.program_lines]
        try:
            for node in ast.parse("".join(lines)).body:
                test = node.test if isinstance(node, ast.If) else None
                for side in (test.left, *test.comparators) if isinstance(test, ast.Compare) else ():
                    if isinstance(side, ast.Constant) and side.value == "__test__":
                        n = side.lineno - 1
                        lines[n] = lines[n].replace('"__test__"', '"__main__"').replace("'__test__'", "'__main__'")
            for name in names:
                path, marker = _sd_os.path.join(folder, name), _sd_os.path.join(folder, "." + name + ".selfdebug")
                if _sd_os.path.exists(path) and not _sd_os.path.exists(marker):
                    continue
                open(marker, "w").close()
                with open(path, "w", encoding="utf-8") as file:
                    file.write("".join(lines))
        except Exception:
            pass

    def run_test(self, line, source, function, counts=True):
        # A pytest-style test function the tests define but never call: its asserts report themselves,
        # and an error that escapes it is one more failure. One that reported nothing and passed (it checks
        # with ``pytest.raises``, or only that it runs) is one passing check, as pytest counts it.
        before = self.reported
        self.emit({"event": "start", "line": line, "source": source})
        try:
            function()
        except KeyboardInterrupt:
            raise
        except BaseException as error:
            self.escaped(line, source, error)
        else:
            if counts and self.reported == before:
                self.emit({"event": "result", "line": line, "source": source, "passed": True})
            else:
                self.emit({"event": "done"})

    def run_cases(self, line, name, function, cls=None):
        # A test function with pytest's parametrize marks, or fixtures: each case runs as a test. A pytest
        # class's method (``cls``) runs each case on a fresh instance, between its setup_method and teardown_method.
        if self.skips(getattr(function, "pytestmark", []), function):
            return
        for case in self.cases(function):
            shown = ", ".join(f"{key}={self.r(value)}" for key, value in case.items())
            self.run_test(line, f"{name}({shown})", lambda case=case: self.run_case(function, case, cls))

    def cases(self, function):
        # The arguments of each case of a test's parametrize marks, in pytest's order (stacked marks multiply);
        # a case marked skip or xfail is left out.
        cases = [{}]
        for mark in getattr(function, "pytestmark", []):
            if mark.name != "parametrize":
                continue
            names = mark.kwargs.get("argnames", mark.args[0] if mark.args else "")
            values = mark.kwargs.get("argvalues", mark.args[1] if len(mark.args) > 1 else [])
            # As pytest reads them: one name in a string takes each value whole; a list of names unpacks it.
            single = isinstance(names, str) and "," not in names
            names = [n.strip() for n in names.split(",") if n.strip()] if isinstance(names, str) else list(names)
            expanded = []
            for value in values:
                wrapped = type(value).__name__ == "ParameterSet"  # pytest.param(...)
                marks = value.marks if wrapped else ()
                params = value.values if wrapped else (value,) if single else value
                if not any(m.name in ("skip", "xfail") for m in marks) and not self.skips(marks, function):
                    expanded.append(dict(zip(names, params)))
            cases = [dict(case, **more) for case in cases for more in expanded]
        return cases

    def skips(self, marks, function):
        # Whether pytest's skipif marks skip a test: a condition true, or a string that is (evaluated as pytest
        # does, in the test's module with os, sys and platform). Its skip and xfail marks never get here.
        for mark in marks:
            if mark.name != "skipif":
                continue
            conditions = [*mark.args, *([mark.kwargs["condition"]] if "condition" in mark.kwargs else [])]
            if not conditions:
                return True
            for condition in conditions:
                try:
                    if isinstance(condition, str):
                        scope = {"os": _sd_os, "sys": _sd_sys, "platform": __import__("platform")}
                        condition = eval(condition, {**getattr(function, "__globals__", {}), **scope})
                    if condition:
                        return True
                except Exception:
                    pass  # pytest fails such a test; here it runs
        return False

    def run_case(self, function, case, cls):
        if cls is None:
            return self.with_fixtures(function, case)
        instance = cls()
        method = getattr(instance, function.__name__)
        getattr(instance, "setup_method", lambda method: None)(method)
        try:
            return self.with_fixtures(method, case, cls)
        finally:
            getattr(instance, "teardown_method", lambda method: None)(method)

    def asks(self, function):
        # What a pytest class's test method asks for that neither its cases nor the fixtures here give
        # (pytest's own fixtures: the method is not run, as ``unrun_test_functions`` says).
        code, defaults = function.__code__, len(function.__defaults__ or ())
        given = {*self.fixtures, *self.BUILTIN, *next(iter(self.cases(function)), {})}
        return [name for name in code.co_varnames[1 : code.co_argcount - defaults] if name not in given]

    def use_fixtures(self, fixtures, settings):
        self.fixtures, self.settings = fixtures, settings

    SCOPES = {"session": 0, "package": 1, "module": 2, "class": 3, "function": 4}

    def with_fixtures(self, function, case, cls=None):
        # The fixtures a test asks for or uses, and the autouse ones, set up as pytest does: the widest scope first
        # (autouse ones first within a scope), those they ask for before them. A function's are the test's alone,
        # torn down after it, the last set up first (a yield fixture's code after its yield); a class's are kept
        # for the class's tests (outside a class, as a function's); a module's, package's or session's for the run.
        values, generators = dict(case), []
        instance = getattr(function, "__self__", None)

        def value(name):
            if name in values:
                return values[name]
            key = "run" if self.rank(name) < 3 else cls if self.scope(name) == "class" else None
            if key is not None and (key, name) in self.kept:
                made = self.kept[key, name]
            else:
                fixture = self.fixtures.get(name) or getattr(self, name)
                if name in self.methods:
                    fixture = fixture.__get__(instance)
                made = fixture(**{n: value(n) for n in self.arguments(fixture) if self.sets_up(n)})
                if isinstance(made, _sd_types.GeneratorType):
                    (generators if key is None else self.teardowns.setdefault(key, [])).append((name, made))
                    made = next(made)
                if key is not None:
                    self.kept[key, name] = made
            values[name] = made
            return made

        asked = [n for n in self.arguments(function) if self.sets_up(n) and n not in case]
        marks = [*getattr(cls, "pytestmark", []), *getattr(function, "pytestmark", [])]
        used = [n for mark in marks if mark.name == "usefixtures" for n in mark.args]
        autouse = [name for name, (_, auto, _) in self.settings.items() if auto]
        try:
            for name in sorted(dict.fromkeys([*autouse, *used, *asked]), key=self.rank):
                value(name)
            result = function(**case, **{n: values[n] for n in asked})
            # An ``async def`` test (pytest-asyncio's, anyio's) runs on an event loop of its own, inside its fixtures.
            return self.run_coroutine(result) if _sd_inspect.iscoroutine(result) else result
        finally:
            self.tear_down(generators)

    def run_coroutine(self, coroutine):
        import asyncio

        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return asyncio.run(coroutine)
        # Inside a running loop (a Jupyter kernel's) a loop of its own needs a thread of its own.
        import concurrent.futures

        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            return pool.submit(asyncio.run, coroutine).result()

    def scope(self, name):
        return self.settings.get(name, ("function",))[0]  # pytest's own fixtures are function-scoped

    def rank(self, name):
        return self.SCOPES[self.scope(name)]

    BUILTIN = ("tmp_path", "monkeypatch", "capsys", "capfd", "caplog", "recwarn")  # PYTEST_FIXTURES

    def sets_up(self, name):
        return name in self.fixtures or name in self.BUILTIN

    # pytest's own fixtures that tests ask for most, as pytest gives them (its MonkeyPatch is public).
    def tmp_path(self):
        import pathlib, shutil, tempfile
        path = pathlib.Path(tempfile.mkdtemp(prefix="pytest-"))
        yield path
        shutil.rmtree(path, ignore_errors=True)

    def monkeypatch(self):
        import pytest
        patch = pytest.MonkeyPatch()
        yield patch
        patch.undo()

    def capsys(self):
        import collections

        class CaptureFixture:
            Result = collections.namedtuple("CaptureResult", ["out", "err"])

            def __init__(self):
                self.out, self.err = _sd_io.StringIO(), _sd_io.StringIO()

            def readouterr(self):
                result = self.Result(self.out.getvalue(), self.err.getvalue())
                for stream in (self.out, self.err):
                    stream.seek(0)
                    stream.truncate()
                return result

        captured, saved = CaptureFixture(), (_sd_sys.stdout, _sd_sys.stderr)
        _sd_sys.stdout, _sd_sys.stderr = captured.out, captured.err
        try:
            yield captured
        finally:
            _sd_sys.stdout, _sd_sys.stderr = saved

    def capfd(self):
        yield from self.capsys()  # what the tests print, as capsys has it (not a subprocess's)

    def caplog(self):
        # pytest's LogCaptureFixture: a handler on the root logger for the test (the root's level, WARNING, still
        # filters, until set_level or at_level lowers it), the levels it set put back after.
        import contextlib, logging

        class LogCaptureFixture(logging.Handler):
            def __init__(self):
                super().__init__(0)
                self.records, self.stream, self.saved = [], _sd_io.StringIO(), []
                self.setFormatter(logging.Formatter("%(levelname)-8s %(name)s:%(filename)s:%(lineno)d %(message)s"))

            def emit(self, record):
                self.records.append(record)
                self.stream.write(self.format(record) + "\n")

            handler = property(lambda self: self)
            text = property(lambda self: self.stream.getvalue())
            messages = property(lambda self: [r.getMessage() for r in self.records])
            record_tuples = property(lambda self: [(r.name, r.levelno, r.getMessage()) for r in self.records])

            def get_records(self, when):
                return self.records if when == "call" else []

            def clear(self):
                self.records.clear()
                self.stream.seek(0)
                self.stream.truncate()

            def set_level(self, level, logger=None):
                target = logging.getLogger(logger)
                self.saved.append((target, target.level))
                target.setLevel(level)
                self.setLevel(level)

            @contextlib.contextmanager
            def at_level(self, level, logger=None):
                target = logging.getLogger(logger)
                saved = target.level, self.level
                target.setLevel(level)
                self.setLevel(level)
                try:
                    yield
                finally:
                    target.setLevel(saved[0])
                    self.setLevel(saved[1])

        capture, root = LogCaptureFixture(), logging.getLogger()
        root.addHandler(capture)
        try:
            yield capture
        finally:
            root.removeHandler(capture)
            for target, level in reversed(capture.saved):
                target.setLevel(level)

    def recwarn(self):
        import pytest, warnings

        recorder = pytest.WarningsRecorder(_ispytest=True)
        with recorder:
            warnings.simplefilter("default")
            yield recorder

    def tear_down(self, generators):
        for _, generator in reversed(generators):
            next(generator, None)

    def close(self, key):
        # The end of a class's tests (``key``, the class) or of the run ("run"): the fixtures kept for it go.
        self.kept = {kept: value for kept, value in self.kept.items() if kept[0] != key}
        generators = self.teardowns.pop(key, [])
        if generators:
            line = self.settings[generators[-1][0]][2]
            source = "teardown of " + ", ".join(name for name, _ in reversed(generators))
            self.run_test(line, source, lambda: self.tear_down(generators), counts=False)

    def arguments(self, function):
        # The test's own arguments, under mock's @patch decorators (whose wrappers take *args): the first ones
        # (after a method's self) are the mocks they pass, as pytest reads them, not fixtures.
        code = _sd_inspect.unwrap(function).__code__
        names = code.co_varnames[: code.co_argcount + code.co_kwonlyargcount]
        patchings = getattr(function, "patchings", ())
        if patchings:
            import unittest.mock

            mocks = sum(1 for p in patchings if p.attribute_name is None and p.new is unittest.mock.DEFAULT)
            first = 1 if _sd_inspect.ismethod(function) else 0
            names = names[:first] + names[first + mocks :]
            # patch.multiple passes its DEFAULT ones by keyword, named by what they replace.
            every = [q for p in patchings for q in (p, *getattr(p, "additional_patchers", ()))]
            keywords = {q.attribute_name for q in every if q.attribute_name and q.new is unittest.mock.DEFAULT}
            names = tuple(name for name in names if name not in keywords)
        return names

    def escaped(self, line, source, error, part=None):
        # The test's start went out before it ran, so the lines run since its last check are its own.
        record = {"event": "result", "line": line, "source": source, "passed": False}
        if error is None:
            record["error"] = "the test was expected to fail, and passed"
        else:
            self.error(record, error)
        if part:  # the failing subTest's parameters: which case it was
            record["error"] += ", in subTest " + part[:100]
        self.failed += 1
        self.emit(record)
        if self.failed == 1:
            _sd_sys.stdout = _sd_io.StringIO()

    def begin(self, line, source):
        # A statement among the checks (``acct.withdraw(30)``): a hang in it reports its line.
        self.emit({"event": "start", "line": line, "source": source})

    def end(self):
        self.emit({"event": "done"})

    def settled(self, line, source, failed_before):
        # A check that a call raises: passed when it ran through with no assert of its own failing.
        if self.failed == failed_before:
            self.emit({"event": "result", "line": line, "source": source, "passed": True})
        else:
            self.end()

    def run_class(self, cls, lines, fixtures):
        # A test class the tests define: each test method runs on a fresh instance, a TestCase's as
        # unittest runs it (setUp, tearDown, skips), a pytest class's with setup_method and
        # teardown_method, and with its own ``fixtures`` (by name, their settings) beside the module's. Its
        # asserts report themselves; what fails it otherwise is one more failure, and a method that reported
        # nothing and passed is one passing check.
        saved = self.fixtures, self.settings
        self.fixtures = {**self.fixtures, **{name: vars(cls)[name] for name in fixtures}}
        self.settings, self.methods = {**self.settings, **fixtures}, set(fixtures)
        try:
            self.run_tests_of(cls, lines)
        finally:
            (self.fixtures, self.settings), self.methods = saved, set()

    def run_tests_of(self, cls, lines):
        import unittest as _sd_unittest

        class Result(_sd_unittest.TestResult):
            error = None

            def addFailure(self, test, err):
                self.error = err[1]
                super().addFailure(test, err)

            def addError(self, test, err):
                self.error = err[1]
                super().addError(test, err)

            part = None

            def addSubTest(self, test, subtest, err):
                # The first failing case, as unittest lists them.
                if err is not None and self.error is None:
                    self.error, self.part = err[1], subtest._subDescription()
                super().addSubTest(test, subtest, err)

        # The class's own set-up runs once before its tests, as unittest's suite and pytest run it (setUpClass,
        # pytest's setup_class); when it fails, its tests do not run. Its teardown runs after them.
        case = issubclass(cls, _sd_unittest.TestCase)
        methods = [f for f in vars(cls).values() if hasattr(f, "__globals__")]
        if self.skips(getattr(cls, "pytestmark", []), methods[0] if methods else None):
            return
        skipped = getattr(cls, "__unittest_skip__", False)
        setup, teardown = ("setUpClass", "tearDownClass") if case else ("setup_class", "teardown_class")
        if not skipped and hasattr(cls, setup):
            failed = self.failed
            self.run_test(lines[""], cls.__name__ + "." + setup + "()", getattr(cls, setup), counts=False)
            if self.failed > failed:
                return
        self.run_methods(cls, lines, Result)
        if not skipped and hasattr(cls, teardown):
            self.run_test(lines[""], cls.__name__ + "." + teardown + "()", getattr(cls, teardown), counts=False)
        if case and not skipped:
            self.run_test(lines[""], cls.__name__ + ".doClassCleanups()", cls.doClassCleanups, counts=False)
        self.close(cls)

    def run_methods(self, cls, lines, Result):
        import unittest as _sd_unittest

        for name in _sd_unittest.TestLoader().getTestCaseNames(cls):
            line, source, before = lines.get(name, lines[""]), cls.__name__ + "." + name + "()", self.reported
            function = getattr(cls, name)
            if not issubclass(cls, _sd_unittest.TestCase) and (
                getattr(function, "pytestmark", None) or self.arguments(function)[1:]
            ):
                if not self.asks(function):  # else pytest's own fixtures: not run here
                    self.run_cases(line, cls.__name__ + "." + name, function, cls)
                continue
            self.emit({"event": "start", "line": line, "source": source})
            result = Result()
            try:
                if issubclass(cls, _sd_unittest.TestCase):
                    # Run as unittest runs it, inside the autouse fixtures pytest would give it.
                    self.with_fixtures(lambda: cls(name).run(result), {}, cls)
                else:
                    self.run_case(function, {}, cls)
            except KeyboardInterrupt:
                raise
            except BaseException as error:
                self.escaped(line, source, error)
                continue
            if result.failures or result.errors or result.unexpectedSuccesses:
                self.escaped(line, source, result.error, result.part)
                continue
            ran = not result.skipped
            if ran and self.reported == before:
                self.emit({"event": "result", "line": line, "source": source, "passed": True})
            else:
                self.emit({"event": "done"})

    def arm(self, seconds):
        # A run that would outlast the sandbox's time limit stops a little before it, and says where the
        # program was and which lines it kept running (an alarm; not under IPython, whose kernel owns
        # its signals, nor where the program has an alarm handler of its own).
        import signal as _sd_signal, threading as _sd_threading
        if (
            not hasattr(_sd_signal, "setitimer")
            or _sd_threading.current_thread() is not _sd_threading.main_thread()
            or getattr(__import__("builtins"), "__IPYTHON__", False)
            or _sd_signal.getsignal(_sd_signal.SIGALRM) not in (_sd_signal.SIG_DFL, None)
        ):
            return
        self.signal, self.armed = _sd_signal, _sd_time.monotonic()
        _sd_signal.signal(_sd_signal.SIGALRM, self.hung)
        _sd_signal.setitimer(_sd_signal.ITIMER_REAL, seconds)

    def hung(self, signum, frame):
        # The alarm: find the program's innermost frame, follow the lines it runs for a moment, then stop.
        current = self.open[-1] if self.open else {}
        record = {"event": "result", "line": current.get("line", 0), "passed": False}
        record["source"] = current.get("source", "(the tests, between checks)")
        if current.get("call"):
            record["call"] = current["call"]
        record["hung"] = "still running after %.1f s" % (_sd_time.monotonic() - self.armed)
        while frame is not None and not (self.ours(frame.f_code) and frame.f_lineno <= self.program_lines):
            frame = frame.f_back
        lines = []
        if frame is not None:
            text = _sd_linecache.getline(self.file, frame.f_lineno).strip()
            record["where"] = "line " + str(frame.f_lineno) + (": " + text if text else "")
            record["locals"] = self.locals_text(frame.f_locals)

            def local(f, event, arg):
                if event == "line" and f is frame:
                    lines.append((f.f_lineno, self.line_values(f)))
                    del lines[:-40]
                return local

            frame.f_trace = local
            _sd_sys.settrace(lambda f, event, arg: None)
        self.signal.signal(self.signal.SIGALRM, lambda signum, frame: self.stop(record, lines))
        self.signal.setitimer(self.signal.ITIMER_REAL, 0.2)

    def stop(self, record, lines):
        _sd_sys.settrace(None)
        # Each line of the loop once, in the program's order, with the values it last used.
        latest = dict(lines)
        steps = [self.step(n, latest[n]) for n in sorted(latest)[:8]]
        if steps:
            record["trace"] = steps
        for stream in (_sd_sys.stdout, _sd_sys.stderr):
            try:
                stream.flush()
            except Exception:
                pass
        self.failed += 1
        self.emit(record)
        self.emit({"event": "end", "failed": self.failed})
        # As a sandbox's timeout ends a run (coreutils' exit code), without running anything more.
        _sd_os._exit(124)

    def finish(self, crashed):
        if self.signal is not None:
            self.signal.setitimer(self.signal.ITIMER_REAL, 0)
        _sd_sys.stdout = self.out
        self.emit({"event": "end", "failed": self.failed})
        if self.failed and not crashed:
            if getattr(__import__("builtins"), "__IPYTHON__", False):
                raise _SDFailed()
            raise SystemExit(1)
"""


def tests_start_line(language: str) -> str:
    """One statement in ``language`` that prints the tests-start marker, so output can be split there."""
    if language in ("javascript", "typescript"):
        return f"console.log({json.dumps(_START)});"
    if language in ("bash", "sh", "shell"):
        return f"echo '{_START}'"
    return f"print({_START!r}, flush=True)"


def split_output(output: str) -> tuple[str, str | None]:
    """(the program's output, the tests' output), split at the marker line; ``None`` when the tests never began."""
    lines = output.split("\n")
    for i, line in enumerate(lines):
        if line.strip() == _START:
            return "\n".join(lines[:i]), "\n".join(lines[i + 1 :])
    return output, None


# unittest's plain checks, as the assert each stands for: the operator between its two arguments, or
# what it asks of its one argument.
_UNITTEST_CHECKS: dict[str, ast.cmpop | str] = {
    "assertEqual": ast.Eq(),
    "assertNotEqual": ast.NotEq(),
    "assertLess": ast.Lt(),
    "assertLessEqual": ast.LtE(),
    "assertGreater": ast.Gt(),
    "assertGreaterEqual": ast.GtE(),
    "assertIn": ast.In(),
    "assertNotIn": ast.NotIn(),
    "assertIs": ast.Is(),
    "assertIsNot": ast.IsNot(),
    "assertTrue": "truth",
    "assertFalse": "not",
    "assertIsNone": "none",
    "assertIsNotNone": "not none",
}


class _Rewrite(ast.NodeTransformer):
    """Turns every ``assert`` (and ``self.assertEqual(a, b)`` and its plain kin) into a call of the
    harness that records it and goes on; drops ``unittest.main()`` and ``pytest.main()``, since the
    harness runs the tests itself."""

    def __init__(self, tests: str) -> None:
        self._tests = tests

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.stmt:
        # A check that is expected to fail must raise, for unittest to count the test as passing.
        decorators = [ast.unparse(d) for d in node.decorator_list]
        if any(d.endswith("expectedFailure") for d in decorators):
            return node
        self.generic_visit(node)
        return node

    def visit_Expr(self, node: ast.Expr) -> ast.stmt | list[ast.stmt]:
        if is_test_runner(node):
            return ast.copy_location(ast.Pass(), node)
        call = node.value
        if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Attribute):
            return node
        func = call.func
        check = _UNITTEST_CHECKS.get(func.attr)
        if check is None or not (isinstance(func.value, ast.Name) and func.value.id == "self"):
            return node
        arity = 1 if isinstance(check, str) else 2
        message = [k.value for k in call.keywords if k.arg == "msg"]
        args = list(call.args)
        if any(isinstance(a, ast.Starred) for a in args) or len(call.keywords) != len(message):
            return node
        if len(args) == arity + 1 and not message:
            message = [args.pop()]
        if len(args) != arity:
            return node
        test: ast.expr
        if isinstance(check, ast.cmpop):
            test = ast.Compare(left=args[0], ops=[check], comparators=[args[1]])
        elif check == "truth":
            test = args[0]
        elif check == "not":
            test = ast.UnaryOp(op=ast.Not(), operand=args[0])
        else:
            test = ast.Compare(
                left=args[0], ops=[ast.Is() if check == "none" else ast.IsNot()], comparators=[ast.Constant(None)]
            )
        source = ast.get_source_segment(self._tests, call) or ast.unparse(call)
        return self._assess(node, test, message[0] if message else None, source)

    def visit_Assert(self, node: ast.Assert) -> ast.stmt | list[ast.stmt]:
        return self._assess(node, node.test, node.msg, None)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> ast.stmt:
        # ``from __future__ import annotations`` must open a file; after the program it is a syntax error. Its one
        # live feature, postponed annotations, only changes when the tests' own annotations are evaluated.
        return ast.copy_location(ast.Pass(), node) if node.module == "__future__" else node

    def visit_Try(self, node: ast.Try) -> ast.stmt:
        # In a check that a call raises, the `assert False` must raise: the check fails at its own line.
        if expects_raise(node) is None:
            self.generic_visit(node)
        else:
            node.handlers = [self.visit(handler) for handler in node.handlers]
        return node

    def _assess(
        self, node: ast.stmt, test: ast.expr, msg: ast.expr | None, source: str | None
    ) -> ast.stmt | list[ast.stmt]:
        source = source or ast.get_source_segment(self._tests, test) or ast.unparse(test)
        # An assert that awaits (in an async function) cannot put its parts in lambdas: they become coroutine
        # functions defined just before it, and the harness awaits them.
        waits = _awaits(test)
        thunks: list[ast.stmt] = []

        def thunk(part: ast.expr, role: str) -> ast.expr:
            if not waits:
                return _thunk(part)
            name = f"_sd_{role}"
            definition = ast.parse(f"async def {name}():\n    return None").body[0]
            assert isinstance(definition, ast.AsyncFunctionDef)
            definition.body = [ast.Return(part)]
            thunks.append(definition)
            return ast.Name(id=name, ctx=ast.Load())

        # A message that awaits is left out (it would need awaiting only when the assert fails).
        message = _thunk(msg) if msg is not None and not _awaits(msg) else ast.Constant(None)
        keywords = [ast.keyword(arg="message", value=message)]
        if isinstance(test, ast.Compare) and len(test.ops) == 1 and type(test.ops[0]) in _OPERATORS:
            left, right = test.left, test.comparators[0]
            called = left.value if waits and isinstance(left, ast.Await) else left
            plain_call = _plain_call(called) and (isinstance(left, ast.Await) or not waits)
            if isinstance(called, ast.Call) and plain_call:
                keywords.append(ast.keyword(arg="call", value=_thunk(_call_parts(called))))
            else:
                keywords.append(ast.keyword(arg="left", value=thunk(left, "left")))
            keywords += [
                ast.keyword(arg="op", value=ast.Constant(_OPERATORS[type(test.ops[0])])),
                ast.keyword(arg="right", value=thunk(right, "right")),
            ]
        elif not waits and _plain_call(truth := test.operand if _is_not(test) else test):
            # ``assert f(x)``, ``assertFalse(f(x))``: the call's own value (not ``not f(x)``'s False), and its trace.
            assert isinstance(truth, ast.Call)
            keywords.append(ast.keyword(arg="call", value=_thunk(_call_parts(truth))))
            if truth is not test:
                keywords.append(ast.keyword(arg="negated", value=ast.Constant(True)))
        else:
            keywords.append(ast.keyword(arg="left", value=thunk(test, "left")))
        call: ast.expr = ast.Call(
            func=ast.Attribute(
                value=ast.Name(id="_sd_h", ctx=ast.Load()), attr="assess_async" if waits else "assess", ctx=ast.Load()
            ),
            args=[ast.Constant(node.lineno), ast.Constant(source)],
            keywords=keywords,
        )
        statements = [*thunks, ast.Expr(ast.Await(call) if waits else call)]
        located = [ast.copy_location(statement, node) for statement in statements]
        return located[0] if len(located) == 1 else located


def is_test_runner(statement: ast.stmt) -> bool:
    """Whether a statement is a call of ``unittest.main(...)`` or ``pytest.main(...)``."""
    call = statement.value if isinstance(statement, ast.Expr) else None
    func = call.func if isinstance(call, ast.Call) else None
    if not (isinstance(func, ast.Attribute) and func.attr == "main" and isinstance(func.value, ast.Name)):
        return False
    return func.value.id in ("unittest", "pytest")


def test_classes(module: ast.Module) -> list[tuple[ast.ClassDef, dict[str, int]]]:
    """The top-level test classes the tests never name (outside a class's bases), so would never run
    without ``unittest.main()``: ``unittest.TestCase`` subclasses, and pytest's ``class Test...:`` (no
    bases, no ``__init__``), that the harness can run. Each with its methods' lines (``""``: the class's own)."""
    return [(node, lines) for node, lines in _test_classes(module) if _class_verdict(node, module) is None]


def _test_classes(module: ast.Module) -> Iterator[tuple[ast.ClassDef, dict[str, int]]]:
    """The test classes of :func:`test_classes`, those the harness cannot run too."""
    bases = {
        id(n) for node in ast.walk(module) if isinstance(node, ast.ClassDef) for b in node.bases for n in ast.walk(b)
    }
    named = {node.id for node in ast.walk(module) if isinstance(node, ast.Name) and id(node) not in bases}
    cases: set[str] = set()
    for node in module.body:
        if not isinstance(node, ast.ClassDef):
            continue
        methods = {f.name: f.lineno for f in node.body if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef)}
        base_names = [b.attr if isinstance(b, ast.Attribute) else getattr(b, "id", "") for b in node.bases]
        if any(name.endswith("TestCase") or name in cases for name in base_names):
            cases.add(node.name)
        elif not (node.name.startswith("Test") and not node.bases and "__init__" not in methods):
            continue
        if node.name not in named:
            yield node, {"": node.lineno, **methods}


def _class_verdict(node: ast.ClassDef, module: ast.Module) -> str | None:
    """Why the harness does not run a test class's methods (``skip`` when pytest skips them all), or ``None``:
    its decorators may be pytest's marks, with ``usefixtures`` naming fixtures of :func:`fixture_functions`, and
    ``unittest.mock``'s patches (which patch each test method, as the harness calls it)."""
    for decorator in node.decorator_list:
        if _mock_patches(decorator) is not None:
            continue
        kind = _mark(decorator)
        if kind == "skip":
            return "skip"
        if kind is None or _parametrize(decorator) is not None:
            return f"it is decorated with @{ast.unparse(decorator)}"
        if missing := sorted(set(_used_fixtures(decorator) or []) - fixture_functions(module).keys() - PYTEST_FIXTURES):
            return f"it asks for {', '.join(missing)}, which pytest sets up"
    return None


_Function = ast.FunctionDef | ast.AsyncFunctionDef


def test_functions(module: ast.Module) -> list[tuple[_Function, int | None]]:
    """The pytest-style test functions (``def test...():`` at top level, ``async def`` ones too) that the tests
    never name, so would never run, and that the harness can call: decorated only with pytest's marks (skips and
    expected failures aside), and every required argument given by ``pytest.mark.parametrize`` marks or by a fixture of
    :func:`fixture_functions`. Each with its number of cases (``None`` when the marks' values are not literal
    lists; 1 for a plain function)."""
    return [(node, verdict) for node, verdict in _pytest_functions(module) if not isinstance(verdict, str)]


def unrun_test_functions(module: ast.Module) -> list[str]:
    """The test functions pytest would run that the harness cannot, each with why (``test_log (it asks for
    request, which pytest sets up)``): a fixture that is pytest's own or set up in a way the harness does not, or a
    decorator that is not a pytest mark. Skipped ones are not listed."""
    unrun = [f"{node.name} ({verdict})" for node, verdict in _pytest_functions(module) if isinstance(verdict, str)]
    verdicts = [(node, _class_verdict(node, module)) for node, _ in _test_classes(module)]
    unrun += [f"{node.name} ({why})" for node, why in verdicts if why not in (None, "skip")]
    for cls, _ in test_classes(module):
        if cls.bases:  # a TestCase: unittest calls its methods with no arguments
            continue
        methods = [node for node in cls.body if isinstance(node, _Function) and node.name.startswith("test")]
        mocks = sum(_mock_patches(decorator) or 0 for decorator in cls.decorator_list)
        fixtures = {**fixture_functions(module), **class_fixtures(cls, module)}
        for node, verdict in _pytest_verdicts(methods, fixtures, method=True, mocks=mocks):
            if isinstance(verdict, str):
                unrun.append(f"{cls.name}.{node.name} ({verdict})")
    return unrun


def _pytest_functions(module: ast.Module) -> Iterator[tuple[_Function, int | str | None]]:
    """Each top-level ``def test...`` the tests never name, but skipped ones, with its number of cases (as
    :func:`test_functions` gives it), or why the harness cannot run it."""
    named = {node.id for node in ast.walk(module) if isinstance(node, ast.Name)}
    functions = [
        node
        for node in module.body
        if isinstance(node, _Function) and node.name.startswith("test") and node.name not in named
    ]
    yield from _pytest_verdicts(functions, fixture_functions(module))


def _pytest_verdicts(
    functions: Sequence[_Function], fixtures: dict[str, ast.FunctionDef], *, method: bool = False, mocks: int = 0
) -> Iterator[tuple[_Function, int | str | None]]:
    """Each of ``functions`` (a pytest class's methods, with ``method``, given ``mocks`` by its class's patches) but
    skipped ones, with its number of cases, or why the harness cannot run it."""
    for node in functions:
        marks = [_parametrize(d) for d in node.decorator_list]
        others = [d for d, mark in zip(node.decorator_list, marks, strict=True) if mark is None]
        kinds = [_mark(d) for d in others]
        if "skip" in kinds:
            continue
        given = {name for mark in marks if mark is not None for name in mark[0]}
        # mock's @patch decorators pass their mocks as the first arguments (after a method's self).
        patched = [_mock_patches(d) for d in others]
        kinds = [kind if count is None else "mark" for kind, count in zip(kinds, patched, strict=True)]
        skipped = int(method) + sum(count or 0 for count in patched) + mocks
        positional = [a.arg for a in [*node.args.posonlyargs, *node.args.args]]
        required = _required(node) - set(positional[:skipped]) - {n for d in others for n in _mock_keywords(d)}
        required |= {name for decorator in others for name in _used_fixtures(decorator) or []}
        missing = sorted(required - given - fixtures.keys() - PYTEST_FIXTURES)
        if None in kinds:
            yield node, f"it is decorated with @{ast.unparse(others[kinds.index(None)])}"
        elif missing:
            yield node, f"it asks for {', '.join(missing)}, which pytest sets up"
        else:
            counts = [mark[1] for mark in marks if mark is not None]
            yield node, None if None in counts else math.prod(c for c in counts if c is not None)


def _mock_patches(decorator: ast.expr) -> int | None:
    """How many mocks a decorator of ``unittest.mock``'s passes its test first (``@patch("m.f")`` one, ``@patch("m.f",
    new)``, ``@patch.dict(...)`` none, ``@patch.multiple(...)`` none: it passes keywords, :func:`_mock_keywords`);
    ``None`` for any other decorator."""
    if not isinstance(decorator, ast.Call):
        return None
    name = _mock_name(decorator)
    if name in ("patch.dict", "patch.multiple"):
        return 0
    new_at = {"patch": 1, "patch.object": 2}.get(name)  # where the replacement, `new`, would stand
    if new_at is None:
        return None
    given = len(decorator.args) > new_at or any(k.arg == "new" for k in decorator.keywords)
    return 0 if given else 1


def _mock_keywords(decorator: ast.expr) -> set[str]:
    """The mocks ``@patch.multiple("m", a=DEFAULT, b=3)`` passes its test by keyword: ``{"a"}``."""
    if not isinstance(decorator, ast.Call) or _mock_name(decorator) != "patch.multiple":
        return set()
    return {k.arg for k in decorator.keywords if k.arg and ast.unparse(k.value).rsplit(".", 1)[-1] == "DEFAULT"}


def _mock_name(decorator: ast.Call) -> str:
    """The decorator's callee as ``unittest.mock`` names it: ``patch.object`` for ``mock.patch.object``."""
    return ast.unparse(decorator.func).removeprefix("unittest.").removeprefix("mock.")


def _mark(decorator: ast.expr) -> str | None:
    """``skip`` for pytest's skip and xfail marks, ``mark`` for its other marks (``@pytest.mark.slow``, ``skipif``),
    ``None`` for any other decorator."""
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    text = ast.unparse(target)
    if not text.startswith("pytest.mark.") or text.count(".") != 2:
        return None
    name = text.rsplit(".", 1)[1]
    if name == "usefixtures":
        return "mark" if isinstance(decorator, ast.Call) and _used_fixtures(decorator) is not None else None
    # A skipif's condition is the harness's to evaluate, as pytest does when it runs (``sys.platform == "win32"``).
    return "skip" if name in ("skip", "xfail") else "mark"


def _used_fixtures(decorator: ast.expr) -> list[str] | None:
    """The fixtures a ``@pytest.mark.usefixtures("db", ...)`` mark names; ``[]`` for another decorator, ``None`` for
    such a mark whose names are not plain strings."""
    call = decorator if isinstance(decorator, ast.Call) else None
    if call is None or ast.unparse(call.func) != "pytest.mark.usefixtures":
        return []
    names = [arg.value for arg in call.args if isinstance(arg, ast.Constant) and isinstance(arg.value, str)]
    return names if len(names) == len(call.args) and not call.keywords else None


def fixture_functions(module: ast.Module) -> dict[str, ast.FunctionDef]:
    """The tests' own pytest fixtures the harness can set up: top-level functions decorated with a plain
    ``@pytest.fixture`` (any ``scope``, ``autouse`` or not), whose required arguments are such fixtures too; by name.
    They may ask for pytest's own ``tmp_path``, ``monkeypatch``, ``capsys``, ``capfd``, ``caplog`` and ``recwarn``
    (:data:`PYTEST_FIXTURES`); its other fixtures (``request``...), ``params``, ``name`` and scopes given by a function
    are pytest's to run."""
    return _fixtures(module.body, set())


def class_fixtures(cls: ast.ClassDef, module: ast.Module) -> dict[str, ast.FunctionDef]:
    """A pytest class's own fixtures the harness can set up: its methods decorated as :func:`fixture_functions`
    says, which may also ask for the module's; each is called on the instance its test runs on, as pytest does."""
    return _fixtures(cls.body, fixture_functions(module).keys(), method=True)


def _fixtures(body: list[ast.stmt], given: Set[str], *, method: bool = False) -> dict[str, ast.FunctionDef]:
    found = {
        node.name: node
        for node in body
        if isinstance(node, ast.FunctionDef)
        and len(node.decorator_list) == 1
        and isinstance(_fixture_settings(node.decorator_list[0]), tuple)
        and (not method or node.args.args)
    }
    while True:
        available = found.keys() | given | PYTEST_FIXTURES
        kept = {name: node for name, node in found.items() if _required(node, method=method) <= available}
        if len(kept) == len(found):
            return kept
        found = kept


_SCOPES = ("function", "class", "module", "package", "session")

PYTEST_FIXTURES = frozenset({"tmp_path", "monkeypatch", "capsys", "capfd", "caplog", "recwarn"})
"""pytest's own fixtures the harness sets up as pytest would (the harness's ``BUILTIN``)."""


def _fixture_settings(decorator: ast.expr) -> tuple[str, bool] | str | None:
    """A ``@pytest.fixture`` (or ``@fixture``) decorator's scope and ``autouse``, when the harness can follow them;
    what it sets that the harness cannot (``params``...), for one it cannot; ``None`` for any other decorator."""
    call = decorator if isinstance(decorator, ast.Call) else None
    if ast.unparse(call.func if call is not None else decorator) not in ("pytest.fixture", "fixture"):
        return None
    if call is None:
        return "function", False
    if call.args:
        return "its decorator's arguments"
    settings: dict[str | None, object] = {}
    for keyword in call.keywords:
        try:
            settings[keyword.arg] = ast.literal_eval(keyword.value)
        except (ValueError, TypeError, SyntaxError, RecursionError):
            return f"its {keyword.arg or 'decorator'}'s value"
    scope, autouse = settings.pop("scope", "function"), settings.pop("autouse", False)
    if settings:
        return f"its {', '.join(str(name) for name in settings)}"
    if scope not in _SCOPES or not isinstance(autouse, bool):
        return f"its scope {scope!r}" if scope not in _SCOPES else "its autouse value"
    return str(scope), autouse


def _scope_and_autouse(fixture: ast.FunctionDef) -> tuple[str, bool]:
    """A fixture of :func:`fixture_functions`'s scope and ``autouse``."""
    settings = _fixture_settings(fixture.decorator_list[0])
    assert isinstance(settings, tuple)  # fixture_functions keeps only these
    return settings


def unset_autouse_fixtures(module: ast.Module) -> dict[str, str]:
    """The ``autouse`` fixtures of ``module`` the harness cannot set up, each with why (``{"clean_env": "it asks for
    monkeypatch, which pytest sets up"}``): pytest would set them up for every test; the harness runs the tests
    without them."""
    usable = fixture_functions(module)
    unset = {}
    for node in module.body:
        if not isinstance(node, ast.FunctionDef) or node.name in usable or len(node.decorator_list) != 1:
            continue
        settings = _fixture_settings(node.decorator_list[0])
        if isinstance(settings, str) and _autouse(node.decorator_list[0]):
            unset[node.name] = f"the harness does not follow {settings}"
        elif isinstance(settings, tuple) and settings[1]:
            missing = sorted(_required(node) - usable.keys() - PYTEST_FIXTURES)
            unset[node.name] = f"it asks for {', '.join(missing)}, which pytest sets up"
    return unset


def _autouse(decorator: ast.expr) -> bool:
    keywords = decorator.keywords if isinstance(decorator, ast.Call) else []
    return any(k.arg == "autouse" and ast.unparse(k.value) == "True" for k in keywords)


def _required(function: _Function, *, method: bool = False) -> set[str]:
    """The arguments a call of ``function`` (a ``method``: bound, its ``self`` given) must give."""
    positional = [*function.args.posonlyargs, *function.args.args][int(method) :]
    required = {a.arg for a in positional[: len(positional) - len(function.args.defaults)]}
    return required | {
        a.arg for a, d in zip(function.args.kwonlyargs, function.args.kw_defaults, strict=True) if d is None
    }


def _parametrize(decorator: ast.expr) -> tuple[list[str], int | None] | None:
    """A ``@pytest.mark.parametrize("a, b", [...])`` decorator's names and number of cases (``None`` when its
    values are not a literal list); ``None`` for any other decorator, or one with ``indirect``."""
    call = decorator if isinstance(decorator, ast.Call) else None
    func = call.func if call is not None else None
    if call is None or not (isinstance(func, ast.Attribute) and func.attr == "parametrize"):
        return None
    keywords = {k.arg: k.value for k in call.keywords}
    names = keywords.get("argnames", call.args[0] if call.args else None)
    values = keywords.get("argvalues", call.args[1] if len(call.args) > 1 else None)
    if "indirect" in keywords or not isinstance(names, ast.Constant | ast.List | ast.Tuple):
        return None
    try:
        literal = ast.literal_eval(names)
    except (ValueError, TypeError):
        return None
    if not isinstance(literal, str | list | tuple):
        return None
    listed = [n.strip() for n in literal.split(",") if n.strip()] if isinstance(literal, str) else list(literal)
    return [str(n) for n in listed], len(values.elts) if isinstance(values, ast.List | ast.Tuple) else None


def _is_not(test: ast.expr) -> TypeGuard[ast.UnaryOp]:
    return isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not)


def _plain_call(node: ast.expr) -> bool:
    """A call the harness can make itself, with its arguments shown: no ``*args``, ``**kwargs`` or ``await``."""
    return (
        isinstance(node, ast.Call)
        and not any(isinstance(a, ast.Starred) for a in node.args)
        and all(k.arg is not None for k in node.keywords)
        and not _awaits(node)
    )


def _call_parts(call: ast.Call) -> ast.Tuple:
    """``(function, args, kwargs)`` of a plain call, for the harness to call it."""
    kwargs = ast.Dict(keys=[ast.Constant(k.arg) for k in call.keywords], values=[k.value for k in call.keywords])
    return ast.Tuple(elts=[call.func, ast.Tuple(elts=list(call.args), ctx=ast.Load()), kwargs], ctx=ast.Load())


def _thunk(body: ast.expr) -> ast.Lambda:
    no_args = ast.arguments(posonlyargs=[], args=[], kwonlyargs=[], kw_defaults=[], defaults=[])
    return ast.Lambda(args=no_args, body=body)


def _awaits(expression: ast.expr) -> bool:
    """Whether an expression awaits (``await``, ``async for`` in a comprehension): it cannot go in a lambda."""
    return any(
        isinstance(node, ast.Await) or (isinstance(node, ast.comprehension) and node.is_async)
        for node in ast.walk(expression)
    )


def instrument_python_tests(
    tests: str, *, program_lines: int, detail: bool = True, time_limit: float | None = None
) -> str:
    """Python source to run after the program (``program_lines`` long) instead of ``tests``.

    ``detail=False`` leaves out the line-by-line trace of a failing call (the repair search needs only
    each assert's verdict and values, and runs hundreds of programs).

    ``time_limit``, the sandbox's limit on the run in seconds, lets the tests stop a hanging call a little
    before the sandbox would kill it: the call's assert then reports where the program was, its locals
    and the lines it kept running, and the run exits with the timeout's code, 124.

    Tests that do not parse are returned as they are, after the start marker, so the run shows
    Python's own error.
    """
    start = tests_start_line("python")
    try:
        module = ast.parse(tests)
    except SyntaxError:
        return f"{start}\n{tests}"
    functions, classes, fixtures = test_functions(module), test_classes(module), fixture_functions(module)
    settings = {name: (*_scope_and_autouse(node), node.lineno) for name, node in fixtures.items()}
    # A pytest class's own fixtures, each (scope, autouse, line), by class.
    own = {cls.name: class_fixtures(cls, module) for cls, _ in classes if not cls.bases}
    own_settings = {
        name: {f: (*_scope_and_autouse(n), n.lineno) for f, n in found.items()} for name, found in own.items()
    }
    for fixture in [*fixtures.values(), *(node for found in own.values() for node in found.values())]:
        fixture.decorator_list = []  # pytest's wrapper refuses a direct call; the harness sets fixtures up itself
    main, _ = main_function(module.body)
    module.body = [done for statement in module.body for done in _guard(statement, tests)]
    if main is not None:
        # Its statements run as the top level's do: an error in one fails it, and the checks after it still run.
        main.body = [done for statement in main.body for done in _guard(statement, tests)]
    module = _Rewrite(tests).visit(module)
    # In the file's order, as pytest runs them (a module-scoped fixture or shared state sees them so).
    found: list[_Function | ast.ClassDef] = [*(function for function, _ in functions), *(c for c, _ in classes)]
    ordered = sorted(found, key=lambda node: node.lineno)
    class_lines = {cls.name: lines for cls, lines in classes}
    runs = [
        f"_sd_h.run_class({node.name}, {class_lines[node.name]!r}, {own_settings.get(node.name, {})!r})"
        if isinstance(node, ast.ClassDef)
        else f"_sd_h.run_cases({node.lineno}, {node.name!r}, {node.name})"
        for node in ordered
    ]
    if fixtures and runs:
        given = "{" + ", ".join(f"{name!r}: {name}" for name in fixtures) + "}"
        runs = [f"_sd_h.use_fixtures({given}, {settings!r})", *runs, '_sd_h.close("run")']
    module.body += [statement for run in runs for statement in ast.parse(run).body]
    finish_ok = ast.parse("_sd_h.finish(crashed=False)").body
    finish_crashed = ast.parse("_sd_h.finish(crashed=True)\nraise").body
    guarded = ast.Try(
        body=module.body or [ast.Pass()],
        handlers=[ast.ExceptHandler(type=ast.Name(id="BaseException", ctx=ast.Load()), name=None, body=finish_crashed)],
        orelse=finish_ok,
        finalbody=[],
    )
    module.body = [guarded]
    ast.fix_missing_locations(module)
    stop_after = None if time_limit is None else round(max(time_limit * 0.9 - 1, time_limit * 0.5), 2)
    setup = f"_sd_h = _SDHarness({program_lines}, {detail}, {stop_after})"
    if files := sorted(set(_PROGRAM_FILE.findall(tests))):
        setup += f"\n_sd_h.program_as_file({files!r})"
    return f"{start}\n{_HARNESS}\n{setup}\n{ast.unparse(module)}\n"


IMPORTS_PROGRAM = "# imports the program above"
"""The comment on a Python tests line that stood for an import of the program (``from greet import main``): the
program is a module to these tests, as pytest imports it, so its ``if __name__ == "__main__":`` block does not
run (:func:`program_as_module`). The comment goes on with the program's file name, ``(greet.py)``: tests that run
that file as a script (``subprocess.run([sys.executable, "greet.py"])``) find it beside them, the program as it
is in this run."""

_PROGRAM_FILE = re.compile(re.escape(IMPORTS_PROGRAM) + r" \(([\w.-]+\.py)\)")


def imports_program(module: str) -> str:
    """The comment that ends a line standing for an import of the program ``module`` (:data:`IMPORTS_PROGRAM`,
    then its file name, which :func:`instrument_python_tests` reads back)."""
    return f"{IMPORTS_PROGRAM} ({module}.py)"


def program_as_module(program: str) -> str:
    """``program`` with each top-level ``if __name__ == "__main__":`` made false, as when a test imports it (a
    script's ``main()`` would parse the tests' own command line, or wait for input, before any test ran). The
    ``"__main__"`` is overwritten in place by a string of its length, so every offset and line stays; a program
    that does not parse is returned as it is."""
    try:
        module = ast.parse(program)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return program
    lines = program.split("\n")  # as ast counts lines (``splitlines`` also splits at a form feed)
    for node in module.body:
        test = node.test if isinstance(node, ast.If) else None
        if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq)):
            continue
        sides = [test.left, *test.comparators]
        named = any(isinstance(side, ast.Name) and side.id == "__name__" for side in sides)
        main = [s for s in sides if isinstance(s, ast.Constant) and s.value == "__main__" and s.lineno == s.end_lineno]
        if not named or not main:
            continue
        line = lines[main[0].lineno - 1].encode()  # ast's columns count UTF-8 bytes
        start, end = main[0].col_offset, main[0].end_col_offset or 0
        quote = line[start:end][-1:]
        if line[start:end] == quote + b"__main__" + quote:  # a plain literal, not a prefixed or escaped one
            lines[main[0].lineno - 1] = (line[:start] + quote + b"__test__" + quote + line[end:]).decode()
    return "\n".join(lines)


def main_function(
    body: list[ast.stmt], last: ast.If | None = None
) -> tuple[ast.FunctionDef | ast.AsyncFunctionDef | None, list[ast.stmt]]:
    """The tests' main function: a ``def main():`` with no parameters (or ``async def main():``) among ``body``, and
    the statements that run it, when nothing else names it: ``main()`` (``asyncio.run(main())``) in ``body`` or in
    ``last``, the file's main block; else ``(None, [])``."""
    found = [node for node in body if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name == "main"]
    if len(found) != 1 or found[0].decorator_list or ast.unparse(found[0].args):
        return None, []
    main = found[0]
    call = "asyncio.run(main())" if isinstance(main, ast.AsyncFunctionDef) else "main()"
    statements = [*body, *(last.body if last is not None else [])]
    runs: list[ast.stmt] = [s for s in statements if isinstance(s, ast.Expr) and ast.unparse(s.value) == call]
    named = sum(isinstance(node, ast.Name) and node.id == "main" for s in body for node in ast.walk(s))
    return (main, runs) if runs and named == len(runs) else (None, [])


# Statements that never fail as a check would: definitions, imports, and the checks themselves.
_UNGUARDED = (ast.Assert, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Import, ast.ImportFrom, ast.Pass)


def _guard(statement: ast.stmt, tests: str) -> list[ast.stmt]:
    """A top-level statement among the checks (``acct.withdraw(30)``), run so that an error in it fails as a
    check that raised would, at its own line, and the checks after it still run (as in JavaScript), instead
    of ending the tests with a traceback through the harness's lines. A check that a call raises passes when
    it runs through (``pytest.raises`` fails with an exception that is not an ``Exception``)."""
    if isinstance(statement, _UNGUARDED) or is_test_runner(statement):
        return [statement]
    if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
        return [statement]  # a docstring
    if isinstance(statement, ast.For) and not statement.orelse and any(expects_raise(s) for s in statement.body):
        # A loop of checks that calls raise (``for bad in ("", "x"): try: parse(bad) ...``): one check per case.
        statement.body = [done for inner in statement.body for done in _guard(inner, tests)]
        return [statement]
    raises = expects_raise(statement)
    text = raises or (ast.get_source_segment(tests, statement) or ast.unparse(statement)).strip().split("\n")[0]
    where = f"{statement.lineno}, {text[:120]!r}"
    after: list[ast.stmt] = []
    if raises:
        # The failures before it: settled() passes it if none came since. A ``try``'s failing statement records
        # that it was reached, and fails the check after the ``try``, so that no ``except`` catches its failure.
        counted = "_sd_n = _sd_h.failed\n_sd_r = None\n"
        handlers = "except (KeyboardInterrupt, SystemExit):\n    raise\nexcept BaseException as _sd_e:\n"
        ran = f"_sd_h.settled({where}, _sd_n)"
        if isinstance(statement, ast.Try):
            after = _record_reached(statement)
    else:
        counted, handlers, ran = "", "except Exception as _sd_e:\n", "_sd_h.end()"
    # An error ends what begin() started with the check's failure (escaped), and running through with its end.
    wrapper = ast.parse(
        f"_sd_h.begin({where})\n{counted}try:\n    pass\n"
        f"{handlers}    _sd_h.escaped({where}, _sd_e)\nelse:\n    {ran}\n"
    ).body
    attempt = wrapper[-1]
    assert isinstance(attempt, ast.Try)
    attempt.body = [statement, *after]
    return [ast.copy_location(node, statement) for node in wrapper]


def _record_reached(check: ast.Try) -> list[ast.stmt]:
    """Put in place of a raise check's failing statement (the last of its body, or its ``else:``) one that records
    it was reached, with its message; return the statement that fails the check then."""
    block = check.orelse or check.body
    fails = block[-1]
    said = fails.msg if isinstance(fails, ast.Assert) else None
    if isinstance(fails, ast.Raise) and isinstance(fails.exc, ast.Call) and fails.exc.args:
        said = fails.exc.args[0]
    block[-1] = ast.copy_location(ast.parse(f"_sd_r = ({ast.unparse(said) if said else 'None'},)").body[0], fails)
    shown = '"it did not raise" if _sd_r[0] is None else _sd_r[0]'
    return ast.parse(f"if _sd_r is not None:\n    raise AssertionError({shown})").body


def expects_raise(statement: ast.stmt) -> str | None:
    """What a top-level check that a call raises shows (``a.withdraw(1000) raises ValueError``), or ``None``
    when the statement is not one: ``try:`` the calls, then ``assert False`` or ``raise AssertionError`` (last
    in its body or as its ``else:``), and ``except SomeError:`` (or any ``except``: it does not catch the check's
    failure, see ``_record_reached``); or ``with pytest.raises(SomeError):``."""
    if isinstance(statement, ast.With):
        managers = [item.context_expr for item in statement.items]
        kinds = [m.args[0] for m in managers if isinstance(m, ast.Call) and m.args and _is_raises(m.func)]
        calls = statement.body
        if not kinds:
            return None
    elif isinstance(statement, ast.Try) and statement.handlers and not statement.finalbody:
        calls = statement.body if statement.orelse else statement.body[:-1]
        fails = statement.orelse or statement.body[-1:]
        if not (calls and len(fails) == 1 and _always_fails(fails[0])):
            return None
        kinds = [handler.type for handler in statement.handlers if handler.type is not None]
        if len(kinds) < len(statement.handlers):
            kinds = []  # a bare ``except:`` takes any exception
    else:
        return None
    if not calls:
        return None
    raised = " or ".join(ast.unparse(kind) for kind in kinds) or "an exception"
    return f"{'; '.join(ast.unparse(call) for call in calls)} raises {raised}"


def _is_raises(function: ast.expr) -> bool:
    """``pytest.raises`` or ``raises``."""
    return (isinstance(function, ast.Name) and function.id == "raises") or (
        isinstance(function, ast.Attribute)
        and function.attr == "raises"
        and isinstance(function.value, ast.Name)
        and function.value.id == "pytest"
    )


def _always_fails(statement: ast.stmt) -> bool:
    """``assert False`` (or ``0``, ``None``), with or without a message, or ``raise AssertionError(...)``."""
    if isinstance(statement, ast.Assert):
        return isinstance(statement.test, ast.Constant) and not statement.test.value
    if isinstance(statement, ast.Raise) and statement.exc is not None:
        raised = statement.exc.func if isinstance(statement.exc, ast.Call) else statement.exc
        return isinstance(raised, ast.Name) and raised.id == "AssertionError"
    return False


@dataclass(frozen=True)
class AssertResult:
    """One assert's outcome, as the harness reported it (values are bounded reprs)."""

    line: int
    source: str
    passed: bool
    call: str | None = None
    op: str | None = None
    expected: str | None = None
    actual: str | None = None
    error: str | None = None
    where: str | None = None
    locals: str | None = None
    returned: str | None = None
    trace: list[str] | None = None
    message: str | None = None
    hung: str | None = None
    """Set when the check was stopped short of the time limit: how long it had run ("still running
    after 8.0 s"); ``where``, ``locals`` and ``trace`` then say where the program was."""


@dataclass(frozen=True)
class TestReport:
    """Every assert's result, and the one that started but never reported (a hang or a crash)."""

    __test__ = False  # not a pytest test class

    results: list[AssertResult] = field(default_factory=list[AssertResult])
    unfinished: str | None = None

    @property
    def passed(self) -> int:
        return sum(r.passed for r in self.results)

    @property
    def failed(self) -> int:
        return len(self.results) - self.passed

    @property
    def total(self) -> int:
        return len(self.results)

    @property
    def all_passed(self) -> bool:
        return self.failed == 0 and self.unfinished is None


def parse_report(tests_output: str) -> tuple[str, TestReport | None]:
    """Take the harness's lines out of the tests' output: (the rest of the output, the report or ``None``)."""
    kept: list[str] = []
    results: list[AssertResult] = []
    started: str | None = None
    seen = False
    fields = set(AssertResult.__dataclass_fields__)
    for line in tests_output.split("\n"):
        if line.strip() == _FAILED:
            continue
        if not line.startswith(f"{MARKER} {{"):
            kept.append(line)
            continue
        try:
            record: dict[str, Any] = json.loads(line[len(MARKER) + 1 :])
        except json.JSONDecodeError:
            kept.append(line)
            continue
        seen = True
        if record.get("event") == "start":
            started = f"line {record.get('line')}: {record.get('source')}"
        elif record.get("event") == "result":
            results.append(AssertResult(**{k: v for k, v in record.items() if k in fields}))
            started = None
        elif record.get("event") == "tally":  # a check's results past the ones it printed, counted
            line, source = record.get("line", 0), record.get("source", "")
            results += [AssertResult(line, source, True)] * record.get("passed", 0)
            results += [AssertResult(line, source, False)] * record.get("failed", 0)
        elif record.get("event") == "done":  # a test that ended without a result of its own (a skip)
            started = None
    if not seen:
        return tests_output, None
    return "\n".join(kept), TestReport(results=results, unfinished=started)


_MAX_DETAILED = 6


def render_report(report: TestReport, *, max_chars: int = 2000, internals: bool = True) -> str:
    """What the model sees of the tests: a count, each failing assert in detail, the passing ones briefly.

    ``internals=False`` leaves out what happened inside the code (the lines it ran, where it raised, its
    locals), for a model that is not shown the code: each failing call with its expected and actual values,
    or what it raised, remains."""
    lines = [f"Tests: {report.passed} of {report.total} asserts passed."]
    failures = [r for r in report.results if not r.passed]
    traced = False
    for result in failures[:_MAX_DETAILED]:
        if not internals:
            result = replace(result, where=None, locals=None, trace=None)
        lines.append(f"FAILED line {result.line}: {result.source}")
        if result.call and result.call.replace('"', "'") not in result.source.replace('"', "'"):
            lines.append(f"    call:     {result.call}")
        if result.hung:
            where = f", at {result.where}" if result.where else ""
            lines.append(f"    did not finish: {result.hung}{where}")
            if result.locals:
                lines.append(f"    locals: {result.locals}")
            if result.trace:
                lines.append("    the lines it kept running, with the values they used:")
                lines.extend(f"      {step}" for step in result.trace)
        elif result.error:
            lines.append(f"    raised {result.error}")
            if result.where:
                lines.append(f"    at {result.where}")
            if result.locals:
                lines.append(f"    locals: {result.locals}")
        else:
            if result.expected is not None:
                lines.append(f"    expected: {result.expected}")
            lines.append(f"    actual:   {result.actual}")
            # One line-by-line trace is enough to show where a value goes wrong; more would crowd the rest out.
            if result.trace and not traced:
                traced = True
                lines.append(f"    last lines run in {result.call or 'the call'}, with the values they used:")
                lines.extend(f"      {step}" for step in result.trace)
            elif result.locals:
                lines.append(f"    locals when {result.returned or 'it returned'}: {result.locals}")
        if result.message:
            lines.append(f"    message:  {result.message}")
    if len(failures) > _MAX_DETAILED:
        lines.append(f"... and {len(failures) - _MAX_DETAILED} more failing asserts.")
    if report.unfinished:
        lines.append(f"DID NOT FINISH (timed out or crashed): {report.unfinished}")
    passing = [f"line {r.line}: {r.source}" for r in report.results if r.passed]
    if passing:
        shown = "; ".join(passing)
        lines.append(f"Passed: {shown if len(shown) <= 400 else shown[:397] + '...'}")
    text = "\n".join(lines)
    return text if len(text) <= max_chars else text[: max_chars - 20] + "\n[... report cut ...]"
