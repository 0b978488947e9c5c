"""Python source for one sandbox execution of the search: many candidates, or one coverage run.

The code runs in the sandbox, never on the host (unless the sandbox is the local one). It starts
one fresh interpreter (so the Jupyter sandbox's kernel is never forked), which forks once per
candidate: a fork costs about a millisecond where a new interpreter costs tens, and each child
has its own timeout. What each prints is read back by ``_batch``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from ._batch import BATCH_MARKER, COVERAGE_MARKER

__all__ = ["python_batch_code", "python_coverage_code"]

# Runs the driver in a fresh interpreter, bounded, and prints what it printed. The driver goes
# through a file: a batch is far larger than one command-line argument may be (128 KiB on Linux).
# Everything the driver writes goes in one temporary folder (its TMPDIR), removed when it ends,
# even if it ran out of time: a search writes a folder per candidate.
_LAUNCHER = """\
import glob as _glob, os as _os, shutil as _sh, subprocess as _sp, sys as _sys, tempfile as _tf
# A driver killed outright (its search cancelled) could not remove its folder: the next one does.
for _old in _glob.glob(_os.path.join(_tf.gettempdir(), "sd-driver-*-*")):
    try:
        _pid = int(_os.path.basename(_old).split("-")[2])
        _os.kill(_pid, 0)
        # Killed but not yet reaped (a zombie, until the container's init or the parent gets to it): gone too.
        with open("/proc/%d/stat" % _pid) as _stat:
            if _stat.read().rpartition(")")[2].split()[0] == "Z":
                raise ProcessLookupError
    except ProcessLookupError:
        _sh.rmtree(_old, ignore_errors=True)
    except (ValueError, OSError, IndexError):
        pass  # not a pid, a process that is someone else's, or no /proc: alive
_dir = _tf.mkdtemp(prefix="sd-driver-" + str(_os.getpid()) + "-")
_path = _os.path.join(_dir, "driver.py")
with open(_path, "w", encoding="utf-8") as _f:
    _f.write({driver!r})
try:
    _run = _sp.run([_sys.executable, _path], stdout=_sp.PIPE, stderr=_sp.STDOUT, timeout={limit!r},
                   env=dict(_os.environ, TMPDIR=_dir))
    _out, _code = _run.stdout, _run.returncode
except _sp.TimeoutExpired as _late:
    # What it printed before the limit is still worth reading.
    _out, _code = _late.stdout or b"", 124
finally:
    _sh.rmtree(_dir, ignore_errors=True)
print(_out.decode("utf-8", "replace"), end="")
_sys.exit(_code)
"""

_BATCH = r"""
import json, os, re, select, signal, sys, tempfile, time, traceback

PROGRAMS, TAILS = json.loads(__PROGRAMS__), json.loads(__TAILS__)
TIMEOUT, BUDGET, KEEP, WORKERS = __TIMEOUT__, __BUDGET__, 64000, __WORKERS__
started = time.monotonic()
folder = tempfile.mkdtemp(prefix="sd-search-")
NAME = "candidate.py"
# The tests and their harness are the same for every candidate: compiled once here, before any
# fork, at the lines they have in the whole file, so each child compiles only its program.
compiled = {}


def tail_code(program, k):
    lines = program.count("\n")
    if (k, lines) not in compiled:
        compiled[(k, lines)] = compile("\n" * lines + TAILS[k], NAME, "exec")
    return compiled[(k, lines)]


def child(i, write):
    os.dup2(write, 1)
    os.dup2(write, 2)
    status = 0
    program, k = PROGRAMS[i]
    try:
        # Each child in a folder of its own, so tracebacks read their own candidate's lines.
        os.chdir(os.path.join(folder, str(i)))
        with open(NAME, "w", encoding="utf-8") as f:
            f.write(program + TAILS[k])
        sys.argv = [NAME]
        scope = {"__name__": "__main__", "__file__": NAME}
        exec(compile(program, NAME, "exec"), scope)
        exec(tail_code(program, k), scope)
    except SystemExit as stop:
        status = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
    except BaseException:
        traceback.print_exc()
        status = 1
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(status)


