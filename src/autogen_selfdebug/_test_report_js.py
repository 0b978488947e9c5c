"""Per-check test results for JavaScript and TypeScript, in the same marker lines as Python's harness.

A failing ``console.assert`` only prints, and the first thrown error stops every later check, so a
model sees one failure at best. The tests are rewritten instead: each check (a top-level expression
statement such as ``check("ab", "1a1b");`` or ``assert.strictEqual(f(1), 2);``, also inside
top-level loops, and a top-level ``if`` that throws) runs through ``__sdCheck``, which prints a
start and a result record (``_test_report.parse_report`` reads them) and goes on to the next.
Declarations stay at top level, so later statements still see them. A small prelude makes
``console.assert`` throw, provides ``assert`` when the tests use it without requiring it, and the
tests end with a record of the failures, setting the exit code to 1 when there were any.

A check that asserts a comparison (``console.assert(f(3) === 8, "msg")``, ``assert(a < b)``,
``assert.ok(...)``) would say only "Assertion failed", or "expected true, actual false". Its two sides
are wrapped (``__sdLeft(f(3)) === __sdRight("===", 8)``: each still evaluated once, in order), so a
failure reports the actual and the expected value, as a Python ``assert f(3) == 8`` does. A failed
``assert.strictEqual`` and its kin report the values they compared too, not their multi-line message.

The prelude calls ``globalThis.__sdBeforeCheck()`` and ``__sdAfterCheck(passed)`` around each
check when they are defined (the coverage driver uses them) and lets an object with ``__sdExit``
through (the batch driver's ``process.exit``). Tests are parsed with tree-sitter; tests that do not
parse run as they are. Checks that return a promise are not awaited: they count as run.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

import tree_sitter

from ._test_report import MARKER, tests_start_line
from .edits import parser_for

__all__ = ["instrument_js_tests"]

# ``/*any*/`` and ``/*any[]*/`` become type annotations in TypeScript, so the prelude compiles even under --strict.
_PRELUDE = """\
const __sdGlobal/*any*/ = globalThis;
const __sdUtil/*any*/ = typeof require === "function" ? require("util") : null;
const __sdLog = console.log.bind(console);
let __sdFailed = 0;
function __sdEmit(record/*any*/) {
  try { __sdLog("MARKER " + JSON.stringify(record)); } catch (_e/*any*/) { __sdLog("MARKER {}"); }
}
function __sdShow(value/*any*/) {
  try {
    const options = {depth: 3, maxArrayLength: 8, maxStringLength: 80, breakLength: Infinity};
    return String(__sdUtil ? __sdUtil.inspect(value, options) : JSON.stringify(value)).slice(0, 200);
  } catch (_e/*any*/) { return "<" + typeof value + ">"; }
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
function __sdCheck(line/*any*/, source/*any*/, run/*any*/) {
  __sdEmit({event: "start", line: line, source: source});
  const record/*any*/ = {event: "result", line: line, source: source, passed: true};
  if (typeof __sdGlobal.__sdBeforeCheck === "function") __sdGlobal.__sdBeforeCheck();
  __sdSides = null;
  try {
    run();
  } catch (error/*any*/) {
    if (error && error.__sdExit) throw error;
    record.passed = false;
    const named = error !== null && typeof error === "object" && "message" in error;
    const name = named ? String(error.name || "Error") : "Error";
    // A failed assert reports what it compared, and the message if the tests gave one: the sides of an
    // asserted comparison, else what assert.strictEqual and its kin compared (not their multi-line message).
    const asserted = named && error.code === "ERR_ASSERTION";
    const compared/*any*/ = !asserted ? null
      : __sdSides && "op" in __sdSides ? __sdSides
      : "expected" in error && "actual" in error ? {op: error.operator, left: error.actual, right: error.expected}
      : null;
    if (compared) {
      if (compared.op) record.op = String(compared.op);
      record.actual = __sdShow(compared.left);
      record.expected = __sdShow(compared.right);
      if (!error.generatedMessage) record.message = String(error.message).slice(0, 300);
    } else {
      record.error = (name + ": " + (named ? String(error.message) : __sdShow(error))).slice(0, 300);
    }
  }
  if (!record.passed) __sdFailed += 1;
  if (typeof __sdGlobal.__sdAfterCheck === "function") __sdGlobal.__sdAfterCheck(record.passed);
  __sdEmit(record);
  // A plain run stops at a failed check: what the tests log after it (a "tests passed" line) would mislead.
  if (!record.passed && __sdFailed === 1) console.log = function () {};
}
function __sdFinish() {
  __sdEmit({event: "end", failed: __sdFailed});
  if (__sdFailed > 0 && __sdGlobal.process) __sdGlobal.process.exitCode = 1;
}
""".replace("MARKER", MARKER)

# JavaScript: a global, so a program that declares its own ``assert`` still compiles.
_ASSERT_JS = 'if (typeof assert === "undefined") __sdGlobal.assert = require("assert");\n'
_ASSERT_TS = 'const assert = require("assert");\n'

_NESTING = frozenset(
    {"for_statement", "for_in_statement", "while_statement", "do_statement", "labeled_statement"}
    | {"statement_block", "if_statement"}
)
_ASSIGNMENTS = frozenset({"assignment_expression", "augmented_assignment_expression", "update_expression"})
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


def instrument_js_tests(tests: str, language: str, *, program: str = "") -> str:
    """Source to run after the program instead of ``tests``, reporting each check (``language``:
    javascript or typescript). Tests that do not parse are returned after the start marker only.
    ``program`` is what runs before them: an ``assert`` it declares or imports is not declared again."""
    start = tests_start_line(language)
    data = tests.encode("utf-8")
    root = parser_for(language).parse(data).root_node
    if root.has_error:
        return f"{start}\n{tests}"
    insertions: list[tuple[int, str]] = []
    _wrap_checks(root.named_children, data, insertions)
    for offset, text in sorted(insertions, key=lambda item: item[0], reverse=True):
        data = data[:offset] + text.encode("utf-8") + data[offset:]
    typed = language == "typescript"
    annotations = {"/*any*/": ": any", "/*any[]*/": ": any[]"} if typed else {"/*any*/": "", "/*any[]*/": ""}
    prelude = _PRELUDE
    for placeholder, annotation in annotations.items():
        prelude = prelude.replace(placeholder, annotation)
    if _uses_assert(root) and not _declares_assert(root) and not _declares_assert(_root(program, language)):
        prelude += _ASSERT_TS if typed else _ASSERT_JS
    return f"{start}\n{prelude}{data.decode('utf-8')}\n__sdFinish();\n"


def _wrap_checks(statements: Iterable[tree_sitter.Node], data: bytes, insertions: list[tuple[int, str]]) -> None:
    """Wrap the checks among ``statements``, going into loops, blocks and ifs but not into functions:
    a check inside a helper is part of the check that calls the helper."""
    for node in statements:
        if node.type == "expression_statement" and _is_check(node):
            _wrap(node, _text(node.named_children[0], data), insertions)
            _wrap_sides(node.named_children[0], insertions)
        elif node.type == "if_statement" and _has(node, {"throw_statement"}) and not _has(node, _JUMPS):
            _wrap(node, _text(node, data), insertions)
        elif node.type in _NESTING:
            for field in ("body", "consequence", "alternative"):
                child = node.child_by_field_name(field)
                if child is not None:
                    _wrap_checks(_statements(child), data, insertions)
            if node.type == "statement_block":
                _wrap_checks(node.named_children, data, insertions)


def _statements(body: tree_sitter.Node) -> list[tree_sitter.Node]:
    """The statements of a loop's or an if's body: a block's, an else's, or the one statement."""
    return body.named_children if body.type in ("statement_block", "else_clause") else [body]


def _wrap(node: tree_sitter.Node, source: str, insertions: list[tuple[int, str]]) -> None:
    # Prefix and suffix stay on the statement's own lines, so the tests' line numbers are unchanged.
    source = source.rstrip(";").strip()
    if len(source) > _MAX_SOURCE:
        source = source[: _MAX_SOURCE - 3] + "..."
    line = node.start_point.row + 1
    insertions.append((node.start_byte, f"__sdCheck({line}, {json.dumps(source)}, () => {{ "))
    insertions.append((node.end_byte, " });"))


def _wrap_sides(expression: tree_sitter.Node, insertions: list[tuple[int, str]]) -> None:
    """Wrap the two sides of the comparison that an assert call checks, if it checks one."""
    callee = expression.child_by_field_name("function")
    arguments = expression.child_by_field_name("arguments")
    if expression.type != "call_expression" or callee is None or callee.text not in _ASSERT_CALLS:
        return
    compared = arguments.named_children[0] if arguments is not None and arguments.named_children else None
    if compared is None or compared.type != "binary_expression":
        return
    left, op, right = (compared.child_by_field_name(name) for name in ("left", "operator", "right"))
    if left is None or op is None or right is None or op.type not in _COMPARISONS:
        return
    insertions += [(left.start_byte, "__sdLeft("), (left.end_byte, ")")]
    insertions += [(right.start_byte, f"__sdRight({json.dumps(op.type)}, "), (right.end_byte, ")")]


def _is_check(statement: tree_sitter.Node) -> bool:
    """An expression statement that is neither an assignment, plain logging nor a directive."""
    expression = statement.named_children[0] if statement.named_children else None
    if expression is None or expression.type in _ASSIGNMENTS or expression.type == "string":
        return False
    if _has(statement, {"await_expression", "yield_expression"}):
        return False  # the check's arrow function is not async
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


def _root(source: str, language: str) -> tree_sitter.Node:
    return parser_for(language).parse(source.encode("utf-8")).root_node


def _uses_assert(root: tree_sitter.Node) -> bool:
    """Whether the code names ``assert`` anywhere."""
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type in ("identifier", "shorthand_property_identifier") and node.text == b"assert":
            return True
        stack.extend(node.named_children)
    return False


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
    found: set[bytes] = set()
    stack = [node]
    while stack:
        current = stack.pop()
        if current.type in ("identifier", "shorthand_property_identifier_pattern") and current.text is not None:
            found.add(current.text)
        stack.extend(current.named_children)
    return found


def _text(node: tree_sitter.Node, data: bytes) -> str:
    return data[node.start_byte : node.end_byte].decode("utf-8", errors="replace")
