"""Per-check test results for JavaScript and TypeScript, in the same marker lines as Python's harness.

A failing ``console.assert`` only prints, and the first thrown error stops every later check, so a
model sees one failure at best. The tests are rewritten instead: each check (a top-level expression
statement such as ``check("ab", "1a1b");`` or ``assert.strictEqual(f(1), 2);``, also inside
top-level loops, a top-level ``if`` that throws, and a ``try`` that checks that calls throw, whose ``catch``
cannot then swallow its failure) runs through ``__sdCheck``, which prints a
start and a result record (``_test_report.parse_report`` reads them) and goes on to the next.
Declarations stay at top level, so later statements still see them; one whose value may throw
(``const top = s.pop();``) is assigned through ``__sdStep``, so that an error in it fails as a check at its
line and the checks after it still run. A small prelude makes
``console.assert`` throw, provides ``assert`` when the tests use it without requiring it, and the
tests end with a record of the failures, setting the exit code to 1 when there were any.

A check that asserts a comparison (``console.assert(f(3) === 8, "msg")``, ``assert(a < b)``,
``assert.ok(...)``) would say only "Assertion failed", or "expected true, actual false". Its two sides
are wrapped (``__sdLeft(f(3)) === __sdRight("===", 8)``: each still evaluated once, in order), so a
failure reports the actual and the expected value, as a Python ``assert f(3) == 8`` does; a truth check of a
call, name or property (``assert.ok(!isEven(3))``, ``console.assert(valid)``) reports its value. A failed
``assert.strictEqual`` and its kin report the values they compared too, not their multi-line message.

The prelude calls ``globalThis.__sdBeforeCheck()`` and ``__sdAfterCheck(passed, where)`` around each
check when they are defined (the coverage driver uses them) and lets an object with ``__sdExit``
through (the batch driver's ``process.exit``). Tests are parsed with tree-sitter; tests that do not
parse run as they are. A check that returns a promise is not awaited (but see node:test's async tests below),
except in the tests' async main function: when their last statement is ``(async () => { ... })();`` (or
``main();`` for an ``async function main``), the checks in it may ``await``, each is awaited before the next,
and the report ends when it does. The checks of a ``function main`` called so are checks one by one too.

Tests written with node:test (``test``/``it``, ``describe``/``suite``, the four hooks, ``.skip``/``.only``)
run in place through a small runner in the prelude: node's own would run them after the file's last line,
where no per-check report, nor the search's drivers, can follow. Each test is a check, reported under its
name; the tests of a ``describe`` are checks each. An ``async`` test's check reports when it settles,
after the checks that follow it have run, and the tests' end record waits for it. Jest-style tests, which call
Jest's globals without importing them, run through the same runner (``beforeAll``/``afterAll`` as node:test's
``before``/``after``), with an ``expect`` on node's ``assert`` in the prelude (its asymmetric matchers and mock
matchers too) and, when they use it, ``jest.fn``/``jest.spyOn`` and fake timers (Vitest's ``vi`` is the same).
An import of these globals from ``@jest/globals`` or ``vitest``, which the sandbox does not have, is blanked
out. A table test (``test.each(rows)(name, fn)``, ``it.each`...```, ``describe.each``) runs a test for each row;
each row of a ``test.each`` is a check, shown by its name (``test.each("adds 1 and 2")``), as Jest counts them.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import NamedTuple

import tree_sitter

from ._test_report import MARKER, tests_start_line
from .edits import named_nodes, parser_for

__all__ = [
    "IMPORTS_PROGRAM_JS",
    "PRELUDE_END",
    "MainFunction",
    "NodeTestUse",
    "expects_throw",
    "instrument_js_tests",
    "is_main_module_test",
    "main_function",
    "node_test_use",
    "program_as_module_js",
    "requires_test_module",
]

_Edit = tuple[int, int, str]
"""Replace bytes ``[start, end)`` of the tests with a text (``start == end``: insert it)."""

PRELUDE_END = "// @@autogen-selfdebug@@ prelude-end"
"""The comment that ends the harness's prelude: the code before it names nothing of the program or its tests, so
the search's driver transpiles it once for all candidates (``repair._node_driver``)."""

