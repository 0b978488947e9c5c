"""Node.js drivers for the search: many candidates, or one candidate's per-test coverage, in one execution.

Starting node (and, for TypeScript, tsc) once per candidate costs more than running it, so the
drivers below run candidates inside one node process, each in a fresh ``vm`` context with its own
``console``, a fake ``process`` and a timeout that cuts infinite loops off. Each candidate is a
whole file as ``combined_source`` builds it (program, then the tests instrumented by
``_test_report_js``). TypeScript whose types erase comes here as JavaScript (``edits.erase_types``, in the
search); other TypeScript is transpiled with the ``typescript`` module's ``transpileModule``
(the tests part once per batch when it can), and so is a JavaScript ES module (``import``,
``export``), to CommonJS, since a ``vm`` script cannot hold module syntax:
syntax errors fail a candidate (exit code 2, as tsc's), type errors are not checked here, unlike
the sandbox's ``tsc`` run. Timers run after the script in virtual time, in order. The output is
what ``_batch.parse_batch`` and ``_batch.parse_coverage`` read.

Coverage is V8's precise block coverage, taken through the ``inspector`` module after each check
of the harness (its ``__sdBeforeCheck``/``__sdAfterCheck`` hooks). For transpiled code the generated
lines are mapped back to the source through the source map of ``transpileModule``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from .._test_report import MARKER, tests_start_line
from .._test_report_js import PRELUDE_END
from ..edits import is_es_module
from ._batch import BATCH_MARKER, COVERAGE_MARKER

__all__ = ["node_batch_code", "node_coverage_code"]

_DRIVER = r"""
"use strict";
const vm = require("vm"), util = require("util"), fs = require("fs"), path = require("path");
const INPUT = __SD_INPUT__;
const {batch_marker: BATCH, coverage_marker: COVERAGE, harness_marker: HARNESS} = INPUT;
const FILE = "candidate.js";
const PLAIN_CAP = 6000, MARKER_CAP = 200000, MAX_TIMER_RUNS = 10000, HOST_TURNS = 3;
// The program runs as a CommonJS module body: `return` at top level works, declarations stay local. With a
// top-level `await` (an ES module's tests), as an async body of the same length (the offsets stay) whose end
// the candidate waits for. (A plain body does not always say `await` is the trouble: `(await f()) === 1` there
// is "Unexpected identifier 'f'".)
const HEAD = "(function () {", ASYNC_HEAD = "(async () => {", TAIL = "\n}).call(module.exports);";
function wrap(code) {
  try {
    return {script: new vm.Script(HEAD + code + TAIL, {filename: FILE}), async: false};
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    try {
      return {script: new vm.Script(ASYNC_HEAD + code + TAIL, {filename: FILE}), async: true};
    } catch {
      throw error;
    }
  }
}
const started = Date.now();
const emit = (marker, record) => process.stdout.write(marker + " " + JSON.stringify(record) + "\n");

// The typescript module is 9 MB of JavaScript that every driver compiles anew before its first transpile: with
// V8's code cache for it (kept in the temporary folder) a driver starts in 0.20 s, not 0.28 s, and a fruitless
// search starts nine. A cache V8 rejects (another node) is made anew.
function requireCached(file) {
  const Module = require("module"), os = require("os"), crypto = require("crypto");
  const source = fs.readFileSync(file, "utf8");
  const key = crypto.createHash("sha256").update(process.version + "\0" + file + "\0" + source).digest("hex");
  const cacheFile = path.join(os.tmpdir(), "autogen-selfdebug-" + key.slice(0, 16) + ".v8cache");
  let cachedData;
  try { cachedData = fs.readFileSync(cacheFile); } catch (_e) { cachedData = undefined; }
  const script = new vm.Script(Module.wrap(source), {filename: file, cachedData});
  const module = {exports: {}};
  const dir = path.dirname(file);
  script.runInThisContext().call(module.exports, module.exports, Module.createRequire(file), module, file, dir);
  if (cachedData === undefined || script.cachedDataRejected) {
    try {
      // After a first transpile, so that what it compiles on first use is in the cache too.
      module.exports.transpileModule("let x: number = 1;", {});
      const partial = cacheFile + "." + process.pid;
      fs.writeFileSync(partial, script.createCachedData());
      fs.renameSync(partial, cacheFile);
    } catch (_e) { /* a temporary folder it cannot write to: no cache */ }
  }
  return module.exports;
}