def bounded(text):
    if len(text) <= KEEP:
        return text
    # The harness's marker lines are what the search reads: keep them, cut the rest. A check's start (and a
    # test's end) only matters when nothing came after it (a hang): the results are the report. Still too long,
    # the tests' start marker and whole lines from the end (a line cut in two reads as no line at all).
    marks = [l for l in text.split("\n") if l.startswith("@@autogen-selfdebug@@")]
    marks = [l for i, l in enumerate(marks) if i == len(marks) - 1 or not STEP.match(l)]
    kept, size = [], len(marks[0]) if marks else 0
    for line in reversed(marks[1:]):
        size += len(line) + 1
        if size > KEEP:
            break
        kept.append(line)
    return "\n".join(marks[:1] + kept[::-1])


STEP = re.compile(r'@@autogen-selfdebug@@ \{"event": "(start|done)"')


running = {}  # read end of a child's pipe -> its state


def spawn(i):
    tail_code(*PROGRAMS[i])
    os.mkdir(os.path.join(folder, str(i)))
    read, write = os.pipe()
    sys.stdout.flush()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        child(i, write)
    os.close(write)
    began = time.monotonic()
    running[read] = {"i": i, "pid": pid, "chunks": [], "began": began, "deadline": began + TIMEOUT}


def finish(read, timed_out):
    state = running.pop(read)
    if timed_out:
        os.kill(state["pid"], signal.SIGKILL)
    os.close(read)
    _, status = os.waitpid(state["pid"], 0)
    code = 124 if timed_out else os.waitstatus_to_exitcode(status)
    out = b"".join(state["chunks"]).decode("utf-8", "replace")
    seconds = round(time.monotonic() - state["began"], 4)
    record = {"i": state["i"], "exit_code": code, "timed_out": timed_out, "output": bounded(out), "seconds": seconds}
    print(__MARK__ + " " + json.dumps(record), flush=True)


# What the program and the tests import is imported here, before any fork, so that no child pays for it
# (pytest takes about 150 ms); a module that fails, or a file of the run's own folder, is left to each child.
def warm(source):
    import ast, importlib, importlib.util

    try:
        nodes = list(ast.walk(ast.parse(source)))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return
    for node in nodes:
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        for name in names:
            try:
                spec = importlib.util.find_spec(name.split(".")[0])
                if spec is not None and spec.origin and os.path.isabs(spec.origin):
                    if not os.path.abspath(spec.origin).startswith(os.getcwd() + os.sep):
                        importlib.import_module(name)
            except BaseException:  # a module that exits or fails as it loads: each child meets it as before
                pass


for source in (PROGRAMS[0][0] if PROGRAMS else "", *TAILS):
    warm(source)
sys.stdout.flush()

# One child per core at a time: each has its own deadline, and no new one starts after the budget.
workers = max(1, min(WORKERS, os.cpu_count() or 1))
following = 0
while following < len(PROGRAMS) or running:
    while len(running) < workers and following < len(PROGRAMS) and time.monotonic() - started <= BUDGET:
        spawn(following)
        following += 1
    if not running:
        break
    wait = max(0.0, min(state["deadline"] for state in running.values()) - time.monotonic())
    ready, _, _ = select.select(list(running), [], [], wait)
    for read in ready:
        chunk = os.read(read, 65536)
        if chunk:
            running[read]["chunks"].append(chunk)
        else:
            finish(read, False)
    now = time.monotonic()
    for read in [r for r, state in running.items() if now >= state["deadline"]]:
        finish(read, True)
"""

_COVERAGE = r"""
import io, json, os, signal, sys, tempfile

CODE, LINES, PER_TEST = json.loads(__PROGRAM__), __LINES__, __PER_TEST__
path = os.path.join(tempfile.mkdtemp(prefix="sd-cover-"), "candidate.py")
with open(path, "w", encoding="utf-8") as f:
    f.write(CODE)
current, outside, scope, depth, test, real = set(), set(), set(), [0], [0], sys.stdout


def local(frame, event, arg):
    if event == "line" and 0 < frame.f_lineno <= LINES:
        current.add(frame.f_lineno)
    return local


def calls(frame, event, arg):
    if frame.f_code.co_filename != path:
        return None
    if 0 < frame.f_lineno <= LINES:  # a module's frame starts at line 0
        current.add(frame.f_lineno)
    return local


class Hung(Exception):
    pass


def hung(signum, frame):
    # Raised inside the assert that runs too long: the harness records it as failed, lines and all.
    raise Hung("this assert did not finish in %g s" % PER_TEST)


RESULT, DONE = '@@autogen-selfdebug@@ {"event": "result"', '@@autogen-selfdebug@@ {"event": "done"'


