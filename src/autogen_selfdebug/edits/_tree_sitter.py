"""JavaScript and TypeScript, parsed with tree-sitter's grammars: the parser, and repair edits.

The repair templates are :mod:`._python`'s (its docstring lists them), over tree-sitter's node
types. Each generator below finds its sites in one node and yields candidates; a candidate is
spliced into the source by the node's span (so comments and formatting survive), re-parsed
incrementally, and kept if the program parses and the changed node keeps the intended grouping.
Comments, string and template literals, regular expressions and TypeScript types are never edited.
"""

from __future__ import annotations

import bisect
import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import cache
from itertools import accumulate, pairwise
from typing import TypeAlias

import tree_sitter
import tree_sitter_javascript
import tree_sitter_typescript

from ._edit import Edit, depend, swapped
from ._patterns import one_character_groups
from ._python import COUNT_NAME, EXTENT_NAME, REPAIR_TEMPLATES, RepairTemplate, both_ways, count_meeting

__all__ = [
    "is_assert_statement",
    "named_nodes",
    "parser_for",
    "tree_sitter_edits",
    "tree_sitter_judges",
    "tree_sitter_pairs",
    "tree_sitter_parses",
    "tree_sitter_reads",
    "tree_sitter_statements",
]

Node: TypeAlias = tree_sitter.Node


@cache
def _language(language: str) -> tree_sitter.Language:
    if language == "javascript":
        return tree_sitter.Language(tree_sitter_javascript.language())
    if language == "typescript":
        return tree_sitter.Language(tree_sitter_typescript.language_typescript())
    raise ValueError(f"tree-sitter grammars here are javascript and typescript, not {language!r}.")


def parser_for(language: str) -> tree_sitter.Parser:
    """A parser for ``javascript`` or ``typescript`` (a new one each call: parsers are not shared)."""
    return tree_sitter.Parser(_language(language))


def tree_sitter_statements(source: str, language: str) -> list[tuple[int, int, bool]] | None:
    """Each top-level statement's first and last line, and whether it defines a function or class (also as a
    value bound to a name, or exported); ``None`` when ``source`` does not parse."""
    root = parser_for(language).parse(source.encode("utf-8")).root_node
    if root.has_error:
        return None
    spans = []
    for node in (n for n in root.named_children if n.type != "comment"):
        declared = node.named_children[-1] if node.type == "export_statement" and node.named_children else node
        declarators = [d for d in declared.named_children if d.type == "variable_declarator"]
        values = [value for d in declarators if (value := d.child_by_field_name("value")) is not None]
        defines = declared.type in _DEFINITIONS or any(v.type in _DEFINITIONS for v in values)
        spans.append((node.start_point.row + 1, node.end_point.row + 1, defines))
    return spans


def tree_sitter_parses(source: str, language: str) -> bool:
    """Whether ``source`` parses with no error or missing node."""
    tree = parser_for(language).parse(source.encode("utf-8"))
    return not tree.root_node.has_error


def tree_sitter_reads(source: str, language: str) -> list[tuple[list[str], set[str]]] | None:
    """The module's declared names and the names read anywhere in it (template literals too), then each
    function's, in source order; ``None`` if ``source`` does not parse. The functions and classes a scope
    declares are among its names: a patch that stops calling a helper the program wrote leaves it unused."""
    tree = parser_for(language).parse(source.encode("utf-8"))
    if tree.root_node.has_error:
        return None
    program = _Program(source, tree)
    root = tree.root_node
    # The functions and classes each scope declares (its variables are `declared_in` it).
    defined: dict[int, list[str]] = {}
    for node in program.nodes:
        if node.type in _DECLARATIONS and (name := node.child_by_field_name("name")) is not None:
            defined.setdefault(next(_functions_around(node), root).id, []).append(program.text(name))
    scopes = [root, *(node for node in program.nodes if node.type in _FUNCTIONS)]
    return [
        (list(dict.fromkeys([*program.declared_in(scope), *defined.get(scope.id, [])])), _reads(scope, program))
        for scope in scopes
    ]


_DECLARATIONS = frozenset(("function_declaration", "generator_function_declaration", "class_declaration"))


def _reads(scope: Node, program: _Program) -> set[str]:
    """The names read anywhere in ``scope``, but for a function or class read only inside itself (recursion)."""
    reads = _read_counts(scope, program)
    for node in named_nodes(scope):
        if node is scope or node.type not in _DECLARATIONS | {"variable_declarator"}:
            continue
        # A declared function's own body, or the function a variable is given (`const walk = (i) => ...`).
        name, body = node.child_by_field_name("name"), node.child_by_field_name("value") or node
        own = program.text(name) if name is not None else ""
        if reads[own] and _read_counts(body, program)[own] == reads[own]:
            del reads[own]
    return set(reads)


def _read_counts(root: Node, program: _Program) -> Counter[str]:
    """How often each name is read under ``root`` (a call of a name uses it too: `handler(payload)`)."""
    reads: Counter[str] = Counter()
    stack = [root]
    while stack:
        node = stack.pop()
        stack.extend(node.children)
        shorthand = node.type == "shorthand_property_identifier"  # `{ total }` reads `total`
        if shorthand or (node.type == "identifier" and (program.is_read(node) or _is_callee(node))):
            reads[program.text(node)] += 1
    return reads


def _is_callee(node: Node) -> bool:
    """Whether ``node`` is the function a call or ``new`` calls (``f`` in ``f(x)``)."""
    parent, field = node.parent, {"call_expression": "function", "new_expression": "constructor"}
    return parent is not None and parent.type in field and _is(parent.child_by_field_name(field[parent.type]), node)


def tree_sitter_pairs(source: str, language: str) -> Counter[tuple[str, str]] | None:
    """How often each two names meet as the two sides of one operation: ``a[i]``, ``i < n``, ``lo = mid``,
    ``b.slice(j)`` (a side's name is its variable's: ``a.length``, ``a[k]``, ``f(a)`` and ``a + 1`` stand for
    ``a``; ``this.x`` for itself); ``None`` if ``source`` does not parse."""
    root = parser_for(language).parse(source.encode("utf-8")).root_node
    if root.has_error:
        return None
    pairs: Counter[tuple[str, str]] = Counter()
    for node in named_nodes(root):
        sides: list[tuple[Node | None, Node | None]] = []
        if node.type == "subscript_expression":
            sides = [(node.child_by_field_name("object"), node.child_by_field_name("index"))]
        elif node.type in ("binary_expression", "assignment_expression", "augmented_assignment_expression"):
            sides = [(node.child_by_field_name("left"), node.child_by_field_name("right"))]
        elif node.type == "variable_declarator":
            sides = [(node.child_by_field_name("name"), node.child_by_field_name("value"))]
        elif node.type == "call_expression":
            function, arguments = node.child_by_field_name("function"), node.child_by_field_name("arguments")
            if function is not None and function.type == "member_expression" and arguments is not None:
                sides = [(function.child_by_field_name("object"), argument) for argument in arguments.named_children]
        for left, right in sides:
            count_meeting(pairs, _side_name(left), _side_name(right))
    return pairs


def _side_name(node: Node | None) -> str | None:
    if node is None:
        return None
    if node.type in ("identifier", "shorthand_property_identifier") and node.text is not None:
        return node.text.decode("utf-8")
    if node.type == "member_expression":
        owner, name = node.child_by_field_name("object"), node.child_by_field_name("property")
        if owner is not None and owner.type == "this" and name is not None and name.text is not None:
            return "this." + name.text.decode("utf-8")
        return _side_name(owner)
    if node.type in ("subscript_expression", "update_expression"):  # `a[k]` is `a`'s, `i++` is `i`'s
        return _side_name(node.child_by_field_name("object" if node.type == "subscript_expression" else "argument"))
    if node.type in ("parenthesized_expression", "non_null_expression", "as_expression") and node.named_children:
        return _side_name(node.named_children[0])
    if node.type == "binary_expression":
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        if right is not None and right.type == "number":
            return _side_name(left)
        if left is not None and left.type == "number":
            return _side_name(right)
    if node.type == "call_expression":
        function, arguments = node.child_by_field_name("function"), node.child_by_field_name("arguments")
        if function is not None and function.type == "identifier" and arguments is not None:
            return _side_name(arguments.named_children[0]) if len(arguments.named_children) == 1 else None
    return None


def tree_sitter_names(source: str, language: str) -> tuple[set[str], set[str]]:
    """The names top-level declarations and assignments bind (plain identifiers), and every identifier
    ``source`` uses."""
    root = parser_for(language).parse(source.encode("utf-8")).root_node
    bound: set[str] = set()
    for node in root.named_children:
        if node.type in ("lexical_declaration", "variable_declaration"):
            nodes = [d.child_by_field_name("name") for d in node.named_children if d.type == "variable_declarator"]
        elif (
            node.type == "expression_statement" and node.named_children and "assignment" in node.named_children[0].type
        ):
            nodes = [node.named_children[0].child_by_field_name("left")]
        else:
            continue
        bound |= {n.text.decode("utf-8") for n in nodes if n is not None and n.type == "identifier" and n.text}
    used = {node.text.decode("utf-8") for node in named_nodes(root) if node.type == "identifier" and node.text}
    return bound, used


def tree_sitter_judges(program: str, tests: str, language: str) -> set[int]:
    """The lines of a top-level function of one ``return`` (or an arrow function's expression) that a check
    asks about an answer of the program's and a value that is not one (``console.assert(close(area(1),
    Math.PI))``, ``assert.ok(...)``, ``assert(...)``). Empty if either does not parse."""
    trees = [parser_for(language).parse(source.encode("utf-8")).root_node for source in (program, tests)]
    if any(tree.has_error for tree in trees):
        return set()
    root, checks = trees
    functions: dict[bytes, Node] = {}
    for statement in root.named_children:
        declared = statement.named_children[-1] if statement.type == "export_statement" else statement
        pairs = [(declared.child_by_field_name("name"), declared)] if declared.type in _FUNCTIONS else []
        pairs += [
            (d.child_by_field_name("name"), value)
            for d in declared.named_children
            if d.type == "variable_declarator" and (value := d.child_by_field_name("value")) is not None
            if value.type in _FUNCTIONS
        ]
        functions.update({name.text: f for name, f in pairs if name is not None and name.text})
    # The program's own names: its functions, classes and methods.
    ours = {*functions} | {
        label.text
        for node in _walk(root)
        if node.type in ("class_declaration", "method_definition")
        and (label := node.child_by_field_name("name")) is not None
        and label.text
    }

    def callee(node: Node) -> bytes | None:
        if node.type not in ("call_expression", "new_expression"):
            return None
        function = node.child_by_field_name("function" if node.type == "call_expression" else "constructor")
        if function is not None and function.type == "member_expression":
            function = function.child_by_field_name("property")
        return function.text if function is not None else None

    def returns_only(function: Node) -> bool:
        body = function.child_by_field_name("body")
        statements = [n for n in body.named_children if n.type != "comment"] if body is not None else []
        if body is not None and body.type != "statement_block":
            return True  # an arrow function's expression
        return len(statements) == 1 and statements[0].type == "return_statement"

    judged: list[Node] = []
    for check in named_nodes(checks):  # every check, those in a `test(...)` callback too
        if not is_assert_statement(check):
            continue
        arguments = check.named_children[0].child_by_field_name("arguments")
        asked = arguments.named_children[0] if arguments is not None and arguments.named_children else None
        if asked is not None and asked.type == "unary_expression":
            asked = asked.named_children[-1]
        name = callee(asked) if asked is not None else None
        given = asked.child_by_field_name("arguments") if asked is not None else None
        if name is None or name not in functions or not returns_only(functions[name]) or given is None:
            continue
        # A yardstick, given an answer of the program's (`area(1)`) and a value that is not one (`Math.PI`).
        answers = [any(callee(n) in ours for n in _walk(a)) for a in given.named_children]
        if any(answers) and not all(answers):
            judged.append(functions[name])
    return {line for f in judged for line in range(f.start_point.row + 1, f.end_point.row + 2)}