# ``/*any*/`` and ``/*any[]*/`` become type annotations in TypeScript, so the prelude compiles even under --strict.
_PRELUDE = """\
const __sdGlobal/*any*/ = globalThis;
const __sdUtil/*any*/ = typeof require === "function" ? require("util") : null;
const __sdLog = console.log.bind(console);
let __sdFailed = 0;
function __sdPrint(record/*any*/) {
  try { __sdLog("MARKER " + JSON.stringify(record)); } catch (_e/*any*/) { __sdLog("MARKER {}"); }
}
// A check run more often than this (an assert in a loop of thousands of cases) is counted from then on, not
// printed: its output would swamp the run and be cut off (and the count with it) by the sandbox's limit.
const __sdKeep = 50;
const __sdResults/*any*/ = new Map(), __sdTallies/*any*/ = new Map();
function __sdCounted(record/*any*/)/*any*/ {
  // Past __sdKeep passing (failing) results of its line, a result is counted in its check's tally. Past
  // __sdKeep results in all, a start is not printed (a failing result may still be).
  let seen/*any*/ = __sdResults.get(record.line);
  if (!seen) __sdResults.set(record.line, seen = [0, 0]);
  if (record.event === "start") return seen[0] + seen[1] >= __sdKeep;
  const passed = record.passed ? 1 : 0;
  seen[passed] += 1;
  if (seen[passed] <= __sdKeep) return false;
  let tally/*any*/ = __sdTallies.get(record.line);
  if (!tally) __sdTallies.set(record.line, tally = {event: "tally", line: record.line, source: record.source});
  const key = passed ? "passed" : "failed";
  tally[key] = (tally[key] || 0) + 1;
  return true;
}
function __sdEmit(record/*any*/) {
  if (record.event === "end") for (const tally of __sdTallies.values()) __sdPrint(tally);
  else if ((record.event === "start" || record.event === "result") && __sdCounted(record)) return;
  __sdPrint(record);
}
function __sdShow(value/*any*/) {
  try {
    // An error as Jest shows a received one, without its stack (the harness's frames, and the run's folder).
    if (value instanceof Error) return ("[" + value.name + ": " + value.message + "]").slice(0, 200);
    const options = {depth: 3, maxArrayLength: 8, maxStringLength: 80, breakLength: Infinity};
    return String(__sdUtil ? __sdUtil.inspect(value, options) : JSON.stringify(value)).slice(0, 200);
  } catch (_e/*any*/) { return "<" + typeof value + ">"; }
}
// Where in the program an error was raised, as the Python report says it ("line 14: return xs.reduce(...)"): the
// innermost frame of its stack in this file's first PROGRAM_LINES lines, which are the program's.
const __sdHere/*any*/ = (() => {
  const frame = String(new Error().stack).split("\\n")[1] || "";
  const found = /\\((.*):\\d+:\\d+\\)$/.exec(frame) || /at (.*):\\d+:\\d+$/.exec(frame);
  return found ? found[1] : null;
})();
let __sdLines/*any*/ = undefined;
function __sdWhere(error/*any*/)/*any*/ {
  if (!__sdHere || !error || typeof error.stack !== "string") return null;
  for (const frame of error.stack.split("\\n").slice(1)) {
    const at = frame.lastIndexOf(__sdHere + ":");
    const ran = at < 0 ? 0 : parseInt(frame.slice(at + __sdHere.length + 1), 10);
    // The search's coverage run of transpiled code maps the line it ran back to the source's.
    const line = typeof __sdGlobal.__sdSourceLine === "function" ? __sdGlobal.__sdSourceLine(ran) : ran;
    if (!(line >= 1 && line <= PROGRAM_LINES)) continue;
    if (__sdLines === undefined) {
      try {
        const fs/*any*/ = typeof require === "function" ? require("fs") : process.getBuiltinModule("fs");
        const path/*any*/ = __sdHere.startsWith("file:") ? new __sdGlobal.URL(__sdHere) : __sdHere;
        __sdLines = String(fs.readFileSync(path, "utf8")).split("\\n");
      } catch (_e/*any*/) { __sdLines = null; }
    }
    const text = __sdLines && __sdLines[line - 1] ? __sdLines[line - 1].trim().replace(/\\s+/g, " ").slice(0, 100) : "";
    return "line " + line + (text ? ": " + text : "");
  }
  return null;
}
function __sdAssertionError(message/*any*/) {
  const error/*any*/ = new Error(message);
  error.name = "AssertionError";
  error.code = "ERR_ASSERTION";
  return error;
}
// Node's console.assert only prints; here a failed one fails its check.
console.assert = function (value/*any*/, ...rest/*any[]*/) {
  if (value) return;
  const text = rest.length === 0 ? "Assertion failed" : __sdUtil ? __sdUtil.format(...rest) : rest.join(" ");
  const error/*any*/ = __sdAssertionError(text);
  error.generatedMessage = rest.length === 0;
  throw error;
};
// The two sides of an asserted comparison, for the report.
let __sdSides/*any*/ = null;
function __sdLeft(value/*any*/)/*any*/ {
  __sdSides = {left: value};
  return value;
}
function __sdRight(op/*any*/, value/*any*/)/*any*/ {
  if (__sdSides) { __sdSides.op = op; __sdSides.right = value; }
  return value;
}
// What an async node:test test left running (set by the node:test runner below), and the checks waiting on it.
let __sdLater/*any*/ = null;
const __sdPending/*any[]*/ = [], __sdWaiting/*any*/ = new Set();
function __sdCheck(line/*any*/, source/*any*/, run/*any*/) {
  __sdEmit({event: "start", line: line, source: source});
  const record/*any*/ = {event: "result", line: line, source: source, passed: true};
  if (typeof __sdGlobal.__sdBeforeCheck === "function") __sdGlobal.__sdBeforeCheck();
  __sdSides = null;
  __sdLater = null;
  try {
    run();
  } catch (error/*any*/) {
    if (error && error.__sdExit) throw error;
    __sdFail(record, error);
  }
  const later = __sdLater;
  if (!later || !record.passed) return __sdDone(record);
  // An async test's result comes when it settles, before the tests' end record.
  __sdWaiting.add(record);
  const failed = (error/*any*/) => __sdSettle(record, error || "rejected");
  __sdPending.push(later.then(() => __sdSettle(record, null), failed));
}
// A check in the tests' async main function (``(async () => { ... })();``), awaited before the next one.
let __sdAwaited/*any*/ = null, __sdWatching = false;
// For the search's driver: whether a check still waits on a promise.
__sdGlobal.__sdBusy = () => __sdAwaited !== null || __sdWaiting.size > 0;
async function __sdCheckAsync(line/*any*/, source/*any*/, run/*any*/) {
  __sdEmit({event: "start", line: line, source: source});
  const record/*any*/ = {event: "result", line: line, source: source, passed: true};
  if (typeof __sdGlobal.__sdBeforeCheck === "function") __sdGlobal.__sdBeforeCheck();
  __sdSides = null;
  const proc/*any*/ = __sdGlobal.process;
  // A check whose promise never settles fails once nothing else is left to run (node would just exit, with 0).
  if (!__sdWatching && proc && typeof proc.once === "function") {
    __sdWatching = true;
    proc.once("beforeExit", () => {
      const waiting = __sdAwaited;
      if (waiting === null) return;
      __sdAwaited = null;
      __sdFail(waiting, new Error("the check's promise never settled"));
      __sdDone(waiting);
      __sdFinish();
    });
  }
  __sdAwaited = record;
  try {
    await run();
  } catch (error/*any*/) {
    if (error && error.__sdExit) throw error;
    __sdFail(record, error);
  }
  __sdAwaited = null;
  __sdDone(record);
}
// A check that a call throws (``try { s.pop(); console.assert(false, "should throw"); } catch (e) {}``) that
// reached its failing statement: its catch does not swallow the failure.
function __sdNoThrow(said/*any*/) {
  throw new Error(said === undefined ? "it did not throw" : said instanceof Error ? said.message : String(said));
}
// A declaration among the checks (``const top = s.pop();``): an error in it fails as a check would, not the run.
function __sdStep(line/*any*/, source/*any*/, run/*any*/) {
  __sdEmit({event: "start", line: line, source: source});
  try {
    run();
  } catch (error/*any*/) {
    if (error && error.__sdExit) throw error;
    const record/*any*/ = {event: "result", line: line, source: source, passed: false};
    __sdFail(record, error);
    return __sdDone(record);
  }
  __sdEmit({event: "done"});
}
function __sdSettle(record/*any*/, error/*any*/) {
  if (!__sdWaiting.delete(record)) return;
  __sdSides = null;
  if (error !== null) __sdFail(record, error);
  __sdDone(record);
}
function __sdFail(record/*any*/, error/*any*/) {
  record.passed = false;
  const named = error !== null && typeof error === "object" && "message" in error;
  const name = named ? String(error.name || "Error") : "Error";
  // A failed assert reports what it compared, and the message if the tests gave one: the sides of an
  // asserted comparison, else what assert.strictEqual and its kin compared (not their multi-line message).
  const asserted = named && error.code === "ERR_ASSERTION";
  // A truth check of a value (`assert.ok(!f(x))`) reports that value, as Python's `assert not f(x)` does.
  const truth = asserted && __sdSides !== null && !("op" in __sdSides);
  const compared/*any*/ = !asserted || truth ? null
    : __sdSides && "op" in __sdSides ? __sdSides
    : "expected" in error && "actual" in error ? {op: error.operator, left: error.actual, right: error.expected}
    : null;
  if (truth || compared) {
    if (compared && compared.op) record.op = String(compared.op);
    record.actual = __sdShow(truth ? __sdSides.left : compared.left);
    if (compared) record.expected = __sdShow(compared.right);
    if (!error.generatedMessage) record.message = String(error.message).slice(0, 300);
  } else {
    record.error = (name + ": " + (named ? String(error.message) : __sdShow(error))).slice(0, 300);
    const where = __sdWhere(error);
    if (where) record.where = where;
  }
  if (named && typeof error.__sdCase === "string") {
    const where = "in the case " + JSON.stringify(error.__sdCase);
    if (record.error) record.error = (record.error + " (" + where + ")").slice(0, 300);
    else record.message = record.message ? (where + ": " + record.message).slice(0, 300) : where;
  }
}
function __sdDone(record/*any*/) {
  if (!record.passed) __sdFailed += 1;
  if (typeof __sdGlobal.__sdAfterCheck === "function") __sdGlobal.__sdAfterCheck(record.passed, record.where);
  __sdEmit(record);
  // A plain run stops at a failed check: what the tests log after it (a "tests passed" line) would mislead.
  if (!record.passed && __sdFailed === 1) console.log = function () {};
}
function __sdFinish() {
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    __sdEmit({event: "end", failed: __sdFailed});
    if (__sdFailed > 0 && __sdGlobal.process) __sdGlobal.process.exitCode = 1;
  };
  if (!__sdPending.length) return finish();
  Promise.all(__sdPending).then(finish);
  // A test whose promise never settles fails (as node:test fails it) once nothing else is left to run.
  const proc/*any*/ = __sdGlobal.process;
  if (proc && typeof proc.once === "function") proc.once("beforeExit", () => {
    for (const record of [...__sdWaiting]) __sdSettle(record, new Error("the test's promise never settled"));
    finish();
  });
}
""".replace("MARKER", MARKER)