function loadTypeScript() {
  const tried = [];
  const attempt = (where) => {
    tried.push(where);
    try { return requireCached(require.resolve(where)); } catch (_e) { return null; }
  };
  let ts = attempt("typescript");
  // Debian installs /usr/bin/tsc as a link into the package: its lib/ holds the module.
  for (const dir of (process.env.PATH || "").split(path.delimiter)) {
    if (ts || !dir || !fs.existsSync(path.join(dir, "tsc"))) continue;
    const real = fs.realpathSync(path.join(dir, "tsc"));
    ts = attempt(path.join(path.dirname(real), "..", "lib", "typescript.js"));
  }
  for (const where of ["/usr/share/nodejs/typescript", "/usr/lib/node_modules/typescript"]) ts = ts || attempt(where);
  if (!ts) {
    const where = tried.join(", ");
    const what = INPUT.language === "typescript" ? "TypeScript" : "an ES module (import, export)";
    emit(BATCH, {error: "the typescript module, which the search runs " + what + " with, was not found (tried " +
      where + "); install node-typescript (apt) or typescript (npm)"});
    process.exit(3);
  }
  return ts;
}

// Candidate source -> {code, lines (generated line -> source line, when transpiled)} or {error}.
function compile(ts, source, withMap) {
  if (source.startsWith("#!")) source = "//" + source;
  if (!ts) return {code: source, lines: null};
  const options = {target: ts.ScriptTarget.ES2020, module: ts.ModuleKind.CommonJS, esModuleInterop: true};
  let out;
  try {
    out = ts.transpileModule(source, {
      fileName: FILE.replace(/js$/, INPUT.language === "typescript" ? "ts" : "js"), reportDiagnostics: true,
      compilerOptions: {...options, sourceMap: withMap, allowJs: true},
    });
  } catch (error) {
    // The compiler itself can fail on odd code (its checker overflows the stack on `const ch = line[ch]`): the
    // candidate fails, not the batch.
    return {error: "candidate.ts: error: the TypeScript compiler failed: " + String(error).slice(0, 200) + "\n"};
  }
  const errors = (out.diagnostics || []).filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (errors.length) {
    const text = errors.map((d) => {
      const at = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : null;
      const where = at ? "(" + (at.line + 1) + "," + (at.character + 1) + ")" : "";
      const message = ts.flattenDiagnosticMessageText(d.messageText, "\n");
      return "candidate.ts" + where + ": error TS" + d.code + ": " + message;
    });
    return {error: text.join("\n") + "\n"};
  }
  return {code: out.outputText, lines: withMap ? sourceLines(JSON.parse(out.sourceMapText).mappings) : null};
}

// The tests part (from the start marker on) is the same in every candidate: transpiling it once and
// only the program per candidate is five times faster, and gives the same code when neither part is
// an ES module (imports, exports: their rewriting and elision look at the whole file).
const sharedTests = new Map();
function compileCandidate(ts, source) {
  const at = ts ? source.indexOf(INPUT.start_line) : -1;
  if (at < 0) return compile(ts, source, false);
  const program = source.slice(0, at), tests = source.slice(at);
  const script = (text) => !ts.isExternalModule(ts.createSourceFile("part.ts", text, ts.ScriptTarget.ES2020));
  if (!sharedTests.has(tests)) sharedTests.set(tests, script(tests) ? compile(ts, tests, false) : null);
  const after = sharedTests.get(tests);
  const pieces = piecesOf(ts, program);
  if (after && !after.error && pieces && pieces.every((piece) => sharedPieces.has(piece))) {
    return {code: pieces.map((piece) => sharedPieces.get(piece)).join("") + after.code, lines: null};
  }
  if (!after || after.error || !script(program)) return compileModule(ts, source, at);
  const before = compile(ts, program, false);
  return before.error ? before : {code: before.code + after.code, lines: null};
}