def tree_sitter_edits(
    source: str,
    language: str,
    *,
    templates: Sequence[RepairTemplate] = REPAIR_TEMPLATES,
    lines: set[int] | None = None,
) -> list[Edit]:
    """Candidate one-node repairs of a JavaScript or TypeScript program, by template, then position.

    Args:
        source: The program.
        language: ``javascript`` or ``typescript``.
        templates: Which repair templates to apply, in this order.
        lines: Only edit at these 1-based lines (the suspicious ones); ``None`` edits everywhere.

    Returns:
        The edits, each giving a distinct program that parses; ``[]`` if ``source`` does not parse.

    Example:
        >>> edits = tree_sitter_edits("d = right - left;\\n", "javascript", templates=["swap_operands"])
        >>> [e.description for e in edits]
        ['`right - left` changed to `left - right` on line 1']
    """
    unknown = [t for t in templates if t not in REPAIR_TEMPLATES]
    if unknown:
        raise ValueError(
            f"Unknown repair template(s): {', '.join(map(str, unknown))}; known: {', '.join(REPAIR_TEMPLATES)}."
        )
    parser = parser_for(language)
    tree = parser.parse(source.encode("utf-8"))
    if tree.root_node.has_error:
        return []
    program = _Program(source, tree)
    seen = {source}
    found: list[Edit] = []
    for template in dict.fromkeys(templates):
        generate = _REPAIRS[template]
        candidates = [c for node in program.nodes for c in generate(node, program)]
        for candidate in sorted(candidates, key=lambda c: c.at):
            at = {candidate.at} if candidate.shows is None else {candidate.at, candidate.shows}
            if lines is not None and not {program.line_of(byte) for byte in at} & lines:
                continue
            realised = _realise(candidate, program, parser, seen)
            if realised is not None:
                seen.add(realised[1])
                found.append(replace(realised[0], scope=program.scope_of(candidate.node)))
    return found


# ---------------------------------------------------------------------------------------------
# The program: its text by bytes and characters, its nodes, its names


_LITERALS = ("comment", "html_comment", "string", "template_string", "regex")
_TYPES = ("type_annotation", "type_arguments", "type_parameters", "type_alias_declaration", "interface_declaration")
_SKIPPED = frozenset((*_LITERALS, *_TYPES, "type_predicate_annotation", "asserts_annotation", "type_identifier"))
"""Subtrees never edited: comments, literals, and TypeScript types (with every ``..._type`` node)."""

_DECLARED_FUNCTIONS = ("function_declaration", "generator_function_declaration", "method_definition")
_FUNCTIONS = frozenset(
    (*_DECLARED_FUNCTIONS, "arrow_function", "function_expression", "function", "generator_function")
)
_DEFINITIONS = _FUNCTIONS | {"class_declaration", "class"}


class _Program:
    """The parsed source: offsets in bytes (tree-sitter's) and characters (``str``'s), nodes, scopes, properties."""

    def __init__(self, source: str, tree: tree_sitter.Tree) -> None:
        self.source = source
        self.data = source.encode("utf-8")
        self.tree = tree
        # Each character's byte offset, only needed when some character takes more than one byte.
        self._char_bytes = None if source.isascii() else list(accumulate((len(c.encode()) for c in source), initial=0))
        self._line_starts = [0, *(m.end() for m in re.finditer(b"\n", self.data))]
        self.nodes = list(_walk(tree.root_node, substitutions=True))
        self.properties: dict[str, list[str]] = {}
        # The argument counts each method is called with, as in Python's edits (`items.shift()` → `items.push()`
        # passed a stack's weak tests by the length push returns).
        self._arities: dict[tuple[str, str], set[int]] = {}
        self.declared: set[int] = set()
        self._names: dict[int, list[str]] = {}
        # The program's own async functions and methods, by name: a call of one that is not awaited is a bug.
        self.coroutines: set[str] = set()
        for node in self.nodes:
            if node.type in _FUNCTIONS and _is_async(node) and (called := _function_name(node, self)) is not None:
                self.coroutines.add(called)
            if node.type == "member_expression":
                obj, prop = node.child_by_field_name("object"), node.child_by_field_name("property")
                if obj is not None and prop is not None and prop.type == "property_identifier":
                    names = self.properties.setdefault(self.text(obj), [])
                    if self.text(prop) not in names:
                        names.append(self.text(prop))
                    if (count := _argument_count(node)) is not None:
                        self._arities.setdefault((self.text(obj), self.text(prop)), set()).add(count)
            for pattern in _declaring(node):
                for name in _pattern_names(pattern):
                    self.declared.add(name.id)
                    # The module's own names are keyed by the root (only `declared_in` asks for them).
                    scope = next(_functions_around(name), tree.root_node)
                    names = self._names.setdefault(scope.id, [])
                    if self.text(name) not in names:
                        names.append(self.text(name))
        operators = {_operator(n) for n in self.nodes if n.type == "binary_expression"}
        # Ordering operators are replaced by the equality the program uses: strict unless it only uses loose.
        self.strict = bool(operators & {"===", "!=="}) or not operators & {"==", "!="}

    def text(self, node: Node) -> str:
        return self.data[node.start_byte : node.end_byte].decode("utf-8")

    def char(self, byte: int) -> int:
        return byte if self._char_bytes is None else bisect.bisect_left(self._char_bytes, byte)

    def line_of(self, byte: int) -> int:
        return bisect.bisect_right(self._line_starts, byte)

    def point(self, byte: int) -> tuple[int, int]:
        row = self.line_of(byte) - 1
        return row, byte - self._line_starts[row]

    def fits(self, node: Node) -> bool:
        """Whether the node reads well as a snippet: one short line."""
        return node.start_point.row == node.end_point.row and node.end_byte - node.start_byte <= 80

    def scope_of(self, node: Node) -> str | None:
        """The name of the innermost named function around ``node`` (an anonymous callback is not a scope)."""
        return next((n for f in _functions_around(node) if (n := _function_name(f, self)) is not None), None)

    def names_of(self, node: Node) -> list[str]:
        """The names declared in the scope around ``node`` and in the callbacks between, then those of the
        functions it is nested in (a closure reads them: `this.off(event, handler)` in a `wrapper` arrow for
        `this.off(event, wrapper)`); ``[]`` at top level."""
        functions = list(_functions_around(node))
        named = [i for i, function in enumerate(functions) if _function_name(function, self) is not None]
        if not named:
            return []
        scope, outer = functions[: named[0] + 1], functions[named[0] + 1 : named[-1] + 1]
        return list(dict.fromkeys(name for f in [*reversed(scope), *outer] for name in self._names.get(f.id, [])))

    def may_call(self, member: Node, method: str) -> bool:
        """Whether ``member`` (``obj.prop``) may become ``obj.method``: it is not called, or the program calls
        ``obj.method`` with as many arguments, or never calls it."""
        count, obj = _argument_count(member), member.child_by_field_name("object")
        counts = self._arities.get((self.text(obj), method)) if obj is not None else None
        return count is None or counts is None or count in counts

    def declared_in(self, function: Node) -> list[str]:
        """The names declared directly in ``function`` (its parameters and locals, not its callbacks'), or in the
        module outside any function, for the tree's root."""
        return self._names.get(function.id, [])

    def is_read(self, node: Node) -> bool:
        """Whether an identifier is read: not declared, not assigned, not a callee, not a name."""
        parent = node.parent
        if parent is None or node.id in self.declared:
            return False
        fields = {"call_expression": "function", "new_expression": "constructor"}
        if parent.type in ("assignment_expression", "augmented_assignment_expression"):
            fields[parent.type] = "left"
        return not (
            _is(parent.child_by_field_name(fields.get(parent.type, "name")), node)
            or parent.type.endswith(("_specifier", "import_clause", "namespace_import", "namespace_export"))
        )


def named_nodes(root: Node) -> Iterator[Node]:
    """``root`` and every named node under it."""
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(node.named_children)


def _walk(root: Node, substitutions: bool = False) -> Iterator[Node]:
    """Every node in source order, skipping the subtrees that are never edited: literals, types, and checks (an
    ``assert(...)``, ``assert.x(...)`` or ``console.assert(...)`` statement): editing a check is never a repair.
    With ``substitutions`` (the walk the edits take), a template literal's ``${...}`` is entered and a regular
    expression is yielded, as one node."""
    stack = [root]
    while stack:
        node = stack.pop()
        entered = substitutions and node.type == "template_string"
        if node.type == "regex" and substitutions:
            yield node
            continue
        if (node.type in _SKIPPED and not entered) or node.type.endswith("_type") or is_assert_statement(node):
            continue
        yield node
        stack.extend(reversed(node.children))


def is_es_module(source: str) -> bool:
    """Whether JavaScript ``source`` is an ES module: a top-level ``import`` or ``export`` statement."""
    root = parser_for("javascript").parse(source.encode("utf-8")).root_node
    return any(node.type in ("import_statement", "export_statement") for node in root.named_children)


_FUNCTION_TYPES = frozenset(
    {"function_declaration", "function_expression", "function", "arrow_function", "method_definition"}
    | {"generator_function_declaration", "generator_function"}
)


def needs_es_module(source: str) -> bool:
    """Whether JavaScript ``source`` uses what only an ES module has, so it cannot run compiled to CommonJS:
    ``import.meta``, or ``await`` (``for await``) outside any function."""
    stack = [(parser_for("javascript").parse(source.encode("utf-8")).root_node, False)]
    while stack:
        node, in_function = stack.pop()
        if node.type == "meta_property":
            return True
        awaits = node.type == "await_expression" or (
            node.type == "for_in_statement" and any(child.type == "await" for child in node.children)
        )
        if awaits and not in_function:
            return True
        inner = in_function or node.type in _FUNCTION_TYPES
        stack.extend((child, inner) for child in node.named_children)
    return False


def is_assert_statement(node: Node) -> bool:
    """Whether a statement is a check: ``assert(...)``, ``assert.x(...)`` or ``console.assert(...)``, or a matcher
    called on Jest's ``expect(...)`` (``expect(f(1)).toBe(2)``, ``.not.toBe``, ``await expect(p).resolves.toBe``),
    awaited or not (``await assert.rejects(...)``)."""
    if node.type != "expression_statement" or not node.named_children:
        return False
    call = node.named_children[0]
    if call.type == "await_expression" and call.named_children:
        call = call.named_children[0]
    callee = call.child_by_field_name("function") if call.type == "call_expression" else None
    if callee is None:
        return False
    if callee.type == "identifier":
        return callee.text == b"assert"
    owner, member = callee.child_by_field_name("object"), callee.child_by_field_name("property")
    if callee.type != "member_expression" or owner is None or member is None:
        return False
    if owner.text == b"assert" or (owner.text == b"console" and member.text == b"assert"):
        return True
    # expect(x).toBe(y): the matcher's owner is the call of expect, maybe behind .not, .resolves or .rejects.
    while owner.type == "member_expression" and (modifier := owner.child_by_field_name("property")) is not None:
        if modifier.text not in (b"not", b"resolves", b"rejects"):
            return False
        owner = owner.child_by_field_name("object") or owner
    expect = owner.child_by_field_name("function") if owner.type == "call_expression" else None
    return expect is not None and expect.text == b"expect"