class Watch(io.TextIOBase):
    # Each assert's result line closes the lines it ran; its start line opens a fresh set and a timer. A test
    # function's start opens a scope: each assert in it ran what the function ran before it too (arrange, act,
    # then assert), until the function's end (a "done", or its own result).
    def write(self, text):
        for line in text.splitlines():
            if line.startswith('@@autogen-selfdebug@@ {"event": "start"'):
                # What ran since the last check (the program's own top level, a statement between checks).
                outside.update(current)
                if depth[0]:
                    scope.update(current)
                current.clear()
                depth[0] += 1
                signal.setitimer(signal.ITIMER_REAL, PER_TEST)
            elif line.startswith((RESULT, DONE)):
                depth[0] = max(0, depth[0] - 1)
                # The rest of a test function after its assert gets a timer of its own.
                signal.setitimer(signal.ITIMER_REAL, PER_TEST if depth[0] else 0)
                # Python drops a tracer that a timer's exception went through: put it back for the next assert.
                sys.settrace(calls)
                # "done": a test that ended with no result of its own (it passed, or was skipped).
                if line.startswith(RESULT):
                    result = json.loads(line.split(" ", 1)[1])
                    passed = result.get("passed", False)
                    record = {"test": test[0], "passed": bool(passed), "lines": sorted(current | scope)}
                    record["before"] = sorted(outside)
                    # The program line a failing check's error was raised at ("line 41: ..."), if it was; not
                    # where a check that hung happened to be when it was stopped.
                    where = str(result.get("where", "")).split(":", 1)[0].split()
                    stopped = "hung" in result or str(result.get("error", "")).startswith("Hung:")
                    if not passed and not stopped and len(where) == 2 and where[0] == "line" and where[1].isdigit():
                        record["raised"] = int(where[1])
                    real.write(__MARK__ + " " + json.dumps(record) + "\n")
                    test[0] += 1
                else:
                    outside.update(current)  # a statement between checks, guarded as one: not a check
                if depth[0]:
                    scope.update(current)
                else:
                    scope.clear()
                current.clear()
        return len(text)


signal.signal(signal.SIGALRM, hung)
sys.stdout = sys.stderr = Watch()
sys.argv = [path]
sys.settrace(calls)
try:
    exec(compile(CODE, path, "exec"), {"__name__": "__main__", "__file__": path})
except BaseException:
    pass
finally:
    signal.setitimer(signal.ITIMER_REAL, 0)
    sys.settrace(None)
    sys.stdout = real
"""


def _launch(driver: str, limit: float) -> str:
    return _LAUNCHER.format(driver=driver, limit=round(limit, 1))


def python_batch_code(programs: Sequence[tuple[str, str]], *, timeout: float, budget: float, workers: int = 2) -> str:
    """Python source that runs each program, followed by its tail (the instrumented tests, as
    ``combined_source`` appends them), in its own forked child with ``timeout`` seconds, ``workers``
    at a time (at most one per core), starting no new one after ``budget`` seconds, and prints one
    ``BATCH_MARKER`` line each, in the order they finish. Equal tails are sent and compiled once."""
    tails = list(dict.fromkeys(tail for _, tail in programs))
    indexed = [(program, tails.index(tail)) for program, tail in programs]
    driver = (
        _BATCH.replace("__PROGRAMS__", repr(json.dumps(indexed)))
        .replace("__TAILS__", repr(json.dumps(tails)))
        .replace("__TIMEOUT__", repr(float(timeout)))
        .replace("__BUDGET__", repr(float(budget)))
        .replace("__WORKERS__", str(int(workers)))
        .replace("__MARK__", repr(BATCH_MARKER))
    )
    return _launch(driver, budget + timeout + 10)


def python_coverage_code(program: str, *, program_lines: int, timeout: float, per_test: float) -> str:
    """Python source that runs one full program once and prints, per assert, the program lines it ran.
    An assert still running after ``per_test`` seconds is stopped and counts as failed; ``timeout``
    bounds the whole run."""
    driver = (
        _COVERAGE.replace("__PROGRAM__", repr(json.dumps(program)))
        .replace("__LINES__", str(program_lines))
        .replace("__PER_TEST__", repr(float(per_test)))
        .replace("__MARK__", repr(COVERAGE_MARKER))
    )
    return _launch(driver, timeout)
