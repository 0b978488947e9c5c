"""TypeScript run as JavaScript by erasing its types, as Node's ``--experimental-strip-types`` does.

Most TypeScript is JavaScript with types written in: blanking the types out (spaces, newlines kept) leaves a
JavaScript program with every line and column where it was, so no transpiler runs and no source map is needed.
The search runs its candidates that way: loading the ``typescript`` module costs each node process about
0.3 s, more than the JavaScript it then runs. What has a meaning at run time (an ``enum``, a ``namespace``, a
parameter property, a decorator, ``import``/``export``) is not erasable: :func:`erase_types` returns ``None``
and the caller transpiles. A field with no value is erased, as ``tsc`` drops it at the sandbox's ES2020 target.
"""

from __future__ import annotations

from ._tree_sitter import Node, parser_for

__all__ = ["erase_types"]

# Nodes that are types and nothing else: blanked out whole.
_TYPES = frozenset(
    {
        "type_annotation",
        "type_parameters",
        "type_arguments",
        "type_predicate_annotation",
        "asserts_annotation",
        "interface_declaration",
        "type_alias_declaration",
        "ambient_declaration",
        "function_signature",
        "method_signature",
        "abstract_method_signature",
        "index_signature",
        "implements_clause",
        "accessibility_modifier",
        "override_modifier",
    }
)
# Nodes with a meaning at run time that blanking would lose.
_RUNTIME = frozenset(
    {"enum_declaration", "internal_module", "module", "decorator", "import_statement", "export_statement"}
)
_PARAMETERS = ("required_parameter", "optional_parameter")
# The type-only tokens of a node, blanked out: `x?: number`, `let n!: number`, `f(x)!`, `readonly`, `abstract`.
_TOKENS = {
    "optional_parameter": frozenset({"?"}),
    "method_definition": frozenset({"?"}),
    "variable_declarator": frozenset({"!"}),
    "non_null_expression": frozenset({"!"}),
    "public_field_definition": frozenset({"?", "!", "readonly"}),
    "abstract_class_declaration": frozenset({"abstract"}),
}
# The token that follows a blanked-out span on a new line, and would join the line before it once the span
# is gone: `x as T` at a line's end, then `(a)` on the next, would become the call `x(a)`.
_JOINS_BEFORE = "([`+-/"


def erase_types(source: str) -> str | None:
    """``source`` (TypeScript) as JavaScript with the same lines and columns, or ``None`` when it does not
    parse or has TypeScript that means something at run time (an enum, a namespace, a parameter property, a
    decorator, an import or export: a module's rewriting needs the transpiler too).

    Example:
        >>> erase_types("const n: number = f<string>(x as any)!;")
        'const n         = f        (x       ) ;'
        >>> erase_types("enum Color { Red }") is None
        True
    """
    data = source.encode("utf-8")
    root = parser_for("typescript").parse(data).root_node
    if root.has_error:
        return None
    spans: list[tuple[int, int]] = []
    if not _collect(root, spans):
        return None
    if len(data) != len(source):  # tree-sitter counts bytes; the blanks go where the characters were
        spans = [(len(data[:start].decode("utf-8")), len(data[:end].decode("utf-8"))) for start, end in spans]
    chars = list(source)
    for start, end in spans:
        chars[start:end] = [c if c in "\r\n" else " " for c in source[start:end]]
    erased = "".join(chars)
    if any(_joins(erased, end) for _, end in spans):
        return None
    if parser_for("javascript").parse(erased.encode("utf-8")).root_node.has_error:
        return None  # a form blanking does not leave as JavaScript
    return erased


def _collect(node: Node, spans: list[tuple[int, int]]) -> bool:
    """Add the spans to blank out under ``node``; ``False`` when something in it is not erasable."""
    kind = node.type
    if kind in _TYPES:
        spans.append((node.start_byte, node.end_byte))
        return True
    if kind in _RUNTIME:
        return False
    children = node.children
    if kind in _PARAMETERS:
        first = node.named_children[0] if node.named_child_count else None
        if first is not None and first.type in ("accessibility_modifier", "override_modifier", "this"):
            return False  # a parameter property (it assigns a field), or a `this` parameter (not a parameter)
        if any(child.type == "readonly" for child in children):
            return False
    elif kind == "public_field_definition":
        tokens = {child.type for child in children}
        if "accessor" in tokens:
            return False
        if "=" not in tokens or tokens & {"declare", "abstract"}:
            spans.append((node.start_byte, node.end_byte))
            return True
    elif kind == "arrow_function":
        arrow = next(child for child in children if child.type == "=>")
        parameters = node.child_by_field_name("parameters") or node.child_by_field_name("parameter")
        if parameters is not None and parameters.end_point[0] < arrow.start_point[0]:
            return False  # a return type on a line of its own: a line break before `=>` is not JavaScript
    elif kind in ("as_expression", "satisfies_expression"):
        keyword = next(child for child in children if child.type in ("as", "satisfies"))
        spans.append((keyword.start_byte, node.end_byte))
        return _collect(children[0], spans)
    blanked = _TOKENS.get(kind, frozenset())
    for child in children:
        if not child.is_named and child.type in blanked:
            spans.append((child.start_byte, child.end_byte))
        elif not _collect(child, spans):
            return False
    return True


def _joins(text: str, end: int) -> bool:
    """Whether the code after a blanked span starts a new line with a token that would continue the last one."""
    at, crossed = end, False
    while at < len(text):
        if text[at] in "\r\n":
            at, crossed = at + 1, True
        elif text[at] in " \t":
            at += 1
        elif text.startswith("//", at):
            at = len(text) if (line_end := text.find("\n", at)) < 0 else line_end
        elif text.startswith("/*", at):
            at = len(text) if (comment_end := text.find("*/", at + 2)) < 0 else comment_end + 2
        else:
            return crossed and text[at] in _JOINS_BEFORE
    return False