def _is(node: Node | None, other: Node) -> bool:
    return node is not None and node.id == other.id


def _operator(node: Node) -> str | None:
    op = node.child_by_field_name("operator")
    return None if op is None else op.type


def _parts(node: Node) -> list[Node]:
    return [c for c in node.named_children if c.type not in ("comment", "html_comment")]


def _declaring(node: Node) -> Iterator[Node]:
    """The patterns that ``node`` declares names with."""
    if node.type == "formal_parameters":
        yield from node.named_children
    field = {
        "variable_declarator": "name",
        "for_in_statement": "left",
        "catch_clause": "parameter",
        "arrow_function": "parameter",
    }.get(node.type)
    pattern = node.child_by_field_name(field) if field is not None else None
    if pattern is not None:
        yield pattern


def _pattern_names(node: Node) -> Iterator[Node]:
    """The identifiers a declaration pattern binds (``a``, ``{b, c: d = 1}``, ``[e, ...f]``, ``g: number``)."""
    if node.type in ("identifier", "shorthand_property_identifier_pattern"):
        yield node
        return
    field = {
        "assignment_pattern": "left",
        "object_assignment_pattern": "left",
        "pair_pattern": "value",
        "required_parameter": "pattern",
        "optional_parameter": "pattern",
    }.get(node.type)
    if field is not None:
        inner = node.child_by_field_name(field)
        if inner is not None:
            yield from _pattern_names(inner)
    elif node.type in ("object_pattern", "array_pattern", "rest_pattern"):
        for child in node.named_children:
            yield from _pattern_names(child)


def _function_name(function: Node, program: _Program) -> str | None:
    """A function's name: its own, or the variable, property or field it is assigned to."""
    name = function.child_by_field_name("name")
    parent = function.parent
    if name is None and parent is not None:
        field = {
            "variable_declarator": "name",
            "assignment_expression": "left",
            "pair": "key",
            "field_definition": "property",
            "public_field_definition": "name",
        }.get(parent.type)
        name = parent.child_by_field_name(field) if field is not None else None
    return None if name is None else program.text(name)


def _functions_around(node: Node) -> Iterator[Node]:
    """The functions (named or not) enclosing ``node``, innermost first."""
    current = node.parent
    while current is not None:
        if current.type in _FUNCTIONS:
            yield current
        current = current.parent


# ---------------------------------------------------------------------------------------------
# Candidates


@dataclass(frozen=True)
class _Form:
    """One way to write a change, and what the checked node must look like afterwards (``None``: anything)."""

    text: str
    kind: str | None = None
    parts: tuple[str, ...] | None = None


@dataclass(frozen=True)
class _Candidate:
    """A planned change: bytes ``[start, end)``, inside ``node``, become one of ``forms``."""

    template: RepairTemplate
    node: Node
    start: int
    end: int
    forms: tuple[_Form, ...]
    shown: Node
    at: int
    shows: int | None = None  # the byte where the bug shows, when the tests never run the edited line
    said: tuple[str, str] | None = None  # before and after for people, when the changed span is too wide to read


def _realise(
    candidate: _Candidate, program: _Program, parser: tree_sitter.Parser, seen: set[str]
) -> tuple[Edit, str] | None:
    """Splice the first form that parses with the intended grouping: (the edit, the new source); ``None`` if
    none does or the program is one already seen."""
    node = candidate.node
    start, end = program.char(candidate.start), program.char(candidate.end)
    whole = (candidate.start, candidate.end) == (node.start_byte, node.end_byte)
    # Parentheses around the whole change fix precedence where the plain text would regroup (``a - (b + c)``).
    tries = [(form, False) for form in candidate.forms] + [(form, True) for form in candidate.forms if whole]
    for form, wrapped in tries:
        new = f"({form.text})" if wrapped else form.text
        mutated = program.source[:start] + new + program.source[end:]
        new_end = candidate.start + len(new.encode("utf-8"))
        tree = program.tree.copy()
        tree.edit(
            start_byte=candidate.start,
            old_end_byte=candidate.end,
            new_end_byte=new_end,
            start_point=program.point(candidate.start),
            old_end_point=program.point(candidate.end),
            new_end_point=_advance(program.point(candidate.start), new),
        )
        tree = parser.parse(mutated.encode("utf-8"), tree)
        node_end = node.end_byte + new_end - candidate.end
        if tree.root_node.has_error or not _holds(tree.root_node, node.start_byte, node_end, form, wrapped):
            continue
        if mutated in seen:
            return None
        shown = min(program.char(candidate.shown.start_byte), start), max(program.char(candidate.shown.end_byte), end)
        line = program.line_of(candidate.at)
        edit = Edit.spliced(program.source, start, end, new, template=candidate.template, line=line, shown=shown)
        shows = None if candidate.shows is None else program.line_of(candidate.shows)
        edit = replace(edit, shows=shows)
        if candidate.said is not None:
            edit = replace(edit, original=candidate.said[0], replacement=candidate.said[1], occurrence=None)
        return edit, mutated
    return None


def _advance(point: tuple[int, int], text: str) -> tuple[int, int]:
    """The point after ``text`` written at ``point`` (columns in bytes)."""
    lines = text.encode("utf-8").split(b"\n")
    return (point[0], point[1] + len(lines[0])) if len(lines) == 1 else (point[0] + len(lines) - 1, len(lines[-1]))


def _holds(root: Node, start: int, end: int, form: _Form, wrapped: bool) -> bool:
    """Whether the new tree has a node spanning exactly ``[start, end)`` that looks as ``form`` says."""
    node: Node | None = root.descendant_for_byte_range(start, end)
    if node is None or (node.start_byte, node.end_byte) != (start, end):
        return False
    # Several nodes can share the span (an expression and its statement); any of them may be the one.
    while node is not None and (node.start_byte, node.end_byte) == (start, end):
        target: Node | None = node
        if wrapped:
            parts = _parts(node) if node.type == "parenthesized_expression" else []
            target = parts[0] if len(parts) == 1 else None
        if target is not None and form.kind in (None, target.type):
            texts = tuple((p.text or b"").decode("utf-8") for p in _parts(target))
            if form.parts is None or texts == form.parts:
                return True
        node = node.parent
    return False


def _forms(*forms: _Form) -> tuple[_Form, ...]:
    return tuple(dict.fromkeys(forms))


def _argument_count(member: Node) -> int | None:
    """How many arguments a member expression is called with, or ``None`` when it is not the callee of a call."""
    call = member.parent
    if call is None or call.type != "call_expression" or not _is(call.child_by_field_name("function"), member):
        return None
    arguments = call.child_by_field_name("arguments")
    return None if arguments is None else sum(child.type != "comment" for child in arguments.named_children)


def _over(
    template: RepairTemplate, node: Node, forms: tuple[_Form, ...], shown: Node | None = None, at: int | None = None
) -> _Candidate:
    """A candidate rewriting all of ``node``."""
    shown, at = node if shown is None else shown, node.start_byte if at is None else at
    return _Candidate(template, node, node.start_byte, node.end_byte, forms, shown, at)


def _renamed(template: RepairTemplate, node: Node, new: str, program: _Program) -> _Candidate:
    """``node``, a member expression, with its property renamed: only the property's span changes, so the same
    change at two sites is the same edit."""
    prop = node.child_by_field_name("property")
    assert prop is not None, "member expressions have a property"
    shown = node if program.fits(node) else prop
    form = _Form(new, "member_expression")
    return _Candidate(template, node, prop.start_byte, prop.end_byte, (form,), shown, prop.start_byte)


_CONSTANTS = ("number", "string", "template_string", "true", "false", "null", "undefined")
_PRIMARY = ("identifier", "this", *_CONSTANTS)
_POSTFIX = ("member_expression", "subscript_expression", "call_expression", "non_null_expression")
_ATOMS = frozenset((*_PRIMARY, *_POSTFIX, "array", "object", "parenthesized_expression"))


def _wrapped(node: Node, program: _Program) -> str:
    """The node's text, in parentheses unless it is an atom."""
    return program.text(node) if node.type in _ATOMS else f"({program.text(node)})"


def _widen(node: Node, program: _Program) -> Node:
    """The node's enclosing expression, to show as context when it fits on one short line; else the node."""
    parent = node.parent
    if parent is not None and parent.type == "arguments":
        parent = parent.parent
    statement = ("statement", "declaration", "program", "statement_block", "parameters", "body")
    if parent is None or parent.type.endswith(statement) or not program.fits(parent):
        return node
    return parent


def _swapped(template: RepairTemplate, node: Node, i: int, program: _Program) -> _Candidate:
    """``node`` with its ``i``-th and next part (named children) trading places."""
    parts = _parts(node)
    first, second = parts[i], parts[i + 1]
    a, b = program.text(first), program.text(second)
    between = program.data[first.end_byte : second.start_byte].decode("utf-8")
    others = [program.text(p) for p in parts]
    forms = []
    # Operands swapped across an operator may need parentheses to keep their grouping.
    for new_a, new_b in ((a, b), (_wrapped(first, program), _wrapped(second, program))):
        texts = (*others[:i], new_b, new_a, *others[i + 2 :])
        forms.append(_Form(f"{new_b}{between}{new_a}", node.type, texts))
    return _Candidate(template, node, first.start_byte, second.end_byte, _forms(*forms), node, first.start_byte)


def _with_operator(template: RepairTemplate, node: Node, new_op: str, program: _Program) -> _Candidate:
    """``node`` (a binary or augmented assignment) with its operator replaced by ``new_op``."""
    left, op, right = (node.child_by_field_name(f) for f in ("left", "operator", "right"))
    assert left is not None and op is not None and right is not None, "binary nodes have all three"
    before = program.data[left.end_byte : op.start_byte].decode("utf-8")
    after = program.data[op.end_byte : right.start_byte].decode("utf-8")
    forms = []
    for new_left, new_right in (
        (program.text(left), program.text(right)),
        (_wrapped(left, program), _wrapped(right, program)),
    ):
        text = f"{new_left}{before}{new_op}{after}{new_right}"
        forms.append(_Form(text, node.type, (new_left, new_right)))
    return _over(template, node, _forms(*forms), at=op.start_byte)


def _typed(template: RepairTemplate, node: Node, new_op: str, program: _Program) -> _Candidate:
    """``node`` (a binary expression) with only its operator's text replaced by ``new_op``, however it then groups."""
    op = node.child_by_field_name("operator")
    assert op is not None, "binary nodes have an operator"
    before, after = program.data[node.start_byte : op.start_byte], program.data[op.end_byte : node.end_byte]
    return _over(template, node, (_Form(f"{before.decode('utf-8')}{new_op}{after.decode('utf-8')}"),), at=op.start_byte)


# ---------------------------------------------------------------------------------------------
# Repair templates: one generator each, from a node to its candidates