# node:test, run in place: each test runs where it is declared, so it can be a check like any other (node's own
# runner starts after the last line, where neither the report nor the search's drivers can follow it).
_NODE_TEST = """\
const __sdNodeTest/*any*/ = (function () {
  const suites/*any[]*/ = [{beforeEach: [], afterEach: [], after: []}];
  const settled = () => Promise.resolve();
  const parse = (args/*any[]*/)/*any*/ => {
    const fn = args.find((a/*any*/) => typeof a === "function");
    const options = args.find((a/*any*/) => a !== null && typeof a === "object") || {};
    const name = typeof args[0] === "string" ? args[0] : fn && fn.name ? fn.name : "<anonymous>";
    return {fn, name, skip: Boolean(options.skip || options.todo)};
  };
  const context = (name/*any*/)/*any*/ => ({
    name, signal: new AbortController().signal, test: subtest, skip() {}, todo() {}, diagnostic() {}, plan() {},
    runOnly() {}, before: api.before, after: api.after, beforeEach: api.beforeEach, afterEach: api.afterEach,
    get assert() { return require("assert"); }, get mock() { return require("node:test").mock; },
  });
  // A test that takes a "done" callback fails with the error it is called with.
  const call = (fn/*any*/, t/*any*/)/*any*/ => {
    if (fn.length < 2) return fn(t);
    let failure/*any*/ = null;
    fn(t, (error/*any*/) => { failure = error; });
    if (failure) throw failure;
  };
  // The suites' beforeEach and afterEach hooks run around a test, not around its subtests (t.test).
  const run = (args/*any[]*/, hooks/*any*/)/*any*/ => {
    const {fn, name, skip} = parse(args);
    if (skip || !fn) return settled();
    const around = hooks ? suites.slice() : [];
    const start = ()/*any*/ => {
      const after = () => {
        for (const suite of around.slice().reverse()) for (const hook of suite.afterEach) hook(context(name));
      };
      for (const suite of around) for (const hook of suite.beforeEach) hook(context(name));
      let out/*any*/;
      try {
        out = call(fn, context(name));
      } catch (error/*any*/) {
        after();
        throw error;
      }
      if (!out || typeof out.then !== "function") {
        after();
        return settled();
      }
      // An async test: the check it runs in waits for it to settle.
      __sdLater = Promise.resolve(out).finally(after);
      return __sdLater;
    };
    if (!hooks || !running) {
      const out = start();
      if (hooks && out === __sdLater) queue(out);  // an async test: the next one waits for it
      return out;
    }
    // After an async test, the next one waits for it to end, as node:test and Jest run them: tests that share
    // state (a beforeEach's fresh `jest.fn()`) must not overlap.
    const later = running.then(() => {
      const outer = __sdLater;
      try {
        return start();
      } finally {
        __sdLater = outer;
      }
    });
    queue(later);
    __sdLater = later;
    return later;
  };
  // The last async test still running, or null.
  let running/*any*/ = null;
  const queue = (promise/*any*/) => {
    const settledOrFailed = promise.then(() => undefined, () => undefined);
    running = settledOrFailed;
    settledOrFailed.then(() => { if (running === settledOrFailed) running = null; });
  };
  const api/*any*/ = (...args/*any[]*/)/*any*/ => run(args, true);
  const subtest = (...args/*any[]*/)/*any*/ => run(args, false);
  const describe/*any*/ = (...args/*any[]*/)/*any*/ => {
    const {fn, name, skip} = parse(args);
    if (skip || !fn) return settled();
    suites.push({beforeEach: [], afterEach: [], after: []});
    try {
      fn(context(name));
    } finally {
      const suite = suites.pop();
      const after = () => { for (const hook of suite.after) hook(context(name)); };
      if (running) queue(running.then(after)); // after the suite's async tests
      else after();
    }
    return settled();
  };
  // Jest's table tests: `test.each(rows)(name, fn)` is a test for each row (an array row is its arguments), and
  // a tagged table (`a | b` then `${1} | ${2}`) gives each row as one object; describe.each likewise.
  const rowsOf = (table/*any*/, values/*any[]*/)/*any[]*/ => {
    if (!Array.isArray(table) || !Array.isArray(Object(table).raw)) {
      return Array.from(table, (row/*any*/) => (Array.isArray(row) ? row : [row]));
    }
    const keys = String(table[0]).split("|").map((key/*any*/) => key.trim());
    const rows/*any[]*/ = [];
    for (let at = 0; at + keys.length <= values.length; at += keys.length) {
      rows.push([Object.fromEntries(keys.map((key/*any*/, k/*any*/) => [key, values[at + k]]))]);
    }
    return rows;
  };
  const named = (name/*any*/, args/*any[]*/, index/*any*/)/*any*/ => {
    if (typeof name !== "string") return name;
    const show = (v/*any*/)/*any*/ => (typeof v === "string" ? v : require("node:util").inspect(v));
    let next = 0;
    const text = name.replace(/%([sdifjop#%])/g, (whole/*any*/, kind/*any*/) =>
      kind === "%" ? "%" : kind === "#" ? String(index) : next < args.length ? show(args[next++]) : whole);
    const row = args[0];
    return args.length === 1 && row !== null && typeof row === "object"
      ? text.replace(/\\$([A-Za-z_][\\w.]*)/g, (whole/*any*/, path/*any*/) =>
        show(path.split(".").reduce((v/*any*/, key/*any*/) => (v == null ? v : v[key]), row)))
      : text;
  };
  // Where a table test stands (`__sdNodeTest.at(line, shown).test.each(rows)(name, fn)`): each row is a check.
  let table/*any*/ = null;
  const at = (line/*any*/, shown/*any*/)/*any*/ => { table = {line, shown}; return api; };
  const each = (f/*any*/)/*any*/ => (rows/*any*/, ...values/*any[]*/)/*any*/ => (name/*any*/, fn/*any*/)/*any*/ => {
    const where = table;
    table = null;
    if (where) {
      rowsOf(rows, values).forEach((args/*any[]*/, index/*any*/) => {
        const title = named(name, args, index);
        const shown = (where.shown + "(" + JSON.stringify(title) + ")").slice(0, 300);
        __sdCheck(where.line, shown, () => f(title, () => fn(...args)));
      });
      return settled();
    }
    const later/*any[]*/ = [];
    rowsOf(rows, values).forEach((args/*any[]*/, index/*any*/) => {
      __sdLater = null;
      const title = named(name, args, index);
      try {
        f(title, () => fn(...args));
      } catch (error/*any*/) {
        if (error !== null && typeof error === "object") error.__sdCase = title;  // the report says which row
        throw error;
      }
      if (__sdLater) {
        // A row that runs later (async, or after an async test) still says which row it was when it fails.
        later.push(__sdLater.catch((error/*any*/) => {
          if (error !== null && typeof error === "object") error.__sdCase = title;
          throw error;
        }));
      }
    });
    __sdLater = later.length ? Promise.all(later) : null;
    return __sdLater || settled();
  };
  Object.assign(settled, {each: () => () => settled()});
  for (const f of [api, describe, subtest]) Object.assign(f, {skip: settled, todo: settled, only: f, each: each(f)});
  const current = () => suites[suites.length - 1];
  Object.assign(api, {
    at, test: api, it: api, describe, suite: describe, before: (fn/*any*/) => { fn(context("before")); },
    after: (fn/*any*/) => { current().after.push(fn); },
    beforeEach: (fn/*any*/) => { current().beforeEach.push(fn); },
    afterEach: (fn/*any*/) => { current().afterEach.push(fn); },
  });
  return api;
})();
"""
# Jest's expect, on node's assert: a failed matcher throws an AssertionError that names both values. toEqual
# leaves out undefined properties and class types, as Jest's does; an asymmetric matcher (expect.any(Number),
# expect.objectContaining({...})) matches what it says wherever it stands in an expected value.
_EXPECT = """\
function __sdPlain(v/*any*/)/*any*/ {
  return Array.isArray(v) ? v.map(__sdPlain)
    : v !== null && typeof v === "object" && Object.getPrototypeOf(v) !== null && !(v instanceof Date)
      && !(v instanceof Map) && !(v instanceof Set)
      ? Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined).map(([k, x]) => [k, __sdPlain(x)]))
      : v;
}
const __sdIsMatcher = (v/*any*/)/*any*/ =>
  v !== null && typeof v === "object" && typeof v.asymmetricMatch === "function";
function __sdHasMatcher(v/*any*/, seen/*any*/ = new Set())/*any*/ {
  if (v === null || typeof v !== "object" || seen.has(v)) return false;
  seen.add(v);
  return __sdIsMatcher(v) || Object.values(v).some((x/*any*/) => __sdHasMatcher(x, seen));
}
function __sdEquals(actual/*any*/, expected/*any*/)/*any*/ {
  if (__sdIsMatcher(expected)) return expected.asymmetricMatch(actual);
  if (!__sdHasMatcher(expected)) return require("node:util").isDeepStrictEqual(__sdPlain(actual), __sdPlain(expected));
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && actual.length === expected.length
      && expected.every((e/*any*/, i/*any*/) => __sdEquals(actual[i], e));
  }
  if (actual === null || typeof actual !== "object") return false;
  const keys = Object.keys(__sdPlain(expected));
  return keys.length === Object.keys(__sdPlain(actual)).length
    && keys.every((k/*any*/) => Object.prototype.hasOwnProperty.call(actual, k) && __sdEquals(actual[k], expected[k]));
}
// toMatchObject: the expected properties, recursively; arrays whole.
function __sdMatches(actual/*any*/, expected/*any*/)/*any*/ {
  if (__sdIsMatcher(expected) || expected === null || typeof expected !== "object" || expected instanceof Date) {
    return __sdEquals(actual, expected);
  }
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && actual.length === expected.length
      && expected.every((e/*any*/, i/*any*/) => __sdMatches(actual[i], e));
  }
  return actual !== null && typeof actual === "object"
    && Object.keys(expected).every((k/*any*/) => k in actual && __sdMatches(actual[k], expected[k]));
}
function expect(actual/*any*/)/*any*/ {
  const {isDeepStrictEqual} = require("node:util");
  // A mock's record (jest.fn, jest.spyOn), for the matchers that ask about its calls.
  const mockOf = (value/*any*/)/*any*/ => {
    if (value === null || value === undefined || !value.mock || !Array.isArray(value.mock.calls)) {
      throw new TypeError("expect(received): received value must be a mock function (jest.fn or jest.spyOn)");
    }
    return value.mock;
  };
  const matchers = (value/*any*/, negated/*any*/)/*any*/ => {
    const check = (pass/*any*/, operator/*any*/, expected/*any*/, shown/*any*/ = value) => {
      if (Boolean(pass) !== negated) return;
      const {AssertionError} = require("assert");
      throw new AssertionError({actual: shown, expected, operator: (negated ? "not." : "") + operator});
    };
    const throws = (expected/*any*/) => {
      let error/*any*/ = null, threw = false;
      try { value(); } catch (e) { threw = true; error = e; }
      const message = error !== null && typeof error === "object" ? String(error.message) : String(error);
      const matched = !threw ? false : expected === undefined ? true
        : typeof expected === "string" ? message.includes(expected)
        : expected instanceof RegExp ? expected.test(message)
        : typeof expected === "function" ? error instanceof expected : true;
      check(matched, "toThrow", expected === undefined ? "an error" : expected, threw ? error : "nothing thrown");
    };
    return {
      toBe: (e/*any*/) => check(Object.is(value, e), "toBe", e),
      toEqual: (e/*any*/) => check(__sdEquals(value, e), "toEqual", e),
      toStrictEqual: (e/*any*/) => check(isDeepStrictEqual(value, e), "toStrictEqual", e),
      toBeTruthy: () => check(value, "toBeTruthy", true),
      toBeFalsy: () => check(!value, "toBeFalsy", false),
      toBeNull: () => check(value === null, "toBeNull", null),
      toBeUndefined: () => check(value === undefined, "toBeUndefined", undefined),
      toBeDefined: () => check(value !== undefined, "toBeDefined", "anything defined"),
      toBeNaN: () => check(Number.isNaN(value), "toBeNaN", NaN),
      toBeGreaterThan: (e/*any*/) => check(value > e, ">", e),
      toBeGreaterThanOrEqual: (e/*any*/) => check(value >= e, ">=", e),
      toBeLessThan: (e/*any*/) => check(value < e, "<", e),
      toBeLessThanOrEqual: (e/*any*/) => check(value <= e, "<=", e),
      toBeCloseTo: (e/*any*/, digits/*any*/ = 2) =>
        check(Math.abs(e - value) < Math.pow(10, -digits) / 2, "toBeCloseTo", e),
      toContain: (e/*any*/) => check(value != null && value.includes(e), "toContain", e),
      toHaveLength: (n/*any*/) =>
        check(value != null && value.length === n, "toHaveLength", n, value == null ? value : value.length),
      toMatch: (e/*any*/) =>
        check(typeof e === "string" ? String(value).includes(e) : e.test(String(value)), "toMatch", e),
      toBeInstanceOf: (e/*any*/) => check(value instanceof e, "toBeInstanceOf", e),
      toThrow: throws,
      toThrowError: throws,
      toMatchObject: (e/*any*/) => check(__sdMatches(value, e), "toMatchObject", e),
      toContainEqual: (e/*any*/) =>
        check(value != null && Array.from(value).some((x/*any*/) => __sdEquals(x, e)), "toContainEqual", e),
      toHaveProperty: (path/*any*/, ...wanted/*any[]*/) => {
        let at = value, has = true;
        for (const key of Array.isArray(path) ? path : String(path).split(".")) {
          if (at === null || at === undefined || !(key in Object(at))) { has = false; break; }
          at = at[key];
        }
        const shown = has ? at : "no property " + String(path);
        const expected = wanted.length ? wanted[0] : path;
        check(has && (!wanted.length || __sdEquals(at, wanted[0])), "toHaveProperty", expected, shown);
      },
      ...mockMatchers(value, check),
    };
  };
  const mockMatchers = (value/*any*/, check/*any*/)/*any*/ => {
    const calls = ()/*any*/ => mockOf(value).calls;
    const last = ()/*any*/ => calls()[calls().length - 1];
    const found/*any*/ = {
      toHaveBeenCalled: () => check(calls().length > 0, "toHaveBeenCalled", "at least 1 call", calls().length),
      toHaveBeenCalledTimes: (n/*any*/) => check(calls().length === n, "toHaveBeenCalledTimes", n, calls().length),
      toHaveBeenCalledWith: (...args/*any[]*/) =>
        check(calls().some((call/*any*/) => __sdEquals(call, args)), "toHaveBeenCalledWith", args, calls()),
      toHaveBeenLastCalledWith: (...args/*any[]*/) =>
        check(calls().length > 0 && __sdEquals(last(), args), "toHaveBeenLastCalledWith", args, last()),
      toHaveBeenNthCalledWith: (n/*any*/, ...args/*any[]*/) =>
        check(calls().length >= n && __sdEquals(calls()[n - 1], args), "toHaveBeenNthCalledWith", args, calls()[n - 1]),
      toHaveReturnedWith: (e/*any*/) => check(
        mockOf(value).results.some((r/*any*/) => r.type === "return" && __sdEquals(r.value, e)),
        "toHaveReturnedWith", e, mockOf(value).results.map((r/*any*/) => r.value)),
    };
    return Object.assign(found, {
      toBeCalled: found.toHaveBeenCalled, toBeCalledTimes: found.toHaveBeenCalledTimes,
      toBeCalledWith: found.toHaveBeenCalledWith, lastCalledWith: found.toHaveBeenLastCalledWith,
      nthCalledWith: found.toHaveBeenNthCalledWith, toReturnWith: found.toHaveReturnedWith,
    });
  };
  const found/*any*/ = matchers(actual, false);
  found.not = matchers(actual, true);
  // resolves and rejects: the matchers on what the promise settles to, awaited.
  const settled = (rejects/*any*/)/*any*/ => new Proxy({}, {
    get: (_/*any*/, name/*any*/) => async (...args/*any[]*/) => {
      let value/*any*/, rejected = false;
      try { value = await actual; } catch (e) { rejected = true; value = e; }
      if (rejected !== rejects) {
        const {AssertionError} = require("assert");
        const operator = rejects ? "rejects" : "resolves";
        throw new AssertionError({actual: value, expected: rejects ? "a rejection" : "a value", operator});
      }
      const target = name === "toThrow" || name === "toThrowError" ? () => { throw value; } : value;
      return matchers(target, false)[name](...args);
    },
  });
  found.resolves = settled(false);
  found.rejects = settled(true);
  return found;
}
// The asymmetric matchers: each matches what it says, and shows as Jest writes it.
function __sdMatcher(match/*any*/, shown/*any*/)/*any*/ {
  return {asymmetricMatch: match, toString: () => shown, [require("node:util").inspect.custom]: () => shown};
}
expect.any = (type/*any*/) => __sdMatcher(
  (a/*any*/) => a !== null && a !== undefined && Object(a) instanceof type, "Any<" + (type && type.name) + ">");
expect.anything = () => __sdMatcher((a/*any*/) => a !== null && a !== undefined, "Anything");
expect.objectContaining = (e/*any*/) => __sdMatcher(
  (a/*any*/) => a !== null && a !== undefined
    && Object.keys(e).every((k/*any*/) => k in Object(a) && __sdEquals(a[k], e[k])),
  "ObjectContaining " + require("node:util").inspect(e));
expect.arrayContaining = (e/*any*/) => __sdMatcher(
  (a/*any*/) => Array.isArray(a) && e.every((x/*any*/) => a.some((y/*any*/) => __sdEquals(y, x))),
  "ArrayContaining " + require("node:util").inspect(e));
expect.stringContaining = (e/*any*/) => __sdMatcher(
  (a/*any*/) => typeof a === "string" && a.includes(e), "StringContaining " + JSON.stringify(e));
expect.stringMatching = (e/*any*/) => __sdMatcher(
  (a/*any*/) => typeof a === "string" && new RegExp(e).test(a), "StringMatching " + String(e));
"""
# Jest's mock functions, when the tests call ``jest`` without declaring it: calls, results and what ``this`` was
# are kept on ``.mock``, for the mock matchers of ``expect`` above.
_JEST = """\
const jest/*jest*/ = (function () {
  const made/*any[]*/ = [];
  const fn = (implementation/*any*/)/*any*/ => {
    let now = implementation, once/*any[]*/ = [];
    const mock/*any*/ = {calls: [], results: [], instances: [], lastCall: undefined};
    const mocked/*any*/ = function (...args/*any[]*/) {
      mock.calls.push(args);
      mock.lastCall = args;
      mock.instances.push(this);
      const run = once.length ? once.shift() : now;
      try {
        const value = run ? run.apply(this, args) : undefined;
        mock.results.push({type: "return", value});
        return value;
      } catch (error) {
        mock.results.push({type: "throw", value: error});
        throw error;
      }
    };
    const clear = () => {
      for (const list of [mock.calls, mock.results, mock.instances]) list.length = 0;
      mock.lastCall = undefined;
    };
    Object.assign(mocked, {
      _isMockFunction: true, mock, getMockName: () => "jest.fn()",
      mockImplementation: (f/*any*/) => { now = f; return mocked; },
      mockImplementationOnce: (f/*any*/) => { once.push(f); return mocked; },
      mockReturnValue: (v/*any*/) => mocked.mockImplementation(() => v),
      mockReturnValueOnce: (v/*any*/) => mocked.mockImplementationOnce(() => v),
      mockResolvedValue: (v/*any*/) => mocked.mockImplementation(() => Promise.resolve(v)),
      mockResolvedValueOnce: (v/*any*/) => mocked.mockImplementationOnce(() => Promise.resolve(v)),
      mockRejectedValue: (v/*any*/) => mocked.mockImplementation(() => Promise.reject(v)),
      mockRejectedValueOnce: (v/*any*/) => mocked.mockImplementationOnce(() => Promise.reject(v)),
      mockReturnThis: () => mocked.mockImplementation(function () { return this; }),
      mockClear: () => { clear(); return mocked; },
      mockReset: () => { clear(); now = undefined; once = []; return mocked; },
      mockRestore: () => { clear(); now = undefined; once = []; },
    });
    made.push(mocked);
    return mocked;
  };
  const spyOn = (object/*any*/, method/*any*/)/*any*/ => {
    const original = object[method];
    if (typeof original !== "function") throw new TypeError("jest.spyOn: " + String(method) + " is not a function");
    const spy = fn(function (...args/*any[]*/) { return original.apply(this, args); });
    spy.mockRestore = () => { object[method] = original; };
    object[method] = spy;
    return spy;
  };
  // Fake timers over this global's own (the search's drivers give each candidate timers of their own, which
  // node:test's MockTimers would not reach), started at the real time as Jest's are.
  const NAMES = ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "setImmediate", "clearImmediate"];
  const real/*any*/ = {};
  let clock/*any*/ = null;
  const fake = () => {
    const host/*any*/ = globalThis, RealDate/*any*/ = host.Date;
    for (const name of [...NAMES, "Date"]) real[name] = host[name];
    clock = {now: RealDate.now(), queue: [], id: 0};
    const add = (f/*any*/, ms/*any*/, args/*any[]*/, every/*any*/) => {
      const id = ++clock.id;
      clock.queue.push({id, at: clock.now + Math.max(0, Number(ms) || 0), f, args, every});
      return {id, ref() { return this; }, unref() { return this; }, hasRef: () => true, [Symbol.toPrimitive]: () => id};
    };
    const clear = (t/*any*/) => { clock.queue = clock.queue.filter((q/*any*/) => q.id !== Number(t && (t.id ?? t))); };
    // A Date that is the real one but for its clock (`new Date()`, `Date.now()`).
    const FakeDate/*any*/ = function (...args/*any[]*/) {
      if (!new.target) return new RealDate(clock.now).toString();
      return Reflect.construct(RealDate, args.length ? args : [clock.now], new.target);
    };
    Object.assign(FakeDate, {prototype: RealDate.prototype, now: () => clock.now});
    Object.assign(FakeDate, {parse: RealDate.parse, UTC: RealDate.UTC});
    Object.assign(host, {
      setTimeout: (f/*any*/, ms/*any*/, ...args/*any[]*/) => add(f, ms, args, 0),
      setInterval: (f/*any*/, ms/*any*/, ...args/*any[]*/) => add(f, ms, args, Math.max(1, Number(ms) || 1)),
      setImmediate: (f/*any*/, ...args/*any[]*/) => add(f, 0, args, 0),
      clearTimeout: clear, clearInterval: clear, clearImmediate: clear, Date: FakeDate,
    });
  };
  const restore = () => { if (clock) Object.assign(globalThis, real); clock = null; };
  const on = ()/*any*/ => {
    if (!clock) throw new Error("Timers are not mocked: call jest.useFakeTimers() (vi.useFakeTimers()) first");
    return clock;
  };
  // Every timer due by `to`, in time order (an interval again each period); Jest aborts after 100000 too.
  const next = (to/*any*/)/*any*/ => {
    const due = on().queue.filter((t/*any*/) => t.at <= to).sort((a/*any*/, b/*any*/) => a.at - b.at || a.id - b.id)[0];
    if (!due) return false;
    clock.now = due.at;
    if (due.every) due.at += due.every;
    else clock.queue = clock.queue.filter((t/*any*/) => t !== due);
    due.f(...due.args);
    return true;
  };
  const advance = (to/*any*/) => {
    for (let runs = 0; runs < 100000 && next(to); runs++);
    clock.now = Math.max(clock.now, to);
  };
  const settle = async () => { for (let i = 0; i < 10; i++) await Promise.resolve(); };
  // The async kind lets the promises each timer settles run before the next timer: a retry's next sleep is due.
  const advanceAsync = async (to/*any*/) => {
    await settle();
    for (let runs = 0; runs < 100000 && next(to); runs++) await settle();
    clock.now = Math.max(clock.now, to);
  };
  const last = () => Math.max(on().now, ...clock.queue.map((t/*any*/) => t.at));
  const api/*any*/ = {
    fn, spyOn, isMockFunction: (f/*any*/) => Boolean(f && f._isMockFunction), mocked: (f/*any*/) => f,
    clearAllMocks: () => made.forEach((f/*any*/) => f.mockClear()),
    resetAllMocks: () => made.forEach((f/*any*/) => f.mockReset()),
    restoreAllMocks: () => made.forEach((f/*any*/) => f.mockRestore()),
    useFakeTimers: () => { restore(); fake(); return api; },
    useRealTimers: () => { restore(); return api; },
    advanceTimersByTime: (ms/*any*/) => { advance(on().now + Number(ms)); return api; },
    advanceTimersByTimeAsync: async (ms/*any*/) => { await advanceAsync(on().now + Number(ms)); return api; },
    // The timers there are, and those they set (not an interval's next runs: they never end).
    runAllTimers: () => { while (on().queue.some((t/*any*/) => !t.every)) advance(last()); return api; },
    runAllTimersAsync: async () => { api.runAllTimers(); await settle(); return api; },
    runOnlyPendingTimers: () => { advance(last()); return api; },
    getTimerCount: () => on().queue.length,
    clearAllTimers: () => { on().queue = []; },
    setSystemTime: (now/*any*/) => { on().now = Number(now ?? real.Date.now()); return api; },
    now: () => (clock ? clock.now : Date.now()),
  };
  return api;
})();
"""
_JEST_TYPES = """\
declare namespace jest {
  type Mock<T = any, Y = any> = any; type Mocked<T = any> = any; type MockedFunction<T = any> = any;
  type SpyInstance<T = any, Y = any> = any; type MockInstance<T = any, Y = any> = any;
}
// What `jest` and `vi` are to the type checker: type arguments allowed (`vi.fn<() => Promise<string>>()`).
interface SdJest {
  fn<T = any, Y = any>(implementation?: any): any; spyOn<T = any, Y = any>(object: any, method: any): any;
  mocked<T = any>(item: T, deep?: any): any; [name: string]: any;
}
"""
# Jest's globals, when the tests call them without declaring or importing them: node:test's own, by role.
_JEST_GLOBALS = {
    "describe": "describe",
    "test": "test",
    "it": "it",
    "beforeEach": "beforeEach",
    "afterEach": "afterEach",
    "beforeAll": "before",
    "afterAll": "after",
}
_NODE_TEST_MODULE = b"node:test"
_TEST_MODULES = frozenset({_NODE_TEST_MODULE, b"assert", b"node:assert", b"assert/strict", b"node:assert/strict"})
_SUITES = frozenset({"describe", "suite"})
_TESTS = frozenset({"test", "it"})
_HOOKS = frozenset({"before", "after", "beforeEach", "afterEach"})