// A candidate changes one or two of its program's top-level statements: each statement is transpiled once, and a
// batch's new ones together, before its candidates run (for a 50-line TypeScript program, a fruitless search's
// 400 candidates took a whole-program transpile each). What comes out is the whole program's code, statement by
// statement.
const sharedPieces = new Map();  // a top-level statement's text (comments before it included) -> its code
const CUT = /^__sdCut\((-?\d+)\);\r?\n?/m;
// A program's statements as its parse gives them, or null for a module or a file that does not parse.
function statements(ts, program) {
  const file = ts.createSourceFile("part.ts", program, ts.ScriptTarget.ES2020, false, ts.ScriptKind.TS);
  const whole = program.startsWith("#!") || ts.isExternalModule(file) || (file.parseDiagnostics || []).length > 0;
  return whole ? null : file.statements.map((s) => program.slice(s.getFullStart(), s.end));
}
// The program part of the file every candidate was made from (INPUT.base), or null.
const BASE = INPUT.base === null || INPUT.base.indexOf(INPUT.start_line) < 0 ? null
  : INPUT.base.slice(0, INPUT.base.indexOf(INPUT.start_line));
const origins = new Map();  // a candidate's new piece -> the statements of the program as given that it replaces
// A program's statements (for each program once: a batch reads them before its candidates run, and each as it runs).
const splits = new Map();
function piecesOf(ts, program) {
  if (!splits.has(program)) splits.set(program, program === BASE ? statements(ts, program) : readOff(ts, program));
  return splits.get(program);
}
// A candidate's statements, read off the program as given: outside the span where the two differ the text is the
// same, so only the statements that span touches are new, and they are one piece (no parse).
function readOff(ts, program) {
  const known = BASE === null ? null : piecesOf(ts, BASE);
  if (!known) return statements(ts, program);
  let start = 0, end = 0;
  const most = Math.min(BASE.length, program.length);
  while (start < most && BASE[start] === program[start]) start++;
  while (end < most - start && BASE[BASE.length - 1 - end] === program[program.length - 1 - end]) end++;
  const bounds = [0];
  for (const piece of known) bounds.push(bounds[bounds.length - 1] + piece.length);
  const stop = Math.max(BASE.length - end, start + 1);  // an insertion belongs to the statement it is in
  const first = bounds.findIndex((_, k) => k < known.length && bounds[k + 1] > start);
  const last = bounds.findIndex((_, k) => k < known.length && bounds[k + 1] >= stop);
  if (first < 0 || last < 0) return statements(ts, program);  // the text after the last statement changed
  const piece = program.slice(bounds[first], bounds[last + 1] + program.length - BASE.length);
  // A statement that now starts with `(` or `[` could continue the one before it: read the whole file then.
  if (/^\s*[([`+\-/]/.test(piece.replace(/^\s*(\/\/[^\n]*|\/\*[^]*?\*\/)/g, ""))) return statements(ts, program);
  origins.set(piece, known.slice(first, last + 1));
  return [...known.slice(0, first), piece, ...known.slice(last + 1)];
}
// A namespace or enum that merges with an earlier one is emitted without its `var`: such a statement goes alone.
const MERGES = /^\s*(declare\s+)?(const\s+)?(enum|namespace|module)\b/m;
const merges = (piece) => MERGES.test(piece.replace(/\/\/.*|\/\*[^]*?\*\//g, ""));
function transpileStatements(ts, sources) {
  const fresh = new Set();
  for (const source of sources) {
    const at = source.indexOf(INPUT.start_line);
    for (const piece of (at < 0 ? null : piecesOf(ts, source.slice(0, at))) || []) {
      if (!sharedPieces.has(piece)) fresh.add(piece);
    }
  }
  // The program as given first: most pieces change one line of it, and are its code with that line changed.
  const known = BASE === null ? [] : piecesOf(ts, BASE) || [];
  transpilePieces(ts, known.filter((piece) => fresh.has(piece)));
  const rest = [];
  for (const piece of fresh) {
    if (sharedPieces.has(piece)) continue;
    const code = linesChanged(ts, piece);
    if (code === undefined) rest.push(piece); else sharedPieces.set(piece, code);
  }
  transpilePieces(ts, rest);
}
// The code of a piece that parses and whose lines differ from those of the statements it replaces only where each
// such line stands in their code as it is, once (no types on it, nothing the emitter rewrites: not in a namespace or
// enum): their code with those lines changed; else undefined.
function linesChanged(ts, piece) {
  const origin = origins.get(piece);
  if (origin === undefined || origin.some((statement) => merges(statement) || !sharedPieces.has(statement))) {
    return undefined;
  }
  const file = ts.createSourceFile("piece.ts", piece, ts.ScriptTarget.ES2020, false, ts.ScriptKind.TS);
  if ((file.parseDiagnostics || []).length) return undefined;  // transpiled, for the compiler's own message
  const before = origin.join("").split("\n"), after = piece.split("\n");
  const lines = origin.map((statement) => sharedPieces.get(statement)).join("").split("\n");
  if (before.length !== after.length) return undefined;
  const targets = [];
  for (let k = 0; k < before.length; k++) {
    const old = before[k].trim();
    if (before[k] === after[k]) continue;
    const once = (text) => text.filter((line) => line.trim() === old).length === 1;
    if (!old || !once(before) || !once(lines)) return undefined;
    // Its indentation is the code's; what ends it is kept (a template literal's spaces are its text).
    targets.push([lines.findIndex((line) => line.trim() === old), after[k].trimStart()]);
  }
  const code = lines.slice();
  for (const [at, now] of targets) code[at] = lines[at].slice(0, lines[at].length - lines[at].trimStart().length) + now;
  return code.join("\n");
}
function transpilePieces(ts, pieces) {
  const joint = pieces.filter((piece) => !merges(piece)), alone = pieces.filter(merges);
  const text = "__sdCut(-1);\n" + joint.map((piece, k) => piece + "\n__sdCut(" + k + ");\n").join("");
  const out = joint.length ? compile(ts, text, false) : {error: "nothing new"};
  const parts = out.error ? [] : out.code.split(CUT);
  // [what came before the first statement (helpers: then none is shared), "-1", code 0, "0", code 1, "1", ..., ""]
  if (parts.length === 2 * joint.length + 3 && !parts[0].trim()) {
    joint.forEach((piece, k) => { if (parts[3 + 2 * k] === String(k)) sharedPieces.set(piece, parts[2 + 2 * k]); });
  } else {
    alone.push(...joint);  // one that does not parse spoils the call: each on its own
  }
  for (const piece of alone) {
    const single = compile(ts, piece, false);
    if (!single.error) sharedPieces.set(piece, single.code);
  }
}

// An ES module is transpiled whole, but most of its text is the harness's prelude (up to PRELUDE_END), which
// names nothing of the program or its tests: that is transpiled once, and each candidate with a placeholder in
// its place (ten times faster for a short program).
const PLACEHOLDER = "__sdPrelude__;";
const sharedPreludes = new Map();
function compileModule(ts, source, at) {
  const end = source.indexOf(INPUT.prelude_end, at);
  const stop = end < 0 ? -1 : source.indexOf("\n", end);
  if (stop < 0) return compile(ts, source, false);
  const prelude = source.slice(at, stop + 1);
  if (!sharedPreludes.has(prelude)) sharedPreludes.set(prelude, compile(ts, prelude, false));
  const shared = sharedPreludes.get(prelude);
  const rest = compile(ts, source.slice(0, at) + PLACEHOLDER + "\n" + source.slice(stop + 1), false);
  // A syntax error is reported on the whole file's lines.
  if (shared.error || rest.error || !rest.code.includes(PLACEHOLDER)) return compile(ts, source, false);
  return {code: rest.code.replace(PLACEHOLDER, () => shared.code), lines: null};
}

// For each generated line, the source line (1-based) of its first mapped segment, or 0.
function sourceLines(mappings) {
  const digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const lines = [];
  let sourceLine = 0;
  for (const generated of mappings.split(";")) {
    let first = 0;
    for (const segment of generated.split(",")) {
      const values = [];
      let value = 0, shift = 0;
      for (const ch of segment) {
        const digit = digits.indexOf(ch);
        value += (digit & 31) << shift;
        if (digit & 32) { shift += 5; continue; }
        values.push(value & 1 ? -(value >> 1) : value >> 1);
        value = 0; shift = 0;
      }
      if (values.length >= 4) {
        sourceLine += values[2];
        first = first || sourceLine + 1;
      }
    }
    lines.push(first);
  }
  return lines;
}

// What a candidate prints: harness marker lines all kept (up to MARKER_CAP), other lines up to PLAIN_CAP.
class Output {
  constructor() { this.lines = []; this.partial = ""; this.plain = 0; this.markers = 0; this.cut = 0; }
  write(text) {
    const parts = (this.partial + String(text)).split("\n");
    this.partial = parts.pop();
    for (const line of parts) this.add(line);
    if (this.partial.length > PLAIN_CAP) { this.add(this.partial); this.partial = ""; }
  }
  add(line) {
    const marker = line.startsWith(HARNESS);
    if (marker ? this.markers + line.length <= MARKER_CAP : this.plain + line.length <= PLAIN_CAP) {
      this.lines.push(line);
      if (marker) this.markers += line.length; else this.plain += line.length + 1;
    } else {
      this.cut += 1;
    }
  }
  text() {
    const lines = this.partial ? this.lines.concat([this.partial]) : this.lines.slice();
    if (this.cut) lines.push("[... " + this.cut + " more lines of output cut ...]");
    return lines.length ? lines.join("\n") + "\n" : "";
  }
}

function makeConsole(out) {
  const print = (...args) => out.write(util.format(...args) + "\n");
  const counts = new Map(), times = new Map();
  const elapsed = (label) => print(label + ": " + (Date.now() - (times.get(label) || Date.now())) + "ms");
  return {
    log: print, info: print, debug: print, error: print, warn: print, table: print, group: print,
    groupCollapsed: print, groupEnd() {}, dir: (value) => out.write(util.inspect(value) + "\n"),
    trace: (...args) => print("Trace:", ...args),
    // As Node's: it prints. The harness's prelude replaces it with one that throws.
    assert: (value, ...args) => {
      if (!value) print("Assertion failed" + (args.length ? ": " + util.format(...args) : ""));
    },
    count: (label = "default") => {
      counts.set(label, (counts.get(label) || 0) + 1);
      print(label + ": " + counts.get(label));
    },
    countReset: (label = "default") => counts.delete(label),
    time: (label = "default") => times.set(label, Date.now()),
    timeLog: (label = "default") => elapsed(label),
    timeEnd: (label = "default") => { elapsed(label); times.delete(label); },
  };
}

// Thrown by the fake process.exit; the harness lets it through, the driver ends the candidate with its code.
function exitSignal(code) { return {__sdExit: true, code}; }

function makeProcess(out, state, context) {
  const stream = {write: (text) => { out.write(text); return true; }, isTTY: false, columns: 80};
  const proc = {
    argv: [process.argv[0], FILE], env: Object.assign({}, process.env), exitCode: undefined,
    platform: process.platform, arch: process.arch, version: process.version, versions: process.versions,
    pid: process.pid, stdout: stream, stderr: stream, cwd: () => process.cwd(), hrtime: process.hrtime,
    memoryUsage: process.memoryUsage, uptime: process.uptime,
    nextTick: (fn, ...args) => context.queueMicrotask(() => fn(...args)),
    exit(code) {
      state.exitCode = code === undefined ? Number(proc.exitCode) || 0 : Number(code) || 0;
      throw exitSignal(state.exitCode);
    },
    on: () => proc, once: () => proc, off: () => proc, emit: () => false, removeAllListeners: () => proc,
  };
  return proc;
}

// Runs one compiled candidate; `hooks` become globals of its context. Resolves to its exit code, timeout and output.
async function run(compiled, hooks) {
  const out = new Output(), state = {exitCode: null}, timers = {list: [], now: 0, seq: 0};
  if (compiled.error) return {exit_code: 2, timed_out: false, output: compiled.error, seconds: 0};
  const addTimer = (fn, ms, args, every) => {
    timers.list.push({id: ++timers.seq, at: timers.now + Math.max(0, Number(ms) || 0), fn, args, every});
    return timers.seq;
  };
  const clear = (id) => { timers.list = timers.list.filter((t) => t.id !== id); };
  const module = {exports: {}};
  const globals = {
    console: makeConsole(out), require, module, exports: module.exports, __filename: FILE, __dirname: process.cwd(),
    Buffer, URL, URLSearchParams, TextEncoder, TextDecoder, AbortController, structuredClone, atob, btoa,
    fetch, Headers, Request, Response, performance, setTimeout: (fn, ms, ...args) => addTimer(fn, ms, args, 0),
    setInterval: (fn, ms, ...args) => addTimer(fn, ms, args, Math.max(1, Number(ms) || 1)),
    setImmediate: (fn, ...args) => addTimer(fn, 0, args, 0), clearTimeout: clear, clearInterval: clear,
    clearImmediate: clear, ...hooks,
  };
  const context = vm.createContext(globals, {microtaskMode: "afterEvaluate"});
  globals.process = makeProcess(out, state, context);
  // node's `global` is the global object (tests set `global.fetch = jest.fn()`).
  vm.runInContext("globalThis.global = globalThis;", context);
  vm.runInContext("globalThis.queueMicrotask = (f) => { Promise.resolve().then(() => f()); };", context);
  const began = Date.now(), deadline = began + INPUT.timeout_ms;
  let timedOut = false, crashed = false, pending = false;
  const failed = (error) => {
    if (error && error.__sdExit) {
      // process.exit(): the candidate ends here with that code.
    } else if (error && error.code === "ERR_SCRIPT_EXECUTION_TIMEOUT") {
      timedOut = true;
    } else {
      crashed = true;
      out.write(describe(error, tail) + "\n");
    }
  };
  // The wrapper's closing line, which an error's stack names last (HEAD and ASYNC_HEAD hold no newline).
  const tail = FILE + ":" + (compiled.code.split("\n").length + 1) + ":";
  const timer = new vm.Script("__sdTimer.fn.apply(undefined, __sdTimer.args);"), drain = new vm.Script("0");
  let runs = 0;
  const runTimers = () => {
    for (; timers.list.length && !timedOut; runs++) {
      timers.list.sort((a, b) => a.at - b.at || a.id - b.id);
      const next = timers.list.shift();
      // A timer due after the timeout, or an interval that never stops, keeps real node running until then.
      timedOut = runs >= MAX_TIMER_RUNS || next.at > INPUT.timeout_ms || Date.now() >= deadline;
      if (timedOut || typeof next.fn !== "function") continue;
      timers.now = next.at;
      if (next.every) timers.list.push({...next, at: next.at + next.every});
      globals.__sdTimer = next;
      timer.runInContext(context, {timeout: Math.max(1, deadline - Date.now())});
    }
  };
  try {
    const {script, async} = wrap(compiled.code);
    const body = script.runInContext(context, {timeout: INPUT.timeout_ms});
    if (async) {
      pending = true;
      body.then(() => { pending = false; }, (error) => { pending = false; failed(error); });
    }
    runTimers();
    // A promise of node's own (`assert.rejects`, `fs.promises`) settles on node's queue, not the context's, and
    // what awaits it in the context runs only when the context's queue is drained: so give node a turn, drain,
    // and run the timers that woke; again while a check still waits (the harness's `__sdBusy`), until nothing
    // more is printed for a few turns.
    const busy = () => typeof globals.__sdBusy === "function" && Boolean(globals.__sdBusy());
    const more = (quiet) => quiet < (busy() || pending ? HOST_TURNS : 1) && !timedOut && Date.now() < deadline;
    for (let quiet = 0, seen = out.text().length; more(quiet); ) {
      await new Promise((resolve) => setImmediate(resolve));
      drain.runInContext(context, {timeout: Math.max(1, deadline - Date.now())});
      runTimers();
      const now = out.text().length;
      quiet = now === seen && !timers.list.length ? quiet + 1 : 0;
      seen = now;
    }
  } catch (error) {
    failed(error);
  }
  if (timedOut) out.write("\n[timeout: execution stopped after " + INPUT.timeout_ms / 1000 + " s]\n");
  const exitCode = timedOut ? 124 : state.exitCode !== null ? state.exitCode
    : crashed ? 1 : Number(globals.process.exitCode) || 0;
  const seconds = (Date.now() - began) / 1000;  // milliseconds are precise enough
  return {exit_code: exitCode, timed_out: timedOut, output: out.text(), seconds};
}

// An uncaught error as node prints it, without the driver's frames nor the wrapper's call (at `tail`).
function describe(error, tail = null) {
  if (!util.types.isNativeError(error)) return "Uncaught " + util.inspect(error);
  const lines = String(error.stack || error).split("\n");
  const frame = (line) => /^\s+at /.test(line);
  return lines.filter((line) => !frame(line) || (line.includes(FILE) && !(tail && line.includes(tail)))).join("\n");
}

async function batch(ts) {
  let rejection = null;
  // A promise the candidate rejected and never handled ends it with code 1, as in node (the first one).
  process.on("unhandledRejection", (reason) => { rejection = rejection || {reason}; });
  if (ts) transpileStatements(ts, INPUT.programs);
  for (let i = 0; i < INPUT.programs.length; i++) {
    if (Date.now() - started > INPUT.budget_ms) break;
    rejection = null;
    const current = await run(compileCandidate(ts, INPUT.programs[i]), {});
    await new Promise((resolve) => setImmediate(resolve));
    if (rejection) {
      current.exit_code = current.exit_code || 1;
      current.output += describe(rejection.reason) + "\n";
    }
    emit(BATCH, {i, ...current});
  }
}

async function coverage(ts) {
  const inspector = require("inspector");
  const session = new inspector.Session();
  session.connect();
  const post = (method, params) => {
    let answer = null, failure = null;
    session.post(method, params || {}, (error, result) => { failure = error; answer = result; });
    if (failure || !answer) throw new Error("inspector " + method + " failed: " + (failure || "no synchronous answer"));
    return answer;
  };
  // Coverage starts before the candidate compiles, so every function's counts are precise.
  post("Profiler.enable");
  post("Profiler.startPreciseCoverage", {callCount: true, detailed: true});
  const compiled = compile(ts, INPUT.programs[0], true);
  const code = compiled.code || "";
  // Offset of each source line's first non-blank character in the wrapped script (-1 when blank), and of its end.
  // Closing brackets before more code are skipped: `} else if (x) {` counts where `else` is, in the branch V8
  // counts, not in the block its `}` closes (which made every `else if` line look never run).
  let offset = HEAD.length;
  const ends = [];
  const starts = code.split("\n").map((line) => {
    const closing = line.match(/^\s*(?:[)\]}]\s*)*/)[0].length;
    const first = closing < line.length ? closing : line.search(/\S/);
    const at = first < 0 ? -1 : offset + first;
    offset += line.length + 1;
    ends.push(offset);
    return at;
  });
  let test = 0, inCheck = false, outside = [];
  const ranLines = () => {
    const script = post("Profiler.takePreciseCoverage").result.find((s) => s.url === FILE);
    const counts = starts.map(() => 0);
    const ranges = script ? [].concat(...script.functions.map((f) => f.ranges)) : [];
    // Outer ranges first, so a nested range's count (0 for a block not taken) overrides its parent's.
    ranges.sort((a, b) => a.startOffset - b.startOffset || b.endOffset - a.endOffset);
    for (const range of ranges) {
      starts.forEach((at, line) => {
        if (at >= range.startOffset && at < range.endOffset) counts[line] = range.count;
      });
    }
    // A function that ran and starts mid-line (`const f = (x) => ...`) ran its line too.
    for (const range of ranges) {
      const line = ends.findIndex((end) => range.startOffset < end);
      if (range.count > 0 && line >= 0 && range.startOffset >= HEAD.length) counts[line] = Math.max(counts[line], 1);
    }
    const lines = new Set();
    counts.forEach((count, line) => {
      const source = compiled.lines ? compiled.lines[line] : line + 1;
      if (count > 0 && source > 0 && source <= INPUT.program_lines) lines.add(source);
    });
    return [...lines].sort((a, b) => a - b);
  };
  const hooks = {
    // What ran since the last check (the program's own top level, a statement between checks).
    __sdBeforeCheck: () => {
      outside = [...new Set([...outside, ...ranLines()])].sort((a, b) => a - b);
      inCheck = true;
    },
    // A line of the code run, as a line of the source (the report's "where" of transpiled code).
    __sdSourceLine: (line) => (compiled.lines ? compiled.lines[line - 1] || 0 : line),
    __sdAfterCheck: (passed, where) => {
      inCheck = false;
      const record = {test: test++, passed: Boolean(passed), lines: ranLines(), before: outside};
      // The program line a failing check's error was raised at ("line 41: ...").
      const at = /^line (\d+)/.exec(passed ? "" : where || "");
      if (at && Number(at[1]) <= INPUT.program_lines) record.raised = Number(at[1]);
      emit(COVERAGE, record);
    },
  };
  const result = await run(compiled, hooks);
  // A check that never ended ran out of time: it failed, on the lines it kept running (the loop to blame).
  if (inCheck) emit(COVERAGE, {test: test++, passed: false, lines: ranLines(), before: outside});
  emit(BATCH, {i: 0, ...result});
}

// An ES module (import, export) runs as CommonJS here, transpiled as TypeScript is: the vm runs scripts.
const ts = INPUT.language === "typescript" || INPUT.es_module ? loadTypeScript() : null;
// A failure of the driver itself is said, not swallowed (the batch's unhandledRejection handler would take it).
const broken = (error) => { emit(BATCH, {error: "driver error: " + describe(error)}); process.exitCode = 1; };
(INPUT.mode === "coverage" ? coverage(ts) : batch(ts)).catch(broken);
"""


def node_batch_code(
    programs: Sequence[str], language: str, *, timeout: float, budget: float, base: str | None = None
) -> str:
    """JavaScript that runs each of ``programs`` (whole files of ``language``) and prints one batch
    line for each, stopping once ``budget`` seconds have passed; each candidate stops after ``timeout``.
    ``base``: the whole file the candidates were made from, if they were (what is transpiled of it is shared)."""
    return _driver(
        mode="batch",
        programs=list(programs),
        language=language,
        timeout=timeout,
        budget=budget,
        program_lines=0,
        base=base,
    )


def node_coverage_code(program: str, language: str, *, program_lines: int, timeout: float) -> str:
    """JavaScript that runs ``program`` (a whole file: program and instrumented tests) once, printing
    for each test check the lines among the first ``program_lines`` that ran during it, then the
    run's batch line (``i`` 0)."""
    return _driver(
        mode="coverage", programs=[program], language=language, timeout=timeout, budget=0, program_lines=program_lines
    )


def _driver(
    *,
    mode: str,
    programs: list[str],
    language: str,
    timeout: float,
    budget: float,
    program_lines: int,
    base: str | None = None,
) -> str:
    if language not in ("javascript", "typescript"):
        raise ValueError(f"the node driver runs javascript or typescript, not {language!r}")
    inputs = {
        "mode": mode,
        "language": language,
        "programs": programs,
        "timeout_ms": max(1, round(timeout * 1000)),
        "budget_ms": round(budget * 1000),
        "program_lines": program_lines,
        "batch_marker": BATCH_MARKER,
        "coverage_marker": COVERAGE_MARKER,
        "harness_marker": MARKER,
        "start_line": tests_start_line(language),
        "prelude_end": PRELUDE_END,
        "es_module": language == "javascript" and is_es_module(programs[0] if programs else ""),
        "base": base,
    }
    # json.dumps escapes every non-ASCII character, so the literal is valid JavaScript as it is.
    return _DRIVER.replace("__SD_INPUT__", json.dumps(inputs), 1)