_ARITHMETIC = ("+", "-", "*", "/", "%")
# ``*`` ↔ ``**``: a star typed once too few or too many (``side * 2`` for a square's area).
_STARRED = {"*": (*_ARITHMETIC, "**"), "**": ("**", "*"), "^": ("^", "**")}  # `^` is xor, not the power
_ORDERING = ("<", "<=", ">", ">=")
_STRICT = ("===", "!==")
_LOOSE = ("==", "!=")
_BOOLEAN = ("&&", "||")
# `options.tip || 15` makes a tip of 0 the default too; `??` defaults only for null and undefined.
_NULLISH = {"||": "??"}
_ORDERED = frozenset({"-", "/", "%", "**", "<<", ">>", ">>>", "+", *_ORDERING})
# ``a < b`` → ``a > b`` (``b < a``) is swap_operands': replace_operator leaves it out (one behaviour, one candidate).
_MIRRORED = {"<": ">", ">": "<", "<=": ">=", ">=": "<="}
_FLIPPED = {"<": "<=", "<=": "<", ">": ">=", ">=": ">", "===": "!==", "!==": "===", "==": "!=", "!=": "=="}
# Methods that come in pairs of one signature: calling one for the other is a one-word bug (`Math.min` and
# `Math.floor` only on `Math`).
_PAIRED = both_ways(
    ("min", "max"),
    ("floor", "ceil"),
    ("some", "every"),
    ("shift", "pop"),
    ("unshift", "push"),
    ("startsWith", "endsWith"),
    ("toUpperCase", "toLowerCase"),
    ("indexOf", "lastIndexOf"),
    ("trimStart", "trimEnd"),
    ("padStart", "padEnd"),
    ("reduce", "reduceRight"),
)
_MATH = frozenset({"min", "max", "floor", "ceil"})
# A number rounded the wrong way (`Math.floor` for `Math.round`): each rounding of `Math` for the others.
_ROUNDING = ("floor", "ceil", "round", "trunc")
_STEPS = {"++": "--", "--": "++"}
_SLICES = frozenset({"slice", "substring"})


def _swap_operands(node: Node, program: _Program) -> Iterator[_Candidate]:
    """The operands of a non-commutative operator (``+`` too: strings and arrays), or a comparison's sides
    (its operator mirrored)."""
    op, left = _operator(node), node.child_by_field_name("left")
    if node.type == "binary_expression" and op in _MIRRORED and left is not None and left.type not in _CONSTANTS:
        # ``x < 0`` → ``x > 0``, not ``0 < x``: the sides swapped, written as people do (one token, a constant
        # on the right; ``0 < x`` → ``x < 0`` below).
        yield _with_operator("swap_operands", node, _MIRRORED[op], program)
    elif node.type == "binary_expression" and op in _ORDERED:
        yield _swapped("swap_operands", node, 0, program)


def _replace_operator(node: Node, program: _Program) -> Iterator[_Candidate]:
    """Every other operator of the same class: arithmetic (augmented too; ``*`` ↔ ``**``; ``++`` ↔ ``--``),
    comparison, boolean."""
    op = _operator(node)
    step = node.child_by_field_name("operator") if node.type == "update_expression" and op in _STEPS else None
    if step is not None:  # a loop counting the wrong way: `i--` for `i++`
        form = _Form(_STEPS[step.type], node.type)
        yield _Candidate("replace_operator", node, step.start_byte, step.end_byte, (form,), node, step.start_byte)
    if op is None or node.type not in ("binary_expression", "augmented_assignment_expression"):
        return
    suffix = "=" if node.type == "augmented_assignment_expression" else ""
    op = op.removesuffix(suffix)
    equality = _STRICT if op in _STRICT or (op in _ORDERING and program.strict) else _LOOSE
    left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
    arithmetic = _STARRED.get(op, _ARITHMETIC)
    if op in _NULLISH and not suffix:
        yield _with_operator("replace_operator", node, _NULLISH[op], program)
    for group in (arithmetic, (*_ORDERING, *equality), _BOOLEAN if not suffix else ()):
        if op in group:
            for new in group:
                # ``x * 1`` is ``x``, which off_by_one writes as that (``x - 1`` → ``x``).
                neutral = not suffix and left and right and _identity(new, left, right, program)
                # `-x ** 2` is a SyntaxError in JavaScript (the grammar here parses it).
                unary = new == "**" and left is not None and left.type in ("unary_expression", "await_expression")
                if new not in (op, _MIRRORED.get(op)) and not neutral and not unary:
                    if group is arithmetic and not suffix:
                        # The operator as typed, which binds by its own precedence: ``s + p + q`` → ``s + p * q``
                        # (where it does not regroup, the same program as the next, which is then left out).
                        yield _typed("replace_operator", node, new, program)
                    yield _with_operator("replace_operator", node, new + suffix, program)


def _flip_comparison(node: Node, program: _Program) -> Iterator[_Candidate]:
    """``<`` ↔ ``<=``, ``>`` ↔ ``>=``, ``===`` ↔ ``!==``, ``==`` ↔ ``!=``."""
    op = _operator(node)
    if node.type == "binary_expression" and op in _FLIPPED:
        yield _with_operator("flip_comparison", node, _FLIPPED[op], program)


def _swap_min_max(node: Node, program: _Program) -> Iterator[_Candidate]:
    """``Math.min`` ↔ ``Math.max``, ``Math.floor`` ↔ ``Math.ceil`` (and either, ``Math.round`` or ``Math.trunc`` for
    the others on one argument), a called method for its pair (``.some(`` ↔ ``.every(``, ``.shift(`` ↔ ``.pop(``,
    ``.startsWith(`` ↔ ``.endsWith(``, ...), and three one-way bugs lint rules name: ``.replace("-", ...)`` for
    ``.replaceAll``, ``.indexOf(x)`` tested for truth for ``.includes(x)``, a bare ``.sort()`` of numbers (or of
    pairs); ``&&`` ↔ ``||`` is :func:`_replace_operator`'s."""
    obj, prop = node.child_by_field_name("object"), node.child_by_field_name("property")
    if node.type != "member_expression" or obj is None or prop is None:
        return
    name = program.text(prop)
    called = node.parent is not None and _is(node.parent.child_by_field_name("function"), node)
    # `Math.min` passed uncalled (`xs.reduce(Math.min)`) is swapped too.
    if name in _PAIRED and (program.text(obj) == "Math" if name in _MATH else called):
        yield _renamed("swap_min_max", node, _PAIRED[name], program)
    arguments = node.parent.child_by_field_name("arguments") if called and node.parent is not None else None
    first = _parts(arguments)[0] if arguments is not None and _parts(arguments) else None
    if name == "replace" and first is not None and first.type == "string":
        # `slug.replace("-", " ")` replaces the first dash only (a regular expression says /g itself).
        yield _renamed("swap_min_max", node, "replaceAll", program)
    if name == "indexOf" and called and _is_condition(node.parent):
        # `if (roles.indexOf(role))`: -1 is true and the first item's 0 false.
        yield _renamed("swap_min_max", node, "includes", program)
    if name in ("sort", "toSorted") and arguments is not None and node.parent is not None and first is None:
        # A bare sort compares numbers as strings: [10, 9, 1] sorts to [1, 10, 9]; arrays `.map` made (`[start,
        # end]`) are compared item by item.
        width = _mapped_width(obj)
        compared = " || ".join(f"a[{i}] - b[{i}]" for i in range(width)) if width else "a - b"
        form = _Form(f"((a, b) => {compared})", "arguments")
        shown = node.parent if program.fits(node.parent) else prop
        start, end = arguments.start_byte, arguments.end_byte
        yield _Candidate("swap_min_max", arguments, start, end, (form,), shown, start)
    if name in _ROUNDING and program.text(obj) == "Math" and _argument_count(node) == 1:
        for other in _ROUNDING:
            if other not in (name, _PAIRED.get(name)):
                yield _renamed("swap_min_max", node, other, program)


def _mapped_width(node: Node) -> int | None:
    """How many items the arrays have that ``node``, a ``.map`` (or ``.filter`` of one) with an arrow returning an
    array literal, makes; ``None`` otherwise."""
    while node.type == "call_expression":
        callee, arguments = node.child_by_field_name("function"), node.child_by_field_name("arguments")
        prop = callee.child_by_field_name("property") if callee is not None else None
        obj = callee.child_by_field_name("object") if callee is not None else None
        if prop is None or obj is None or arguments is None:
            return None
        parts = _parts(arguments)
        name = (prop.text or b"").decode("utf-8")
        if name == "map" and len(parts) == 1 and parts[0].type == "arrow_function":
            body = parts[0].child_by_field_name("body")
            return len(_parts(body)) if body is not None and body.type == "array" and _parts(body) else None
        if name not in ("filter", "slice"):
            return None
        node = obj
    return None


def _is_condition(node: Node | None) -> bool:
    """Whether ``node``'s value is only tested for truth: an ``if``/``while`` condition, a ternary's, an operand of
    ``!``, ``&&`` or ``||``, what an arrow passed to ``.some``, ``.filter``, ``.find``... returns."""
    parent = node.parent if node is not None else None
    if node is None or parent is None:
        return False
    if parent.type == "parenthesized_expression" and parent.parent is not None:
        return parent.parent.type in ("if_statement", "while_statement", "do_statement")
    if parent.type == "ternary_expression":
        return _is(parent.child_by_field_name("condition"), node)
    if parent.type == "arrow_function" and _is(parent.child_by_field_name("body"), node):
        # A predicate's value: `roles.some((r) => PERMS[r].indexOf(p))`.
        call = parent.parent.parent if parent.parent is not None and parent.parent.type == "arguments" else None
        callee = call.child_by_field_name("function") if call is not None else None
        prop = callee.child_by_field_name("property") if callee is not None else None
        return prop is not None and (prop.text or b"").decode() in _PREDICATES
    return (parent.type == "unary_expression" and _operator(parent) == "!") or _operator(parent) in _BOOLEAN


_PREDICATES = frozenset({"some", "every", "filter", "find", "findIndex", "findLast", "findLastIndex"})


def _is_bound(node: Node, program: _Program) -> bool:
    """Whether ``node`` is an index, a ``for`` loop's bound, a ``slice``/``substring`` argument, a name assigned
    as it is (``lo = mid``, ``let lo = mid``), a name passed to its function's own recursive call, a parameter
    an arrow function returns as it is (``(_, i) => i``, an index mapped 0-based for 1-based), or a name used as an
    exponent or shift count (``factor ** attempt``)."""
    parent = node.parent
    if parent is None or node.type in ("number", "spread_element"):
        return False
    if parent.type == "arrow_function":
        single, listed = parent.child_by_field_name("parameter"), parent.child_by_field_name("parameters")
        parameters = [single] if single is not None else _parts(listed) if listed is not None else []
        # TypeScript's `(_, i: number)`: the name is the parameter's pattern.
        names = [p.child_by_field_name("pattern") if p.type == "required_parameter" else p for p in parameters]
        named = {program.text(n) for n in names if n is not None and n.type == "identifier"}
        return (
            node.type == "identifier" and _is(parent.child_by_field_name("body"), node) and program.text(node) in named
        )
    if parent.type in ("assignment_expression", "variable_declarator"):
        value = parent.child_by_field_name("right" if parent.type == "assignment_expression" else "value")
        return node.type == "identifier" and _is(value, node)
    if parent.type == "subscript_expression":
        return _is(parent.child_by_field_name("index"), node)
    if parent.type == "arguments":
        callee = parent.parent.child_by_field_name("function") if parent.parent is not None else None
        prop = callee.child_by_field_name("property") if callee is not None else None
        if callee is not None and callee.type == "identifier":
            # A recursive call on the same argument never gets smaller: `factorial(n)` for `factorial(n - 1)`.
            return node.type == "identifier" and program.text(callee) == program.scope_of(node)
        return callee is not None and callee.type == "member_expression" and program.text(prop or callee) in _SLICES
    if parent.type == "binary_expression" and _operator(parent) in ("**", "<<"):
        # A count used as an exponent or shift: `factor ** attempt` for the first attempt's `factor ** (attempt - 1)`.
        return node.type == "identifier" and _is(parent.child_by_field_name("right"), node)
    if parent.type != "binary_expression" or _operator(parent) not in _ORDERING:
        return False
    # The right of a ``for`` loop's condition (which older grammars wrap in an expression statement).
    grandparent = parent.parent
    condition = grandparent if grandparent is not None and grandparent.type == "expression_statement" else parent
    loop = condition.parent
    right = _is(parent.child_by_field_name("right"), node)
    return (
        right
        and loop is not None
        and loop.type == "for_statement"
        and _is(loop.child_by_field_name("condition"), condition)
    )