# JavaScript: a global, so a program that declares its own ``assert`` still compiles.
_ASSERT_JS = 'if (typeof assert === "undefined") __sdGlobal.assert = require("assert");\n'
_ASSERT_TS = 'const assert = require("assert");\n'

_NESTING = frozenset(
    {"for_statement", "for_in_statement", "while_statement", "do_statement", "labeled_statement"}
    | {"statement_block", "if_statement"}
)
_ASSIGNMENTS = frozenset({"assignment_expression", "augmented_assignment_expression", "update_expression"})
# A declaration whose value holds one of these may throw; a literal cannot.
_MAY_THROW = frozenset({"call_expression", "new_expression", "member_expression", "subscript_expression"})
_CALLBACKS = frozenset({"arrow_function", "function_expression", "function"})
_FUNCTIONS = frozenset(
    {
        "function_declaration",
        "generator_function_declaration",
        "function_expression",
        "function",
        "generator_function",
        "arrow_function",
        "method_definition",
        "class_declaration",
        "class",
    }
)
# An if holding these would change meaning inside the check's arrow function.
_JUMPS = frozenset(
    {"break_statement", "continue_statement", "return_statement", "yield_expression", "await_expression"}
)
_DECLARATIONS = frozenset(
    {"lexical_declaration", "variable_declaration", "function_declaration", "class_declaration", "ambient_declaration"}
)
_MAX_SOURCE = 300
_ASSERT_CALLS = frozenset({b"assert", b"assert.ok", b"console.assert"})
_COMPARISONS = frozenset({"===", "==", "!==", "!=", "<", "<=", ">", ">="})
# A truth check of one of these shows its value when it fails (a call's, not `true` or `false`).
_TRUTH_CHECKED = frozenset({"call_expression", "member_expression", "subscript_expression", "identifier"})