_INTEGER = re.compile(r"0|[1-9][0-9]*")
# Where ±1 on a length would repeat another candidate: a comparison, or a sum.
_NOT_A_NEW_LENGTH = frozenset({*_ORDERING, *_STRICT, *_LOOSE, "+", "-"})


def _is_length(node: Node, program: _Program) -> bool:
    """``x.length`` read where ±1 is a new behaviour: not compared (``<`` ↔ ``<=`` makes those), not a term of a
    sum (``x.length - 1`` and ``x.length - k`` as a bound: ±1 on the number or the bound makes those), not
    written. A divisor is the classic case: ``/ xs.length`` for a sample's ``/ (xs.length - 1)``."""
    prop, parent = node.child_by_field_name("property"), node.parent
    if node.type != "member_expression" or prop is None or program.text(prop) != "length" or parent is None:
        return False
    if parent.type in ("update_expression", "augmented_assignment_expression"):
        return False
    if parent.type == "assignment_expression":
        return not _is(parent.child_by_field_name("left"), node)
    if parent.type != "binary_expression":
        return True
    return _operator(parent) not in _NOT_A_NEW_LENGTH


def _off_by_one(node: Node, program: _Program) -> Iterator[_Candidate]:
    """±1 on any integer literal; on any index, ``for`` loop bound or ``slice`` argument that is not a literal; on
    a name assigned as it is (``lo = mid`` → ``lo = mid + 1``, binary search's bug); on a name passed to its
    function's own recursive call (``factorial(n)`` → ``factorial(n - 1)``); on a parameter an arrow function
    returns as it is (``(_, i) => i`` → ``(_, i) => i + 1``); and on a length (:func:`_is_length`)."""
    segment = program.text(node)
    if node.type == "number" and _INTEGER.fullmatch(segment):
        shown = _widen(node, program)
        for value in (int(segment) + 1, int(segment) - 1):
            yield _dropped(node, str(value), program) or _over("off_by_one", node, (_Form(str(value)),), shown)
        yield from _slice_sign(node, program)
    elif (_is_bound(node, program) or _is_length(node, program)) and not _ends_in_literal(node, program):
        wrapped = _wrapped(node, program)
        for sign in "+-":
            forms = _forms(
                _Form(f"{segment} {sign} 1", "binary_expression", (segment, "1")),
                _Form(f"{wrapped} {sign} 1", "binary_expression", (wrapped, "1")),
            )
            yield _over("off_by_one", node, forms, _widen(node, program))


def _slice_sign(node: Node, program: _Program) -> Iterator[_Candidate]:
    """A ``slice`` argument counted from the wrong end: ``digits.slice(4)`` for the last four, ``.slice(-4)``, and
    back (``substring`` reads a negative as 0)."""
    parent = node.parent
    negated = parent is not None and parent.type == "unary_expression" and program.text(parent)[:1] == "-"
    bound = parent if negated and parent is not None else node
    arguments, segment = bound.parent, program.text(node)
    call = arguments.parent if arguments is not None and arguments.type == "arguments" else None
    callee = call.child_by_field_name("function") if call is not None else None
    prop = callee.child_by_field_name("property") if callee is not None else None
    if segment == "0" or prop is None or program.text(prop) != "slice":
        return
    form = _Form(segment, "number") if negated else _Form(f"-{segment}", "unary_expression")
    yield _over("off_by_one", bound, (form,), _widen(bound, program), at=node.start_byte)


def _ends_in_literal(node: Node, program: _Program) -> bool:
    """``e + 1`` or ``e - 1``: ±1 on its number already makes ``e + 2`` and ``e``, which ``e + 1 + 1`` and
    ``e + 1 - 1`` would only write differently (and report as different patches)."""
    right = node.child_by_field_name("right")
    return (
        _operator(node) in ("+", "-")
        and right is not None
        and right.type == "number"
        and _INTEGER.fullmatch(program.text(right)) is not None
    )


# Which numbers leave the other operand unchanged, by the side they stand on: ``x - 0``, ``x * 1``, ``1 * x``.
_NEUTRAL: dict[tuple[str, str], tuple[str, ...]] = {
    ("right", "0"): ("+", "-"),
    ("right", "1"): ("*", "/", "**"),
    ("left", "0"): ("+",),
    ("left", "1"): ("*",),
}


def _identity(op: str, left: Node, right: Node, program: _Program) -> bool:
    """Whether ``left op right`` equals one of its operands, the other being the operation's identity on numbers."""
    sides = (("left", left), ("right", right))
    return any(op in _NEUTRAL.get((side, program.text(n)), ()) for side, n in sides if n.type == "number")


def _dropped(node: Node, new: str, program: _Program) -> _Candidate | None:
    """``node``, a number, changed to ``new``, its operation's identity (``x - 1`` → ``x - 0``), written as the
    term dropped (``x``), or ``-1`` changed to ``-0`` written ``0``: the same program, as a person writes the fix.
    ``None`` if ``new`` is neither."""
    parent = node.parent
    if parent is not None and parent.type == "unary_expression" and program.text(parent)[:1] == "-" and new == "0":
        return _over("off_by_one", parent, (_Form("0", "number"),), at=node.start_byte)
    if parent is None or parent.type != "binary_expression":
        return None
    left, op, right = (parent.child_by_field_name(f) for f in ("left", "operator", "right"))
    if left is None or op is None or right is None or not (_is(left, node) or _is(right, node)):
        return None
    side, other = ("left", right) if _is(left, node) else ("right", left)
    if program.text(op) not in _NEUTRAL.get((side, new), ()):
        return None
    form = _Form(program.text(other), other.type, tuple(program.text(p) for p in _parts(other)))
    # An atom keeps no parentheses around it: ``a / (n + 1)`` → ``a / n``, not ``a / (n)``.
    grouped = parent.parent
    if grouped is not None and grouped.type == "parenthesized_expression" and other.type in _ATOMS:
        parent = grouped
    return _over("off_by_one", parent, (form,), at=node.start_byte)


def _swap_arguments(node: Node, program: _Program) -> Iterator[_Candidate]:
    """Two neighbouring arguments of a call (not ``Math.min``/``Math.max``, where order does not matter), the two
    indices of a double subscript (a matrix read by column for row: ``m[i][j]`` → ``m[j][i]``), or a ``reduce``'s
    missing start value, ``0``."""
    inner = node.child_by_field_name("object") if node.type == "subscript_expression" else None
    if inner is not None and inner.type == "subscript_expression":
        first, second = inner.child_by_field_name("index"), node.child_by_field_name("index")
        if first is not None and second is not None:
            between = program.data[first.end_byte : second.start_byte].decode("utf-8")
            form = _Form(f"{program.text(second)}{between}{program.text(first)}", "subscript_expression")
            yield _Candidate("swap_arguments", node, first.start_byte, second.end_byte, (form,), node, first.start_byte)
        return
    call = node.parent
    if node.type != "arguments" or call is None or call.type not in ("call_expression", "new_expression"):
        return
    callee = call.child_by_field_name("function")
    if callee is not None and program.text(callee) in ("Math.min", "Math.max"):
        return
    parts = _parts(node)
    prop = callee.child_by_field_name("property") if callee is not None else None
    if prop is not None and program.text(prop) in ("reduce", "reduceRight") and len(parts) == 1:
        # The start value a sum's `reduce` lacks: without it the first item (an object) is the start.
        texts = (program.text(parts[0]), "0")
        form = _Form(f"{program.text(node)[:-1].rstrip()}, 0)", "arguments", texts)
        shown = call if program.fits(call) else node
        yield _Candidate("swap_arguments", node, node.start_byte, node.end_byte, (form,), shown, parts[0].end_byte)
    for i in range(len(parts) - 1):
        if "spread_element" not in (parts[i].type, parts[i + 1].type):
            yield replace(_swapped("swap_arguments", node, i, program), shown=call if program.fits(call) else node)


def _negate_condition(node: Node, program: _Program) -> Iterator[_Candidate]:
    """An ``if``, ``while`` or ternary condition negated, a ``!`` removed, or a ``true`` or ``false`` flipped wherever
    it is written (``{ignoreCase: false}``, ``let found = true``)."""
    parent = node.parent
    if parent is None:
        return
    if node.type in ("true", "false"):
        flipped = "false" if node.type == "true" else "true"
        yield _over("negate_condition", node, (_Form(flipped, flipped),), _widen(node, program))
        return
    if node.type == "unary_expression" and _operator(node) == "!":
        argument = node.child_by_field_name("argument")
        if argument is not None:
            texts = tuple(program.text(p) for p in _parts(argument))
            form = _Form(program.text(argument), argument.type, texts)
            yield _over("negate_condition", node, (form,))
        return
    statement = parent.parent if parent.type == "parenthesized_expression" else None
    in_statement = statement is not None and statement.type in ("if_statement", "while_statement", "do_statement")
    in_ternary = parent.type == "ternary_expression" and _is(parent.child_by_field_name("condition"), node)
    if in_statement or in_ternary:
        segment = program.text(node)
        forms = _forms(
            _Form(f"!{segment}", "unary_expression", (segment,)),
            _Form(f"!({segment})", "unary_expression", (f"({segment})",)),
        )
        yield _over("negate_condition", node, forms)


def _replace_name(node: Node, program: _Program) -> Iterator[_Candidate]:
    """A name read in a function replaced by another of its names; a property by another seen on the same object."""
    if node.type == "identifier" and program.is_read(node):
        name, shown = program.text(node), _widen(node, program)
        for other in program.names_of(node):
            if other != name:
                yield _over("replace_name", node, (_Form(other, "identifier"),), shown)
    elif node.type == "member_expression":
        obj, prop, parent = node.child_by_field_name("object"), node.child_by_field_name("property"), node.parent
        assigned = (
            parent is not None
            and parent.type.endswith("assignment_expression")
            and _is(parent.child_by_field_name("left"), node)
        )
        if obj is None or prop is None or prop.type != "property_identifier" or assigned:
            return
        for other in program.properties.get(program.text(obj), []):
            if other != program.text(prop) and program.may_call(node, other):
                yield _renamed("replace_name", node, other, program)


# Calls that read what the program is given, by their name or their property's: unwrapping one changes what
# the program reads, not how it computes.
_READS = frozenset({"prompt", "require", "readFileSync"})