def instrument_js_tests(tests: str, language: str, *, program: str = "") -> str:
    """Source to run after the program instead of ``tests``, reporting each check (``language``:
    javascript or typescript). Tests that do not parse are returned after the start marker only.
    ``program`` is what runs before them: an ``assert`` it declares or imports is not declared again."""
    start = tests_start_line(language)
    data = tests.encode("utf-8")
    root = parser_for(language).parse(data).root_node
    if (blanked := _without_jest_imports(root, data)) is not None:
        data, root = blanked, parser_for(language).parse(blanked).root_node
    if root.has_error:
        return f"{start}\n{tests}"
    node_test = node_test_use(root, _root(program, language))
    edits: list[_Edit] = []
    statements = [node for node in root.named_children if node.type != "comment"]
    main = main_function(statements)
    _wrap_checks(statements[:-1] if main is not None else statements, data, edits, node_test)
    if main is not None:
        # The checks in it are each a check (an async one's awaited one by one), and the report ends when it
        # does (an error outside the checks leaves the report without its end, as at top level).
        _wrap_checks(main.body.named_children, data, edits, node_test, awaited=main.awaits)
        edits.append((main.body.end_byte - 1, main.body.end_byte - 1, "__sdFinish();\n"))
    # Last first; at one offset, a replacement before an insertion (which then goes in front of it).
    for begin, end, text in sorted(edits, key=lambda edit: edit[:2], reverse=True):
        data = data[:begin] + text.encode("utf-8") + data[end:]
    typed = language == "typescript"
    annotations = {"/*any*/": ": any", "/*any[]*/": ": any[]"} if typed else {"/*any*/": "", "/*any[]*/": ""}
    prelude = _PRELUDE + (_NODE_TEST if node_test else "")
    undeclared = _undeclared({"expect", "jest", "vi"}, root, _root(program, language))
    prelude += _EXPECT if "expect" in undeclared else ""
    prelude += _JEST if undeclared & {"jest", "vi"} else ""
    # Their types too (`jest.fn() as jest.Mock`), which @types/jest would give: the sandbox has no @types.
    prelude += _JEST_TYPES if typed and undeclared & {"jest", "vi"} else ""
    prelude += "const vi/*jest*/ = jest;  // Vitest's vi.fn, vi.spyOn: Jest's\n" if "vi" in undeclared else ""
    annotations["/*jest*/"] = ": SdJest" if typed else ""
    for placeholder, annotation in annotations.items():
        prelude = prelude.replace(placeholder, annotation)
    prelude = prelude.replace("PROGRAM_LINES", str(len(program.splitlines())))
    if _uses_assert(root) and not _declares_assert(root) and not _declares_assert(_root(program, language)):
        prelude += _ASSERT_TS if typed else _ASSERT_JS
    # The prelude's last line ends with PRELUDE_END, so the tests keep their lines.
    prelude = f"{prelude[:-1]} {PRELUDE_END}\n"
    return f"{start}\n{prelude}{data.decode('utf-8')}\n" + ("" if main is not None else "__sdFinish();\n")


# Modules whose imports give Jest's globals (Jest's own, and Vitest's, which has the same API and ``vi`` for
# ``jest``): the prelude has them, and neither module is in the sandbox.
_JEST_MODULES = frozenset({b"@jest/globals", b"vitest"})
_JEST_NAMES = frozenset({*_JEST_GLOBALS, "expect", "jest", "vi"})


def _without_jest_imports(root: tree_sitter.Node, data: bytes) -> bytes | None:
    """``data`` (parsed as ``root``) with its top-level imports of Jest's or Vitest's globals (``import { describe,
    it, expect } from "vitest"``, ``const { expect } = require("@jest/globals")``) blanked out, lines kept, when each
    name they bind is one the prelude gives under that name; ``None`` when it has none (the search instruments the
    tests for every candidate: no second parse then)."""
    spans = []
    for node in root.named_children:
        if node.type == "import_statement":
            source = _string_value(node.child_by_field_name("source"))
            clauses = [c for c in node.named_children if c.type == "import_clause"]
            parts = [part for clause in clauses for part in clause.named_children]
            if source not in _JEST_MODULES or not parts or any(p.type != "named_imports" for p in parts):
                continue
            names = [_import_specifiers(part) for part in parts]
        elif node.type in ("lexical_declaration", "variable_declaration"):
            declarators = [d for d in node.named_children if d.type == "variable_declarator"]
            if len(declarators) != 1 or _requires(declarators[0].child_by_field_name("value")) not in _JEST_MODULES:
                continue
            names = [_bound_names(declarators[0].child_by_field_name("name"))]
        else:
            continue
        if all(name == role and name in _JEST_NAMES for found in names for name, role in found.items()):
            spans.append((node.start_byte, node.end_byte))
    for begin, end in reversed(spans):
        data = data[:begin] + bytes(b if b == 0x0A else 0x20 for b in data[begin:end]) + data[end:]
    return data if spans else None


def _wrap_checks(
    statements: Iterable[tree_sitter.Node],
    data: bytes,
    edits: list[_Edit],
    node_test: NodeTestUse | None = None,
    *,
    awaited: bool = False,
) -> None:
    """Wrap the checks among ``statements``, going into loops, blocks and ifs but not into functions:
    a check inside a helper is part of the check that calls the helper. With ``node_test``, each test is a
    check (also inside a suite), and hooks are not checks. ``awaited``: the statements are in an async
    function, so a check may ``await`` and is awaited."""
    for node in statements:
        if node_test is not None and node_test.role(node) is not None:
            _wrap_node_test(node, node_test, data, edits)
        elif node.type == "expression_statement" and _is_check(node, awaited=awaited):
            _wrap(node, _text(node.named_children[0], data), edits, awaited=awaited)
            _wrap_sides(node.named_children[0], edits)
        elif node.type == "if_statement" and _has(node, {"throw_statement"}) and not _has(node, _JUMPS):
            _wrap(node, _text(node, data), edits)
        elif (found := _throw_check(node)) is not None and (awaited or not _has(node, {"await_expression"})):
            # The failing statement records that it was reached, and the check fails after the catch.
            checked, fails = found
            said = _failure_message(fails)
            reached = f"__sdR = [{_text(said, data) if said is not None else 'undefined'}];"
            edits.append(
                (fails.start_byte, fails.end_byte, reached + "\n" * (fails.end_point.row - fails.start_point.row))
            )
            inside = ("let __sdR = null; ", " if (__sdR) __sdNoThrow(__sdR[0]);")
            _wrap(node, checked, edits, awaited=awaited, inside=inside)
        elif node.type in ("lexical_declaration", "variable_declaration"):
            _wrap_declaration(node, data, edits)
        elif node.type in _NESTING:
            for field in ("body", "consequence", "alternative"):
                child = node.child_by_field_name(field)
                if child is not None:
                    _wrap_checks(_statements(child), data, edits, node_test, awaited=awaited)
            if node.type == "statement_block":
                _wrap_checks(node.named_children, data, edits, node_test, awaited=awaited)


@dataclass(frozen=True)
class NodeTestUse:
    """The names code binds to node:test (``const test = require("node:test")``, ``import {it} from
    "node:test"``), and what each is there: ``test``, ``it``, ``describe``...; the module itself is ``test``,
    its default export."""

    names: dict[str, str]

    def role(self, statement: tree_sitter.Node) -> str | None:
        """``test`` or ``suite`` for a statement that calls a test (``test``/``it``) or a suite
        (``describe``/``suite``), ``other`` for a hook or a skipped test, ``None`` for anything else."""
        found = self.called(statement)
        if found is None:
            return None
        name, modifier = found
        if modifier in ("skip", "todo") or name in _HOOKS:
            return "other"  # runs nothing now, so it is no check
        return "test" if name in _TESTS else "suite" if name in _SUITES else None

    def checks(self, statement: tree_sitter.Node) -> int:
        """How many checks a top-level statement makes: 1 for a test, a suite's tests (at least 1), else 0."""
        tests = sum(role == "test" for _, role in self.calls(statement))
        return max(1, tests) if self.role(statement) == "suite" else tests

    def called(self, statement: tree_sitter.Node) -> tuple[str, str | None] | None:
        """What node:test function a statement calls, and its modifier (``only``, ``skip``, ``todo``); Jest's
        table tests (``test.each(table)(name, fn)``) call the function their ``each`` is on."""
        callee, each = _test_callee(statement)
        parts = callee.text.decode("utf-8", errors="replace").split(".") if callee and callee.text else []
        if each:
            parts.pop()
        modifier = parts.pop() if len(parts) > 1 and parts[-1] in ("only", "skip", "todo") else None
        if not parts or parts[0] not in self.names or len(parts) > 2:
            return None
        return (self.names[parts[0]] if len(parts) == 1 else parts[1]), modifier

    def calls(self, statement: tree_sitter.Node) -> Iterator[tuple[tree_sitter.Node, str]]:
        """The statement and, in a suite, the statements of its body that call node:test, each with its role."""
        role = self.role(statement)
        if role is None:
            return
        yield statement, role
        arguments = statement.named_children[0].child_by_field_name("arguments")
        parts = _parts(arguments) if arguments is not None else []
        body = (
            parts[-1].child_by_field_name("body")
            if role == "suite" and parts and parts[-1].type in _CALLBACKS
            else None
        )
        for node in body.named_children if body is not None and body.type == "statement_block" else []:
            yield from self.calls(node)


def _test_callee(statement: tree_sitter.Node) -> tuple[tree_sitter.Node | None, bool]:
    """The function a statement calls (``test``, ``describe.skip``), and whether it is a table test's ``X.each``,
    which makes the function the statement then calls: ``test.each([[1, 2]])("adds", fn)``, ``it.each`...`(...)``."""
    call = statement.named_children[0] if statement.type == "expression_statement" else None
    callee = call.child_by_field_name("function") if call is not None and call.type == "call_expression" else None
    inner = callee.child_by_field_name("function") if callee is not None and callee.type == "call_expression" else None
    if inner is not None and inner.type == "member_expression" and (inner.text or b"").endswith(b".each"):
        return inner, True
    return callee, False


def node_test_use(*roots: tree_sitter.Node) -> NodeTestUse | None:
    """The names the code under ``roots`` binds to node:test, or ``None`` if it does not require or import it."""
    names: dict[str, str] = {}
    stack = list(roots)
    while stack:
        node = stack.pop()
        if node.type == "variable_declarator" and _requires(node.child_by_field_name("value")) == _NODE_TEST_MODULE:
            names.update(_bound_names(node.child_by_field_name("name")))
        elif node.type == "import_statement" and _string_value(node.child_by_field_name("source")) == _NODE_TEST_MODULE:
            for clause in (c for c in node.named_children if c.type == "import_clause"):
                for part in clause.named_children:
                    if part.type == "named_imports":
                        names.update(_import_specifiers(part))
                    else:  # the default export, or the module as a namespace: both are ``test`` here
                        name = (part.named_children[-1] if part.named_children else part).text or b""
                        names[name.decode("utf-8")] = "test"
        else:
            stack.extend(node.named_children)
    if not names:
        names = {name: _JEST_GLOBALS[name] for name in _undeclared(set(_JEST_GLOBALS), *roots)}
    return NodeTestUse(names) if names else None


def _undeclared(names: set[str], *roots: tree_sitter.Node) -> set[str]:
    """Those of ``names`` the code under ``roots`` calls (``expect(...)``, ``test.skip(...)``) and never binds:
    Jest's globals, which Node does not have."""
    called: set[str] = set()
    bound: set[str] = set()
    for node in (inner for root in roots for inner in named_nodes(root)):
        callee = node.child_by_field_name("function") if node.type == "call_expression" else None
        while callee is not None and callee.type == "member_expression":  # `it.only.each`: the `it`
            callee = callee.child_by_field_name("object")
        if callee is not None and callee.type == "identifier" and callee.text:
            called.add(callee.text.decode("utf-8"))
        if node.type in _BINDINGS and (name := node.child_by_field_name("name")) is not None:
            bound |= {n.decode("utf-8") for n in _identifiers(name)}
        elif node.type in ("import_specifier", "namespace_import", "import_clause"):
            bound |= {n.decode("utf-8") for n in _identifiers(node)}
    return (names & called) - bound


_BINDINGS = frozenset(
    {"variable_declarator", "function_declaration", "class_declaration", "generator_function_declaration"}
)