def _remove_call(node: Node, program: _Program) -> Iterator[_Candidate]:
    """A call of one plain argument replaced by that argument (``Math.abs(x)`` → ``x``), unless it is a statement
    or reads input."""
    arguments = node.child_by_field_name("arguments")
    if node.type != "call_expression" or arguments is None or arguments.type != "arguments":
        return
    function = node.child_by_field_name("function")
    called = function.child_by_field_name("property") if function and function.type == "member_expression" else function
    if called is not None and program.text(called) in _READS:
        return
    if node.parent is None or node.parent.type == "expression_statement":
        return
    parts = _parts(arguments)
    if len(parts) == 1 and parts[0].type != "spread_element":
        argument = parts[0]
        form = _Form(program.text(argument), argument.type, tuple(program.text(p) for p in _parts(argument)))
        yield _over("remove_call", node, (form,))


def _return_local(node: Node, program: _Program) -> Iterator[_Candidate]:
    """A returned value replaced by another of the function's names."""
    values = _parts(node) if node.type == "return_statement" else []
    if not values:
        return
    value = values[0]
    current = program.text(value) if value.type == "identifier" else None
    for other in program.names_of(node):
        if other != current:
            yield _over("return_local", value, (_Form(other, "identifier"),), shown=node)


# Where a promise is handed on, not used: awaited already, an argument (`Promise.all([...])`), an array item, an
# arrow function's value.
_HANDED_ON = frozenset({"await_expression", "arguments", "array", "arrow_function", "spread_element", "pair"})


def _add_await(node: Node, program: _Program) -> Iterator[_Candidate]:
    """``await`` added, in an ``async`` function, before a call of one of the program's own ``async`` functions or
    methods (a pending promise is always truthy), or before a call that a statement inside ``try`` returns, assigns
    or makes on its own (``return fn()`` or ``const v = fn()`` there lets the promise's rejection escape the
    ``catch``)."""
    parent, function = node.parent, next(_functions_around(node), None)
    if node.type != "call_expression" or parent is None or parent.type in _HANDED_ON or function is None:
        return
    if not _is_async(function):
        return
    callee = node.child_by_field_name("function")
    name = (
        callee.child_by_field_name("property") if callee is not None and callee.type == "member_expression" else callee
    )
    statement = _using_whole(node)
    statement = statement if statement is not None and _in_try(statement) else None
    if statement is None and (name is None or program.text(name) not in program.coroutines):
        return
    shown = statement if statement is not None and program.fits(statement) else node
    yield _over("add_await", node, (_Form(f"await {program.text(node)}", "await_expression"),), shown)


def _using_whole(call: Node) -> Node | None:
    """The statement that uses ``call``'s value whole (``return f()``, ``f()``, or what :func:`_assigned_value`
    reads: ``const v = f()``, ``v = f()``, not one of two declarators)."""
    parent = call.parent
    if parent is not None and parent.type in ("return_statement", "expression_statement"):
        return parent
    statement = parent.parent if parent is not None else None
    value = _assigned_value(statement) if statement is not None else None
    return statement if value is not None and _is(value, call) else None


def _is_async(function: Node) -> bool:
    return any(child.type == "async" for child in function.children)


def _in_try(node: Node) -> bool:
    """Whether ``node`` is in the block of a ``try`` that has a ``catch``, within its function."""
    child, parent = node, node.parent
    while parent is not None and parent.type not in _FUNCTIONS:
        handled = parent.type == "try_statement" and parent.child_by_field_name("handler") is not None
        if handled and _is(parent.child_by_field_name("body"), child):
            return True
        child, parent = parent, parent.parent
    return False


_LOOPS = ("for_statement", "for_in_statement", "while_statement", "do_statement")

# Methods that change the object they are called on.
_MUTATORS = frozenset(
    {"push", "pop", "shift", "unshift", "splice", "sort", "reverse", "fill", "set", "delete", "add", "clear"}
)


def _known_bug(node: Node, program: _Program) -> Iterator[_Candidate]:
    """The fixes lints name for bugs that are no single token: ``.map(parseInt)`` (which passes the index as the radix)
    → ``.map((s) => parseInt(s, 10))``; a ``function`` callback that reads ``this`` → an arrow (a plain function gets
    its own ``this``); a stored ``/g`` regular expression that is ``.test``-ed loses its ``g`` (it keeps
    ``lastIndex`` between calls); a parameter sorted in place is sorted as a copy; ``forEach`` of an async callback
    in an async function → ``await Promise.all(... .map(...))``; a ``return`` put inside the loop that ends its block
    goes after it; a value taken from elsewhere and then changed is copied first (``const c = DEFAULTS.channels`` →
    ``{ ...DEFAULTS.channels }`` or ``[...]``); a month counted from 1 where ``Date`` counts from 0; a length where
    ``.substring``/``.slice`` take an end; ``!counts[key]`` → ``!(key in counts)`` (a stored ``0`` is there); in a
    loop, ``last.end = block.end`` keeps the larger (or smaller) bound (``Math.max(last.end, block.end)``); a
    ``for...of`` over an array its body changes, or whose items it calls, iterates over a copy (``of
    [...handlers]``); a regular expression's group of one digit or word character reads a run (``/(\\d)/`` →
    ``/(\\d+)/``); a pattern that ``.replace`` gets without ``g`` gets it (``/\\s+/`` → ``/\\s+/g``); ``s.split("
    ")`` splits on runs of whitespace (``s.split(/\\s+/)``); an operator that binds tighter than the writer read
    it, regrouped (``m.get(k) ?? 0 + 1`` → ``(m.get(k) ?? 0) + 1``, ``"n: " + x ? a : b`` → ``"n: " + (x ? a : b)``,
    ``x & 1 === 0``, ``!k in o``: ESLint's no-mixed-operators and no-unsafe-negation); a position checked against a
    size only from above is checked from below too (``nr < rows`` → ``nr >= 0 && nr < rows``)."""
    parent = node.parent
    if node.type == "identifier" and program.text(node) == "parseInt" and parent is not None:
        call = parent.parent if parent.type == "arguments" else None
        callee = call.child_by_field_name("function") if call is not None else None
        prop = callee.child_by_field_name("property") if callee is not None else None
        if prop is not None and program.text(prop) == "map" and len(_parts(parent)) == 1:
            yield _over("known_bug", node, (_Form("(s) => parseInt(s, 10)", "arrow_function"),), _widen(node, program))
    elif node.type in ("function_expression", "function") and parent is not None and parent.type == "arguments":
        yield from _arrow(node, program)
    elif node.type == "variable_declarator":
        yield from _tested_pattern(node, program)
        yield from _declared_copy(node, program)
    elif node.type == "new_expression":
        yield from _date_month(node, program)
    elif node.type == "regex":
        yield from _pattern_runs(node, program)
        yield from _replace_every(node, program)
    elif node.type == "unary_expression":
        yield from _presence(node, program)
    elif node.type == "assignment_expression":
        yield from _running_bound(node, program)
    elif node.type in _LOOPS:
        yield from _return_after_loop(node, program)
        yield from _iterate_copy(node, program)
    elif node.type == "binary_expression":
        yield from _regrouped(node, program)
        yield from _lower_bound(node, program)
    elif node.type == "ternary_expression":
        yield from _regrouped_choice(node, program)
    elif node.type == "call_expression":
        yield from _sorted_copy(node, program)
        yield from _date_month(node, program)
        yield from _calendar_month(node, program)
        yield from _length_as_end(node, program)
        yield from _awaited_each(node, program)
        yield from _split_words(node, program)


# Operators that bind tighter than a default, a choice or a bitwise test, and ones that bind looser than a negation.
_DEFAULTED = frozenset({"??", "||"})
_BITWISE = frozenset({"&", "|", "^"})
_TESTED = frozenset({*_STRICT, *_LOOSE, *_ORDERING})
_NEGATED = frozenset({"in", "instanceof"})


def _regrouped(node: Node, program: _Program) -> Iterator[_Candidate]:
    """A binary expression whose unparenthesized operand binds the other way than the writer meant: ``a ?? b + c`` →
    ``(a ?? b) + c`` (and ``a + b || c`` → ``a + (b || c)``), ``x & 1 === 0`` → ``(x & 1) === 0``, ``!k in o`` →
    ``!(k in o)``."""
    op, left, right = _operator(node), node.child_by_field_name("left"), node.child_by_field_name("right")
    if op is None or left is None or right is None:
        return
    inner_right, inner_left = _operator(right), _operator(left)
    if right.type == "binary_expression" and (
        (op in _DEFAULTED and inner_right in _ARITHMETIC) or (op in _BITWISE and inner_right in _TESTED)
    ):
        yield _rotated(node, right, program, inner_first=True)
    if left.type == "binary_expression" and op in _DEFAULTED and inner_left in _ARITHMETIC:
        yield _rotated(node, left, program, inner_first=False)
    argument = left.child_by_field_name("argument")
    if op in _NEGATED and left.type == "unary_expression" and inner_left == "!" and argument is not None:
        inside = program.data[argument.start_byte : node.end_byte].decode("utf-8")
        yield _over("known_bug", node, (_Form(f"!({inside})", "unary_expression"),), _widen(node, program))


_JOINED = frozenset({"&&", "||"})
# What a condition decides (not a `for` loop's: its counter counts up from where it starts).
_DECIDED = frozenset({"if_statement", "while_statement", "do_statement", "ternary_expression"})


def _lower_bound(node: Node, program: _Program) -> Iterator[_Candidate]:
    """``if (nr < rows && nc < cols)`` → ``if (nr >= 0 && nr < rows && nc >= 0 && nc < cols)``: a position checked
    against a size only from above lets ``-1`` through (CWE-839). One candidate a condition, made at its first such
    comparison, bounds all of them."""
    test = node
    while test.parent is not None and (
        test.parent.type in ("parenthesized_expression", "unary_expression")
        or (test.parent.type == "binary_expression" and _operator(test.parent) in _JOINED)
    ):
        test = test.parent
    owner = test.parent
    if owner is None or owner.type not in _DECIDED or not _is(owner.child_by_field_name("condition"), test):
        return
    compared = list(_comparisons(test))
    bare = [c for c in compared if _above_only(c, compared, program)]
    if not bare or not _is(bare[0], node):
        return
    start, text = test.start_byte, program.data[test.start_byte : test.end_byte]
    for c in reversed(bare):
        left = program.text(c.child_by_field_name("left") or c)
        at = c.start_byte - start
        text = text[:at] + f"{left} >= 0 && ".encode() + text[at:]
    shown = test if program.fits(test) else node
    yield _over("known_bug", test, (_Form(text.decode("utf-8")),), shown, at=node.start_byte)


def _comparisons(test: Node) -> Iterator[Node]:
    """The comparisons a condition joins with ``&&``, ``||`` and ``!``, in source order."""
    if test.type == "binary_expression" and _operator(test) in _JOINED:
        for side in ("left", "right"):
            part = test.child_by_field_name(side)
            if part is not None:
                yield from _comparisons(part)
    elif test.type in ("parenthesized_expression", "unary_expression"):
        for part in _parts(test):
            yield from _comparisons(part)
    elif test.type == "binary_expression":
        yield test


def _above_only(node: Node, compared: Sequence[Node], program: _Program) -> bool:
    """Whether ``node`` checks a name against a size from above (``nr < rows``, ``i < xs.length``), and no other
    comparison of the condition mentions the name (one may bound it from below)."""
    left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
    if _operator(node) not in ("<", "<=") or left is None or right is None or left.type != "identifier":
        return False
    size = right.child_by_field_name("property") if right.type == "member_expression" else right
    if size is None or size.type not in ("identifier", "property_identifier"):
        return False
    if not EXTENT_NAME.search(program.text(size)):
        return False
    name = program.text(left)
    return not any(
        n.type == "identifier" and program.text(n) == name for c in compared if not _is(c, node) for n in named_nodes(c)
    )


def _rotated(node: Node, inner: Node, program: _Program, *, inner_first: bool) -> _Candidate:
    """``node`` (a binary or ternary expression) regrouped around ``inner``, a binary expression at one of its ends:
    ``a OP b op c`` → ``(a OP b) op c`` when ``inner`` ends it (``inner_first``: its operator ends up outside), ``a op
    b OP c`` → ``a op (b OP c)`` when ``inner`` starts it."""
    near = inner.child_by_field_name("left" if inner_first else "right")
    op = inner.child_by_field_name("operator")
    assert near is not None and op is not None, "binary nodes have all three"
    if inner_first:
        grouped, rest = program.data[node.start_byte : near.end_byte], program.data[near.end_byte : node.end_byte]
        text = f"({grouped.decode('utf-8')}){rest.decode('utf-8')}"
    else:
        rest, grouped = program.data[node.start_byte : near.start_byte], program.data[near.start_byte : node.end_byte]
        text = f"{rest.decode('utf-8')}({grouped.decode('utf-8')})"
    return _over("known_bug", node, (_Form(text, "binary_expression"),), _widen(node, program), at=op.start_byte)


def _regrouped_choice(node: Node, program: _Program) -> Iterator[_Candidate]:
    """``"n: " + x ? a : b`` → ``"n: " + (x ? a : b)``, and ``c ? a : b + 1`` → ``(c ? a : b) + 1``: ``?:`` binds
    looser than arithmetic."""
    condition, alternative = node.child_by_field_name("condition"), node.child_by_field_name("alternative")
    if condition is not None and condition.type == "binary_expression" and _operator(condition) in _ARITHMETIC:
        yield _rotated(node, condition, program, inner_first=False)
    if alternative is not None and alternative.type == "binary_expression" and _operator(alternative) in _ARITHMETIC:
        yield _rotated(node, alternative, program, inner_first=True)


def _sorted_copy(node: Node, program: _Program) -> Iterator[_Candidate]:
    """``items.sort(...)`` (or ``.reverse()``) of a parameter → ``[...items].sort(...)``: sorting in place reorders
    the caller's array."""
    callee = node.child_by_field_name("function")
    obj = callee.child_by_field_name("object") if callee is not None else None
    prop = callee.child_by_field_name("property") if callee is not None else None
    if obj is None or prop is None or obj.type != "identifier" or program.text(prop) not in ("sort", "reverse"):
        return
    function = next(_functions_around(node), None)
    params = function.child_by_field_name("parameters") if function is not None else None
    declared = (
        {program.text(name) for pattern in _declaring(params) for name in _pattern_names(pattern)} if params else set()
    )
    if program.text(obj) in declared:
        yield _over("known_bug", obj, (_Form(f"[...{program.text(obj)}]", "array"),), _widen(obj, program))


def _awaited_each(node: Node, program: _Program) -> Iterator[_Candidate]:
    """``items.forEach(async (x) => ...);`` in an async function → ``await Promise.all(items.map(async ...))``:
    ``forEach`` drops the promises, so nothing waits for them and their failures go unseen."""
    callee, arguments, parent = node.child_by_field_name("function"), node.child_by_field_name("arguments"), node.parent
    obj = callee.child_by_field_name("object") if callee is not None else None
    prop = callee.child_by_field_name("property") if callee is not None else None
    if obj is None or prop is None or arguments is None or parent is None or parent.type != "expression_statement":
        return
    parts = _parts(arguments)
    if program.text(prop) != "forEach" or len(parts) != 1 or parts[0].type not in _FUNCTIONS or not _is_async(parts[0]):
        return
    function, body = next(_functions_around(node), None), parts[0].child_by_field_name("body")
    if function is None or not _is_async(function) or body is None:
        return
    form = _Form(f"await Promise.all({program.text(obj)}.map({program.text(parts[0])}))", "await_expression")
    head = program.data[parts[0].start_byte : body.start_byte].decode("utf-8").strip()
    said = f"{program.text(obj)}.forEach({head} ...)", f"await Promise.all({program.text(obj)}.map({head} ...))"
    yield replace(_over("known_bug", node, (form,)), said=said)


def _presence(node: Node, program: _Program) -> Iterator[_Candidate]:
    """``!counts[key]`` → ``!(key in counts)``: a stored ``0``, ``''`` or ``false`` is there, not missing."""
    argument = node.child_by_field_name("argument")
    if _operator(node) != "!" or argument is None or argument.type != "subscript_expression":
        return
    obj, index = argument.child_by_field_name("object"), argument.child_by_field_name("index")
    if obj is None or index is None or index.type == "number":
        return
    form = _Form(f"!({program.text(index)} in {_wrapped(obj, program)})", "unary_expression")
    yield _over("known_bug", node, (form,), _widen(node, program))


def _running_bound(node: Node, program: _Program) -> Iterator[_Candidate]:
    """In a loop, ``last.end = block.end`` → ``last.end = Math.max(last.end, block.end)`` (or ``Math.min``): merging
    one item into another keeps the larger bound, where an assignment takes whichever came last."""
    left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
    if left is None or right is None or left.type != right.type or left.type != "member_expression":
        return
    props = [n.child_by_field_name("property") for n in (left, right)]
    objects = [n.child_by_field_name("object") for n in (left, right)]
    if None in props or None in objects or len({program.text(p) for p in props if p is not None}) != 1:
        return
    if len({program.text(o) for o in objects if o is not None}) != 2:
        return
    current = node.parent
    while current is not None and current.type not in _LOOPS:
        if current.type in _FUNCTIONS:
            return
        current = current.parent
    if current is None:
        return
    for pick in ("Math.max", "Math.min"):
        form = _Form(f"{pick}({program.text(left)}, {program.text(right)})", "call_expression")
        yield _over("known_bug", right, (form,), node if program.fits(node) else right)


def _iterate_copy(node: Node, program: _Program) -> Iterator[_Candidate]:
    """``for (const fn of list)`` → ``of [...list]`` when the body changes ``list`` or calls the item it is at (a
    handler may remove itself): an array that loses an item mid-loop skips the next one."""
    iterated, item, body, operator = (node.child_by_field_name(f) for f in ("right", "left", "body", "operator"))
    if iterated is None or item is None or body is None or operator is None or program.text(operator) != "of":
        return
    if iterated.type not in ("identifier", "member_expression", "subscript_expression"):
        return
    named, walked = program.text(item), list(named_nodes(body))
    calls_item = any(
        n.type == "call_expression" and program.text(n.child_by_field_name("function") or n) == named for n in walked
    )
    if calls_item or any(_mutates(n, program.text(iterated), program) for n in walked):
        form = _Form(f"[...{program.text(iterated)}]", "array")
        yield _over("known_bug", iterated, (form,), _widen(iterated, program))


def _return_after_loop(node: Node, program: _Program) -> Iterator[_Candidate]:
    """``for (...) { ...; return result; }`` (the loop last in its block) → the ``return`` after the loop's ``}``."""
    body, block = node.child_by_field_name("body"), node.parent
    statements = [c for c in body.named_children if c.type != "comment"] if body is not None else []
    if body is None or body.type != "statement_block" or len(statements) < 2 or block is None:
        return
    returned = statements[-1]
    rest = [c for c in block.named_children if c.type != "comment"]
    if returned.type != "return_statement" or block.type != "statement_block" or not _is(rest[-1], node):
        return
    data = program.data
    line_start = data.rfind(b"\n", 0, returned.start_byte) + 1
    loop_line = data.rfind(b"\n", 0, node.start_byte) + 1
    closing = data[returned.end_byte : node.end_byte]  # "\n  }"
    if data[line_start : returned.start_byte].strip() or data[loop_line : node.start_byte].strip():
        return
    if closing.strip() != b"}" or returned.start_point.row == node.start_point.row:
        return
    indent, returned_text = data[loop_line : node.start_byte].decode("utf-8"), program.text(returned)
    new = closing.lstrip(b"\n").decode("utf-8") + "\n" + indent + returned_text
    form = _Form(new, "statement_block")
    head = program.text(node).split("{", 1)[0].strip()
    said = f"{head} {{ ... {returned_text} }}", f"{head} {{ ... }}` + `{returned_text}"
    yield _Candidate("known_bug", block, line_start, node.end_byte, (form,), returned, returned.start_byte, said=said)


def _calendar_month(node: Node, program: _Program) -> Iterator[_Candidate]:
    """JavaScript counts months from 0: ``new Date(y, m, d)`` for a calendar month ``m`` → ``m - 1``, and
    ``d.getMonth()`` shown to people → ``d.getMonth() + 1`` (:func:`_date_month` gives a month to ``Date``)."""
    callee = node.child_by_field_name("function")
    prop = callee.child_by_field_name("property") if callee is not None else None
    if callee is None or prop is None or program.text(prop) not in ("getMonth", "getUTCMonth"):
        return
    if _argument_count(callee) != 0:
        return
    parent = node.parent
    if parent is not None and parent.type == "binary_expression" and _operator(parent) in ("+", "-"):
        return  # already counted on or back (`getMonth() + 1`, `getMonth() + months`)
    yield _over("known_bug", node, (_Form(f"{program.text(node)} + 1", "binary_expression"),), _widen(node, program))


def _date_month(node: Node, program: _Program) -> Iterator[_Candidate]:
    """``new Date(year, month, day)`` or ``Date.UTC(year, month, day)`` with a calendar month: ``month - 1``."""
    made = node.child_by_field_name("constructor" if node.type == "new_expression" else "function")
    arguments = node.child_by_field_name("arguments")
    if (
        made is None
        or arguments is None
        or program.text(made) != ("Date" if node.type == "new_expression" else "Date.UTC")
    ):
        return
    parts = _parts(arguments)
    if len(parts) < 2 or parts[1].type not in ("identifier", "member_expression", "subscript_expression"):
        return
    month = parts[1]
    yield _over("known_bug", month, (_Form(f"{program.text(month)} - 1", "binary_expression"),), _widen(month, program))


def _length_as_end(node: Node, program: _Program) -> Iterator[_Candidate]:
    """``s.substring(start, len)`` (or ``.slice``) takes an end, not a length: ``start + len``."""
    callee, arguments = node.child_by_field_name("function"), node.child_by_field_name("arguments")
    prop = callee.child_by_field_name("property") if callee is not None else None
    if prop is None or arguments is None or program.text(prop) not in _SLICES:
        return
    parts = _parts(arguments)
    if len(parts) != 2 or program.text(parts[0]) == "0" or not COUNT_NAME.search(program.text(parts[1])):
        return
    start, length = parts
    form = _Form(f"{_wrapped(start, program)} + {_wrapped(length, program)}", "binary_expression")
    yield _over("known_bug", length, (form,), node if program.fits(node) else length)


def _pattern_runs(node: Node, program: _Program) -> Iterator[_Candidate]:
    """A regex literal with a group of one digit or word character: ``/(\\d)(\\D)/g`` → ``/(\\d+)(\\D)/g``."""
    pattern = node.child_by_field_name("pattern")
    if pattern is None:
        return
    written, shows = program.text(pattern), _first_use_in_a_function(node, program)
    for index in one_character_groups(written):
        group = written[written.rfind("(", 0, index) : index + 1]
        at = pattern.start_byte + len(written[:index].encode("utf-8"))
        said = group, group[:-1] + "+)"
        yield _Candidate("known_bug", node, at, at, (_Form("+"),), node, at, shows=shows, said=said)