def _bound_names(pattern: tree_sitter.Node | None) -> dict[str, str]:
    """The names a declaration binds to node:test: ``test`` from ``const test = ...``; ``describe`` and ``check``
    (node:test's ``it``) from ``const {describe, it: check} = ...``."""
    if pattern is None or pattern.text is None:
        return {}
    if pattern.type == "identifier":
        return {pattern.text.decode("utf-8"): "test"}
    names = {}
    for part in pattern.named_children:
        key, value = part.child_by_field_name("key"), part.child_by_field_name("value")
        if part.type == "shorthand_property_identifier_pattern" and part.text is not None:
            names[part.text.decode("utf-8")] = part.text.decode("utf-8")
        elif part.type == "pair_pattern" and key is not None and value is not None and value.type == "identifier":
            names[(value.text or b"").decode("utf-8")] = (key.text or b"").decode("utf-8")
    return names


def _import_specifiers(named_imports: tree_sitter.Node) -> dict[str, str]:
    """``{a, b as c}``: each local name and what it imports (``a``: ``a``, ``c``: ``b``)."""
    specifiers = {}
    for specifier in (s for s in named_imports.named_children if s.type == "import_specifier"):
        name, alias = specifier.child_by_field_name("name"), specifier.child_by_field_name("alias")
        imported = (name.text or b"").decode("utf-8") if name is not None else ""
        specifiers[(alias.text or b"").decode("utf-8") if alias is not None else imported] = imported
    return specifiers


def _wrap_node_test(statement: tree_sitter.Node, use: NodeTestUse, data: bytes, edits: list[_Edit]) -> None:
    """Each node:test call in ``statement`` (a suite's too) goes to the harness's runner; each test is a check,
    shown by its name."""
    for node, role in use.calls(statement):
        (callee, each), arguments = _test_callee(node), node.named_children[0].child_by_field_name("arguments")
        found = use.called(node)
        if callee is None or found is None:
            continue
        name, modifier = found
        row_checks = each and role == "test"
        title = ""
        if role == "test":
            parts = _parts(arguments) if arguments is not None else []
            title = _text(parts[0], data) if parts and parts[0].type in ("string", "template_string") else "..."
        # A table test's rows are checks each, as Jest counts them, shown by their names (`test.each("adds 1 and 2")`):
        # the runner is told the line and the callee.
        at = [f"at({node.start_point.row + 1}, {json.dumps(_shown(_text(callee, data)))})"]
        path = ["__sdNodeTest", *(at if row_checks else []), name, *filter(None, [modifier, "each" if each else None])]
        # Its type arguments go (`test.each<[string, number]>(rows)`): the runner is untyped, and tsc refuses
        # type arguments on an untyped call. The rows' types are for the checker only.
        typed = callee.parent.child_by_field_name("type_arguments") if callee.parent is not None else None
        end = typed.end_byte if typed is not None and typed.start_byte == callee.end_byte else callee.end_byte
        lines = "\n" * data[callee.end_byte : end].count(b"\n")
        edits.append((callee.start_byte, end, ".".join(path) + lines))
        if role == "test" and not row_checks:
            _wrap(node, f"{_text(callee, data)}({title})", edits)


def requires_test_module(statement: tree_sitter.Node) -> bool:
    """Whether a top-level statement only imports node:test or node's ``assert`` (``const test =
    require("node:test")``, ``import assert from "node:assert/strict"``)."""
    if statement.type == "import_statement":
        return _string_value(statement.child_by_field_name("source")) in _TEST_MODULES
    if statement.type not in ("lexical_declaration", "variable_declaration"):
        return False
    declarators = [d for d in statement.named_children if d.type == "variable_declarator"]
    return bool(declarators) and all(_requires(d.child_by_field_name("value")) in _TEST_MODULES for d in declarators)


def _requires(call: tree_sitter.Node | None) -> bytes | None:
    """The module ``require("...")`` names, or ``None`` for anything else."""
    if call is None or call.type != "call_expression":
        return None
    callee, arguments = call.child_by_field_name("function"), call.child_by_field_name("arguments")
    parts = _parts(arguments) if arguments is not None else []
    return _string_value(parts[0]) if callee is not None and callee.text == b"require" and len(parts) == 1 else None


def _string_value(node: tree_sitter.Node | None) -> bytes | None:
    return node.text[1:-1] if node is not None and node.type == "string" and node.text is not None else None


def _parts(node: tree_sitter.Node) -> list[tree_sitter.Node]:
    return [c for c in node.named_children if c.type != "comment"]


def _statements(body: tree_sitter.Node) -> list[tree_sitter.Node]:
    """The statements of a loop's or an if's body: a block's, an else's, or the one statement."""
    return body.named_children if body.type in ("statement_block", "else_clause") else [body]


def _wrap(
    node: tree_sitter.Node,
    source: str,
    edits: list[_Edit],
    *,
    awaited: bool = False,
    inside: tuple[str, str] = ("", ""),
) -> None:
    # Prefix and suffix stay on the statement's own lines, so the tests' line numbers are unchanged. ``inside``:
    # code to run in the check before and after the statement.
    line = node.start_point.row + 1
    call = "await __sdCheckAsync" if awaited else "__sdCheck"
    run = "async () =>" if awaited else "() =>"
    edits.append(
        (node.start_byte, node.start_byte, f"{call}({line}, {json.dumps(_shown(source))}, {run} {{ {inside[0]}")
    )
    edits.append((node.end_byte, node.end_byte, f"{inside[1]} }});"))


def expects_throw(statement: tree_sitter.Node) -> str | None:
    """What a check that calls throw shows (``new Stack().pop() throws``), or ``None`` when ``statement`` is not
    one: a ``try`` whose block runs the calls and then fails for sure (``console.assert(false, ...)``,
    ``assert(false)``, ``assert.ok(false)``, ``assert.fail(...)``, or a ``throw``), with a ``catch`` and no
    ``finally``. In Node its ``console.assert`` only prints, and its ``catch`` catches the other failures too."""
    found = _throw_check(statement)
    return None if found is None else found[0]


def _throw_check(statement: tree_sitter.Node) -> tuple[str, tree_sitter.Node] | None:
    """What a check of :func:`expects_throw` shows, and its failing statement; or ``None``."""
    body = statement.child_by_field_name("body") if statement.type == "try_statement" else None
    if body is None or statement.child_by_field_name("handler") is None:
        return None
    if statement.child_by_field_name("finalizer") is not None:
        return None
    statements = [node for node in body.named_children if node.type != "comment"]
    calls = statements[:-1]
    if (
        not calls
        or not _always_fails(statements[-1])
        or any(_has(call, _JUMPS - {"await_expression"}) for call in calls)
    ):
        return None
    shown = "; ".join((call.text or b"").decode("utf-8", "replace").strip().rstrip(";") for call in calls)
    return f"{shown} throws", statements[-1]


def _always_fails(statement: tree_sitter.Node) -> bool:
    """``console.assert(false, ...)``, ``assert(false)``, ``assert.ok(false)`` (``0``, ``null``, ``undefined`` too),
    ``assert.fail(...)``, or a ``throw``."""
    if statement.type == "throw_statement":
        return True
    call = (
        statement.named_children[0] if statement.type == "expression_statement" and statement.named_children else None
    )
    callee = call.child_by_field_name("function") if call is not None and call.type == "call_expression" else None
    arguments = call.child_by_field_name("arguments") if call is not None else None
    if callee is None or arguments is None:
        return False
    if callee.text == b"assert.fail":
        return True
    first = arguments.named_children[0] if arguments.named_children else None
    falsy = first is not None and (first.type in ("false", "null", "undefined") or first.text == b"0")
    return callee.text in _ASSERT_CALLS and falsy


def _failure_message(statement: tree_sitter.Node) -> tree_sitter.Node | None:
    """The message a statement of :func:`_always_fails` gives, if it gives one: what it throws, or the call's
    message argument."""
    if statement.type == "throw_statement":
        return statement.named_children[0] if statement.named_children else None
    call = statement.named_children[0]
    arguments = call.child_by_field_name("arguments")
    parts = arguments.named_children if arguments is not None else []
    at = 0 if (call.child_by_field_name("function") or call).text == b"assert.fail" else 1
    return parts[at] if len(parts) > at else None


def _shown(source: str) -> str:
    """A check's source as its report shows it: without the semicolon, bounded."""
    source = source.rstrip(";").strip()
    return source if len(source) <= _MAX_SOURCE else source[: _MAX_SOURCE - 3] + "..."


def _holds(node: tree_sitter.Node, types: frozenset[str]) -> bool:
    """Whether ``node`` is, or holds outside nested functions, a node of one of ``types``."""
    return node.type in types or _has(node, types)


def _wrap_declaration(node: tree_sitter.Node, data: bytes, edits: list[_Edit]) -> None:
    """``const top = s.pop();`` as ``let top; __sdStep(line, source, () => { top = s.pop(); });`` (on its own lines),
    so that an error in it fails as a check would and the checks after it still run. The names stay declared at
    top level for them; a declaration that destructures, or whose values cannot throw, is left as it is."""
    parts: list[tuple[tree_sitter.Node, tree_sitter.Node | None, tree_sitter.Node]] = []
    for child in node.named_children:
        name, value = child.child_by_field_name("name"), child.child_by_field_name("value")
        if child.type != "variable_declarator" or name is None or name.type != "identifier" or value is None:
            return
        parts.append((name, child.child_by_field_name("type"), value))
    values = [value for _, _, value in parts if value.type not in _FUNCTIONS]
    if not any(_holds(v, _MAY_THROW) for v in values) or any(_holds(v, _JUMPS) for v in values):
        return  # nothing in it can throw, or it awaits (the step's arrow function is not async)
    keyword = "var" if node.type == "variable_declaration" else "let"
    names = ", ".join(_text(name, data) + (_text(kind, data) if kind is not None else "") for name, kind, _ in parts)
    assigned = ", ".join(f"{_text(name, data)} = {_text(value, data)}" for name, _, value in parts)
    source = json.dumps(_shown(_text(node, data)))
    step = f"{keyword} {names}; __sdStep({node.start_point.row + 1}, {source}, () => {{ {assigned}; }});"
    edits.append((node.start_byte, node.end_byte, step))