def _replace_every(node: Node, program: _Program) -> Iterator[_Candidate]:
    """``s.replace(/[^a-z0-9]+/, '-')`` → ``/[^a-z0-9]+/g``: without ``g``, ``replace`` changes the first match only."""
    arguments = node.parent
    call = arguments.parent if arguments is not None and arguments.type == "arguments" else None
    callee = call.child_by_field_name("function") if call is not None else None
    prop = callee.child_by_field_name("property") if callee is not None else None
    flags = node.child_by_field_name("flags")
    if arguments is None or prop is None or program.text(prop) != "replace" or not _is(_parts(arguments)[0], node):
        return
    if flags is not None and "g" in program.text(flags):
        return
    form = _Form(f"{program.text(node)}g", "regex")
    yield _over("known_bug", node, (form,), _widen(node, program))


def _first_use_in_a_function(value: Node, program: _Program) -> int | None:
    """Where a function first reads the name a top-level declaration gives ``value``: the declaration runs on
    loading, before any test, so a bug in it shows there (``const CODE = /(\\d)/``, then ``CODE.exec(s)``)."""
    declarator = value.parent
    if declarator is None or declarator.type != "variable_declarator":
        return None
    statement, name = declarator.parent, declarator.child_by_field_name("name")
    if name is None or statement is None or statement.parent is None or statement.parent.type != "program":
        return None
    return next(
        (
            n.start_byte
            for n in program.nodes
            if n.type == "identifier" and program.text(n) == program.text(name) and next(_functions_around(n), None)
        ),
        None,
    )


def _split_words(node: Node, program: _Program) -> Iterator[_Candidate]:
    """``s.split(" ")`` → ``s.split(/\\s+/)``: a run of spaces, or a tab, otherwise makes empty or joined words."""
    callee, arguments = node.child_by_field_name("function"), node.child_by_field_name("arguments")
    prop = callee.child_by_field_name("property") if callee is not None else None
    if prop is None or arguments is None or program.text(prop) != "split":
        return
    parts = _parts(arguments)
    if len(parts) != 1 or parts[0].type != "string" or program.text(parts[0])[1:-1] != " ":
        return
    yield _over("known_bug", parts[0], (_Form("/\\s+/", "regex"),), _widen(parts[0], program))


def _reads_this(function: Node) -> bool:
    """Whether a function's body reads ``this`` as its own (not inside a nested plain function)."""
    body = function.child_by_field_name("body")
    stack = list(body.children) if body is not None else []
    while stack:
        node = stack.pop()
        if node.type == "this":
            return True
        if node.type not in _DEFINITIONS or node.type == "arrow_function":
            stack.extend(node.children)
    return False


def _arrow(node: Node, program: _Program) -> Iterator[_Candidate]:
    """A ``function`` passed as an argument that reads ``this`` (and not ``arguments``) written as an arrow."""
    params, body = node.child_by_field_name("parameters"), node.child_by_field_name("body")
    if params is None or body is None or node.child_by_field_name("name") is not None or not _reads_this(node):
        return
    if any(n.type == "identifier" and program.text(n) == "arguments" for n in named_nodes(body)):
        return
    if any(child.type == "*" for child in node.children):
        return
    # Only the head changes (`function (t) {` → `(t) => {`), so that is what people are shown.
    form = _Form(f"{'async ' if _is_async(node) else ''}{program.text(params)} => ", "arrow_function")
    yield _Candidate("known_bug", node, node.start_byte, body.start_byte, (form,), params, node.start_byte)


def _tested_pattern(node: Node, program: _Program) -> Iterator[_Candidate]:
    """``const x = /.../g`` that is ``.test``-ed loses its ``g``."""
    name, value = node.child_by_field_name("name"), node.child_by_field_name("value")
    flags = value.child_by_field_name("flags") if value is not None and value.type == "regex" else None
    if name is None or value is None or flags is None or "g" not in program.text(flags):
        return
    tests = [
        n for n in program.nodes if n.type == "member_expression" and program.text(n) == f"{program.text(name)}.test"
    ]
    if not tests:
        return
    pattern = program.data[value.start_byte : flags.start_byte].decode("utf-8")
    form = _Form(pattern + program.text(flags).replace("g", ""), "regex")
    candidate = _over("known_bug", value, (form,), node if program.fits(node) else value)
    # Declared at module level, the pattern's line runs before any test: the bug shows where it is tested.
    yield replace(candidate, shows=tests[0].start_byte)


def _declared_copy(node: Node, program: _Program) -> Iterator[_Candidate]:
    """``const x = a.b`` that the function goes on to change gets a copy (``{ ...a.b }`` or ``[...a.b]``)."""
    name, value = node.child_by_field_name("name"), node.child_by_field_name("value")
    if name is None or value is None or name.type != "identifier":
        return
    if value.type not in ("member_expression", "subscript_expression", "identifier"):
        return
    named, scope = program.text(name), next(_functions_around(node), program.tree.root_node)
    if not any(_mutates(n, named, program) for n in named_nodes(scope) if n.start_byte > node.end_byte):
        return
    shown = node if program.fits(node) else value
    for form in (_Form(f"{{ ...{program.text(value)} }}", "object"), _Form(f"[...{program.text(value)}]", "array")):
        yield _over("known_bug", value, (form,), shown)


def _mutates(node: Node, name: str, program: _Program) -> bool:
    """Whether ``node`` changes the object named ``name``: a mutating method called on it, a property or item of
    it assigned or deleted."""
    if node.type == "call_expression":
        callee = node.child_by_field_name("function")
        obj = callee.child_by_field_name("object") if callee is not None else None
        prop = callee.child_by_field_name("property") if callee is not None else None
        return obj is not None and prop is not None and program.text(obj) == name and program.text(prop) in _MUTATORS
    if node.type in ("assignment_expression", "augmented_assignment_expression"):
        left = node.child_by_field_name("left")
        target = left.child_by_field_name("object") if left is not None else None
        return target is not None and program.text(target) == name
    if node.type == "unary_expression" and _operator(node) == "delete":
        argument = node.child_by_field_name("argument")
        target = argument.child_by_field_name("object") if argument is not None else None
        return target is not None and program.text(target) == name
    return False


_SWAPPABLE = frozenset({"expression_statement", "lexical_declaration", "variable_declaration"})
"""The statements :func:`_swap_statements` puts in the other order: no ``return`` or jump, no block."""


def _swap_statements(node: Node, program: _Program) -> Iterator[_Candidate]:
    """Two one-line statements, next to each other in a block, in the other order, when one writes what the other
    reads or writes (``this.state = to;`` then ``this.history.push({ from: this.state, to });``, which meant to
    record the state left). Statements that touch nothing in common commute."""
    if node.type != "statement_block":
        return
    statements = [c for c in node.named_children if c.type != "comment"]
    for first, second in pairwise(statements):
        if not all(s.type in _SWAPPABLE and program.fits(s) for s in (first, second)):
            continue
        touched = _touched(second, program)
        if not depend(_touched(first, program), touched) or _same_value(first, second, program):
            continue
        if any(_path(name, program) in touched[1] for name in _declared(first)):
            continue  # a name used before it is declared
        a, b = program.text(first), program.text(second)
        between = program.data[first.end_byte : second.start_byte].decode("utf-8")
        indent = program.data[first.start_byte - first.start_point.column : first.start_byte].decode("utf-8")
        form = _Form(swapped(a, between, b, indent), "statement_block")
        said = f"{a} {b}", f"{b} {a}"
        yield _Candidate(
            "swap_statements", node, first.start_byte, second.end_byte, (form,), first, first.start_byte, said=said
        )


def _declared(statement: Node) -> list[Node]:
    """The names a ``let``, ``const`` or ``var`` statement declares (plain names, not patterns)."""
    return [
        name
        for d in statement.named_children
        if d.type == "variable_declarator" and (name := d.child_by_field_name("name")) is not None
    ]


def _assigned_value(statement: Node) -> Node | None:
    """What a one-name declaration or an assignment statement assigns."""
    declarators = [d for d in statement.named_children if d.type == "variable_declarator"]
    if len(declarators) == 1:
        return declarators[0].child_by_field_name("value")
    expression = statement.named_children[0] if statement.named_children else None
    if (
        statement.type == "expression_statement"
        and expression is not None
        and expression.type == "assignment_expression"
    ):
        return expression.child_by_field_name("right")
    return None


def _same_value(first: Node, second: Node, program: _Program) -> bool:
    """Whether both assign the same expression (``right = stack.pop()``, ``left = stack.pop()``): in the other order
    they swap which name holds which value, the names swapped where they are used (a likelier edit, made there)."""
    values = [_assigned_value(first), _assigned_value(second)]
    return values[0] is not None and values[1] is not None and program.text(values[0]) == program.text(values[1])


def _touched(statement: Node, program: _Program) -> tuple[set[str], set[str]]:
    """The paths (``x``, ``this.items``) a statement writes (assigned, declared, or changed by a method such as
    ``push``), and every path it names: the longest only (``this.items.push``, not ``this``)."""
    writes: set[str] = set()
    touched: set[str] = set()
    for n in _walk(statement):
        written: Node | None = None
        if n.type in ("assignment_expression", "augmented_assignment_expression"):
            written = n.child_by_field_name("left")
        elif n.type == "update_expression":
            written = n.child_by_field_name("argument")
        elif n.type == "variable_declarator":
            written = n.child_by_field_name("name")
        elif n.type == "call_expression" and (function := n.child_by_field_name("function")) is not None:
            prop = function.child_by_field_name("property") if function.type == "member_expression" else None
            if prop is not None and program.text(prop) in _MUTATORS:
                written = function.child_by_field_name("object")
        if written is not None and (path := _path(written, program)) is not None:
            writes.add(path)
        parent = n.parent  # `this` in `this.items` is not named on its own
        if parent is not None and parent.type in _PATHS and _is(parent.child_by_field_name("object"), n):
            continue
        if (path := _path(n, program)) is not None:
            touched.add(path)
    return writes, touched | writes


_PATHS = ("member_expression", "subscript_expression")


def _path(node: Node, program: _Program) -> str | None:
    """``x``, ``this.items``; an item's path is its container's (``d[k]`` is ``d``); ``None`` for anything else."""
    if node.type in ("identifier", "this", "shorthand_property_identifier"):
        return program.text(node)
    obj = node.child_by_field_name("object")
    if obj is None or node.type not in _PATHS:
        return None
    base = _path(obj, program)
    prop = node.child_by_field_name("property")
    if base is None or node.type == "subscript_expression" or prop is None:
        return base
    return f"{base}.{program.text(prop)}"


_Repair: TypeAlias = Callable[[Node, _Program], Iterator[_Candidate]]

_REPAIRS: dict[RepairTemplate, _Repair] = {
    "swap_operands": _swap_operands,
    "replace_operator": _replace_operator,
    "flip_comparison": _flip_comparison,
    "swap_min_max": _swap_min_max,
    "off_by_one": _off_by_one,
    "swap_arguments": _swap_arguments,
    "negate_condition": _negate_condition,
    "replace_name": _replace_name,
    "remove_call": _remove_call,
    "return_local": _return_local,
    "add_await": _add_await,
    "swap_statements": _swap_statements,
    "known_bug": _known_bug,
}