def _wrap_sides(expression: tree_sitter.Node, edits: list[_Edit]) -> None:
    """Wrap the two sides of the comparison that an assert call checks, if it checks one."""
    callee = expression.child_by_field_name("function")
    arguments = expression.child_by_field_name("arguments")
    if expression.type != "call_expression" or callee is None or callee.text not in _ASSERT_CALLS:
        return
    compared = arguments.named_children[0] if arguments is not None and arguments.named_children else None
    if compared is not None and compared.type == "unary_expression":
        # `assert.ok(!f(x))`: the report shows f(x)'s value, not the false of `!f(x)`.
        negation = compared.child_by_field_name("operator")
        compared = compared.child_by_field_name("argument") if negation is not None and negation.type == "!" else None
        if compared is None or compared.type not in _TRUTH_CHECKED:
            return
    if compared is not None and compared.type in _TRUTH_CHECKED:
        _wrap_in(compared, "__sdLeft(", edits)
        return
    if compared is None or compared.type != "binary_expression":
        return
    left, op, right = (compared.child_by_field_name(name) for name in ("left", "operator", "right"))
    if left is None or op is None or right is None or op.type not in _COMPARISONS:
        return
    _wrap_in(left, "__sdLeft(", edits)
    _wrap_in(right, f"__sdRight({json.dumps(op.type)}, ", edits)


def _wrap_in(node: tree_sitter.Node, opening: str, edits: list[_Edit]) -> None:
    """``node`` as the last argument of a call that ``opening`` begins (``__sdLeft(`` ... ``)``)."""
    edits += [(node.start_byte, node.start_byte, opening), (node.end_byte, node.end_byte, ")")]


class MainFunction(NamedTuple):
    """The tests' main function, run by their last statement: its body, that statement, the function's
    declaration (``None`` when the last statement is the function, called as it is defined), and whether it is
    async."""

    body: tree_sitter.Node
    call: tree_sitter.Node
    declaration: tree_sitter.Node | None
    awaits: bool


def main_function(statements: Sequence[tree_sitter.Node]) -> MainFunction | None:
    """The main function, when the last of ``statements`` (top-level, no comments) runs one with no arguments:
    ``(async () => { ... })();``, ``(async function () { ... })();``, or ``main();`` for a
    ``function main() { ... }`` (async or not) declared among them and called nowhere else, each perhaps with a
    handler for what escapes it (``main().catch(...)``); else ``None``. An
    immediately called function that is not async is not one (``(() => { ... })();`` scopes a program's
    own work as often as checks)."""
    last = statements[-1] if statements else None
    call = last.named_children[0] if last is not None and last.type == "expression_statement" else None
    if last is None or call is None or call.type != "call_expression":
        return None
    function, arguments = call.child_by_field_name("function"), call.child_by_field_name("arguments")
    handled = function.child_by_field_name("object") if function is not None else None
    if function is not None and function.type == "member_expression" and handled is not None:
        # `main().catch((err) => ...)`: the call, with a handler for an error that escapes it.
        handler = function.child_by_field_name("property")
        if handler is None or handler.text not in (b"catch", b"then") or handled.type != "call_expression":
            return None
        function, arguments = handled.child_by_field_name("function"), handled.child_by_field_name("arguments")
    if function is None or arguments is None or arguments.named_children:
        return None
    declaration: tree_sitter.Node | None = None
    inner: tree_sitter.Node | None = None
    if function.type == "parenthesized_expression" and function.named_children:
        inner = function.named_children[0]
    elif function.type == "identifier":
        declared = [s for s in statements if s.type == "function_declaration" and _name(s) == function.text]
        # Named twice in all: where it is declared, and in the last statement's call.
        uses = sum(n.type == "identifier" and n.text == function.text for s in statements for n in named_nodes(s))
        inner = declaration = declared[0] if len(declared) == 1 and uses == 2 else None
    else:
        return None
    functions = _CALLBACKS | {"function_declaration"}
    body = inner.child_by_field_name("body") if inner is not None and inner.type in functions else None
    if inner is None or body is None or body.type != "statement_block":
        return None
    awaits = any(c.type == "async" for c in inner.children)
    return MainFunction(body, last, declaration, awaits) if awaits or declaration is not None else None


def _name(declaration: tree_sitter.Node) -> bytes | None:
    name = declaration.child_by_field_name("name")
    return name.text if name is not None else None


def _is_check(statement: tree_sitter.Node, *, awaited: bool = False) -> bool:
    """An expression statement that is neither an assignment, plain logging nor a directive (nor, unless
    ``awaited``, one that awaits: the check's arrow function would not be async)."""
    expression = statement.named_children[0] if statement.named_children else None
    if expression is None or expression.type in _ASSIGNMENTS or expression.type == "string":
        return False
    if _has(statement, {"yield_expression"} if awaited else {"await_expression", "yield_expression"}):
        return False
    if expression.type == "call_expression":
        callee = expression.child_by_field_name("function")
        if callee is not None and callee.type == "member_expression":
            owner, member = callee.child_by_field_name("object"), callee.child_by_field_name("property")
            if owner is not None and member is not None and owner.text == b"console" and member.text != b"assert":
                return False
    return True


def _has(node: tree_sitter.Node, types: set[str] | frozenset[str]) -> bool:
    """Whether ``node``'s subtree holds a node of one of ``types``, outside nested functions."""
    stack = list(node.named_children)
    while stack:
        current = stack.pop()
        if current.type in types:
            return True
        if current.type not in _FUNCTIONS:
            stack.extend(current.named_children)
    return False


IMPORTS_PROGRAM_JS = "// imports the program above"
"""The comment on a JavaScript or TypeScript tests line that stood for an import of the program
(``const { greet } = require("./greet")``): to these tests the program is a module, so its ``if (require.main ===
module)`` block does not run (:func:`program_as_module_js`)."""


def program_as_module_js(program: str, language: str) -> str:
    """``program`` with each top-level main-module test (:func:`is_main_module_test`) made false, as when a test
    requires or imports it: the test is overwritten in place by ``false`` and spaces (the same length, so every
    offset and line stays)."""
    data = program.encode("utf-8")
    for statement in _root(program, language).named_children:
        condition = statement.child_by_field_name("condition") if statement.type == "if_statement" else None
        test = condition.named_children[0] if condition is not None and condition.named_children else None
        if test is None or not is_main_module_test(test) or test.start_point.row != test.end_point.row:
            continue
        blank = b"false".ljust(test.end_byte - test.start_byte)
        data = data[: test.start_byte] + blank + data[test.end_byte :]
    return data.decode("utf-8")


def is_main_module_test(test: tree_sitter.Node) -> bool:
    """Whether ``test`` asks if the file runs as the main module: CommonJS's ``require.main === module``, or an
    ES module's ``process.argv[1] === fileURLToPath(import.meta.url)`` (any comparison of ``import.meta.url`` with
    ``process.argv[1]``: ``import.meta.url === `file://${process.argv[1]}```), ``==`` and either way round."""
    operator = test.child_by_field_name("operator")
    sides = [test.child_by_field_name("left"), test.child_by_field_name("right")]
    if test.type != "binary_expression" or operator is None or operator.text not in (b"===", b"=="):
        return False
    texts = sorted((side.text or b"") if side is not None else b"" for side in sides)
    if texts == [b"module", b"require.main"]:
        return True
    return any(b"import.meta.url" in text for text in texts) and any(b"process.argv[1]" in text for text in texts)


def _root(source: str, language: str) -> tree_sitter.Node:
    return parser_for(language).parse(source.encode("utf-8")).root_node


def _uses_assert(root: tree_sitter.Node) -> bool:
    """Whether the code names ``assert`` anywhere."""
    return any(
        n.type in ("identifier", "shorthand_property_identifier") and n.text == b"assert" for n in named_nodes(root)
    )


def _declares_assert(root: tree_sitter.Node) -> bool:
    """Whether the code imports or declares ``assert`` at top level."""
    for statement in root.named_children:
        if statement.type == "export_statement":
            statement = statement.child_by_field_name("declaration") or statement
        if statement.type == "import_statement" and b"assert" in _identifiers(statement):
            return True
        if statement.type in _DECLARATIONS:
            names = [statement.child_by_field_name("name")]
            names += [
                d.child_by_field_name("name") for d in statement.named_children if d.type == "variable_declarator"
            ]
            if any(name is not None and b"assert" in _identifiers(name) for name in names):
                return True
            if statement.type == "ambient_declaration" and b"assert" in _identifiers(statement):
                return True
    return False


def _identifiers(node: tree_sitter.Node) -> set[bytes]:
    kinds = ("identifier", "shorthand_property_identifier_pattern")
    return {n.text for n in named_nodes(node) if n.type in kinds and n.text is not None}


def _text(node: tree_sitter.Node, data: bytes) -> str:
    return data[node.start_byte : node.end_byte].decode("utf-8", errors="replace")
