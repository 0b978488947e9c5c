"""Small edits of Python source, parsed with ``ast``: one-bug mutants, and repair candidates.

Each change replaces one node's text, spliced into the original by the node's positions (so
comments and formatting survive), and is kept only if the new text parses to exactly the
intended tree. The same machinery serves three jobs: a bug injected for the benchmark, a mutant
that probes a test suite, and a candidate repair for the search (:func:`repair_edits`).

A mutant is the source with one small, plausible bug spliced into the original text by the node's
positions, so comments and formatting survive. It serves two jobs: a broken program for an agent to
fix, and a probe of a test suite (a mutant the tests do not catch is a gap in them).

The operators:

================  ==============================================================================
operator          change
================  ==============================================================================
swap_operator     ``+`` → ``-``, ``-`` → ``+``, ``*`` → ``/``, ``/`` → ``*``, ``//`` → ``/``,
                  ``%`` → ``//``, ``**`` → ``*`` in a binary operation or augmented assignment
                  (``+=`` → ``-=``); ``and`` ↔ ``or`` (every operator of that one boolean node)
off_by_one        an int literal ``n`` → ``n + 1``, then ``n - 1``, where it is a ``range()``
                  argument, an index, a slice bound or a compared value, alone or inside
                  arithmetic (``range(len(x) - 1)``, ``x[i + 1]``, ``n % 2 == 0``)
flip_comparison   ``<`` ↔ ``<=``, ``>`` ↔ ``>=``, ``==`` ↔ ``!=``, ``is`` ↔ ``is not``,
                  ``in`` ↔ ``not in`` (one operator of a chain at a time)
swap_arguments    the first two positional arguments of a call (``f(a, b)`` → ``f(b, a)``;
                  not ``max``/``min``); the operands of ``-``, ``/``, ``//``, ``%``, ``**``,
                  ``<<``, ``>>``, ``@``; the sides of a single ``<``, ``<=``, ``>``, ``>=``,
                  ``in``, ``not in`` (so ``a < b`` → ``b < a``, the reversal ``flip_comparison``
                  leaves out)
wrong_return      ``return True`` ↔ ``return False``; any other ``return X`` → ``return None``
================  ==============================================================================

Commutative cases (``a + b`` swapped, ``a == b`` swapped, ``max(a, b)``) are left out because
they would mostly be equivalent mutants. Code inside f-strings is never mutated (it is repaired).

The repair templates (:data:`REPAIR_TEMPLATES`, used by :func:`repair_edits`) go both ways and
further: every operator of an arithmetic or comparison class, ``+`` swapped too (string and list
concatenation), any int literal, any index, slice or ``range`` bound, a name assigned as it is
(``lo = mid``), a name a function passes to its own recursive call and a parameter a lambda returns ±1, a
name replaced by another of its function's names, an attribute by another used on the same object, ``min`` ↔
``max``, ``any`` ↔ ``all``, ``floor`` ↔ ``ceil`` (and ``a // b`` → ``-(-a // b)``, rounded up) and a called
method for its pair (``startswith`` ↔ ``endswith``, ``upper`` ↔ ``lower``, ...), ``int`` ↔ ``round``,
``rstrip(".csv")`` → ``removesuffix(".csv")``, ``^`` → ``**``, ``is`` on a literal → ``==``, a slice bound's sign
(``d[4:]`` → ``d[-4:]``), a ``reduce``'s missing start value, a condition negated or its ``not`` removed, a
``True`` or ``False`` flipped, an operator replaced as typed (``s + p + q`` → ``s + p * q``, which regroups), a
one-argument call unwrapped (not one that reads input), a returned value replaced by another local, ``await``
added (``add_await``: a call of the program's own ``async def``, or one that a statement inside ``try`` returns,
assigns or makes), two one-line statements of a function's block in the other order when one writes what the
other reads (``swap_statements``: a state changed before it is recorded), and, last, the fixes linters name for
known bugs that are no single token (``known_bug``: :func:`_known_bug`). An edit that would leave a neutral term
(``x - 0``, ``x * 1``) drops it instead: ``x - 1`` → ``x``.
"""

from __future__ import annotations

import ast
import bisect
import copy
import io
import re
import tokenize
import warnings
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Literal, TypeAlias, TypeGuard, cast, get_args

from ._edit import Edit, depend, swapped
from ._patterns import one_character_groups

__all__ = [
    "OPERATORS",
    "REPAIR_TEMPLATES",
    "Mutant",
    "MutationOperator",
    "RepairTemplate",
    "both_ways",
    "count_meeting",
    "mutants",
    "python_judges",
    "python_names",
    "python_pairs",
    "python_reads",
    "repair_edits",
]

MutationOperator = Literal["swap_operator", "off_by_one", "flip_comparison", "swap_arguments", "wrong_return"]
"""The kinds of one-node change :func:`mutants` makes (table in this module's docstring)."""

OPERATORS: tuple[MutationOperator, ...] = get_args(MutationOperator)
"""Every operator, in the default order."""

RepairTemplate = Literal[
    "swap_operands",
    "flip_comparison",
    "replace_operator",
    "swap_min_max",
    "off_by_one",
    "swap_arguments",
    "negate_condition",
    "replace_name",
    "remove_call",
    "return_local",
    "add_await",
    "swap_statements",
    "known_bug",
]
"""The kinds of repair edit, for Python, JavaScript and TypeScript alike (this module's docstring)."""

REPAIR_TEMPLATES: tuple[RepairTemplate, ...] = get_args(RepairTemplate)
"""Every repair template, most plausible first: at one line, the search tries them in this order."""


@dataclass(frozen=True)
class Mutant:
    """One single-change variant of a program.

    ``original`` and ``replacement`` are the changed snippet before and after; for a changed
    literal the snippet is its enclosing expression when that fits on a line, so it reads on its own.

    Example:
        >>> m = mutants("def f(a, b):\\n    return a < b\\n", operators=["flip_comparison"])[0]
        >>> m.description
        '`a < b` changed to `a <= b` on line 2'
    """

    operator: MutationOperator
    line: int
    original: str
    replacement: str
    source: str

    @property
    def description(self) -> str:
        """The change in words, for feedback: "`a < b` changed to `a <= b` on line 7"."""
        return f"`{_one_line(self.original)}` changed to `{_one_line(self.replacement)}` on line {self.line}"


def mutants(
    source: str,
    *,
    operators: Sequence[MutationOperator] = OPERATORS,
    function: str | None = None,
) -> list[Mutant]:
    """Every single-change mutant of ``source``, in a deterministic order.

    The order is by operator (as listed in ``operators``), then by the position of the change.
    A mutant whose text would not parse back to the intended tree is skipped, and so is one
    whose source repeats an earlier mutant's or the original.

    Args:
        source: Python source code.
        operators: Which operators to apply, in this order.
        function: Only mutate inside the body of the top-level function with this name (the
            last definition if there are several); no such function gives no mutants.

    Returns:
        The mutants; ``[]`` if ``source`` does not parse.

    Raises:
        ValueError: an unknown operator name.
    """
    changes = _changes(source, operators, _GENERATORS, known=OPERATORS, what="mutation operator", function=function)
    return [
        Mutant(cast(MutationOperator, kind), edit.line, edit.original, edit.replacement, mutated)
        for kind, edit, mutated in changes
    ]


def repair_edits(
    source: str,
    *,
    templates: Sequence[RepairTemplate] = REPAIR_TEMPLATES,
    lines: set[int] | None = None,
) -> list[Edit]:
    """Candidate one-node repairs of ``source``, by template (in ``templates`` order), then position.

    Args:
        source: Python source code.
        templates: Which repair templates to apply, in this order.
        lines: Only edit at these 1-based lines (the suspicious ones); ``None`` edits everywhere.

    Returns:
        The edits, each giving a distinct program that parses; ``[]`` if ``source`` does not parse.

    Example:
        >>> [e.description for e in repair_edits("d = right - left\\n", templates=["swap_operands"])]
        ['`right - left` changed to `left - right` on line 1']
    """
    changes = _changes(
        source, templates, _REPAIRS, known=REPAIR_TEMPLATES, what="repair template", lines=lines, fstrings=True
    )
    return [edit for _, edit, _ in changes]


def _changes(
    source: str,
    kinds: Sequence[str],
    generators: Mapping[str, _Generator],
    *,
    known: Sequence[str],
    what: str,
    function: str | None = None,
    lines: set[int] | None = None,
    fstrings: bool = False,
) -> Iterator[tuple[str, Edit, str]]:
    """Each realised change of the ``kinds`` (by kind, then position): its kind, its edit and the new source.

    Changes that do not parse back to the intended tree, or that repeat an earlier source, are skipped;
    so is anything inside an ``assert`` statement (editing a check is never a repair, nor a bug), and inside
    an f-string unless ``fstrings``.
    """
    unknown = [kind for kind in kinds if kind not in known]
    if unknown:
        raise ValueError(f"Unknown {what}(s): {', '.join(map(str, unknown))}; known: {', '.join(known)}.")
    try:
        tree = ast.parse(source)
        text = _Text(source)
    except (SyntaxError, ValueError, tokenize.TokenError):
        return
    checks = {id(n) for a in ast.walk(tree) if isinstance(a, ast.Assert) for n in ast.walk(a)}
    nodes = [(n, slot) for root, root_slot in _roots(tree, function) for n, slot in _walk(root, root_slot, fstrings)]
    parents = {id(node): slot.parent for node, slot in nodes}
    nodes = [(node, slot) for node, slot in nodes if id(node) not in checks]
    scopes = _Scopes(tree, text)
    seen = {source}
    for kind in dict.fromkeys(kinds):
        candidates = [c for node, slot in nodes for c in generators[kind](node, slot, text, parents, scopes)]
        # Sorting by the change's offset (stable for ties) gives the documented positional order.
        for candidate in sorted(candidates, key=lambda c: c.at):
            at = {candidate.at} if candidate.shows is None else {candidate.at, candidate.shows}
            if lines is not None and not {text.line_of(offset) for offset in at} & lines:
                continue
            realised = _realise(candidate, tree, text)
            if realised is not None and realised[1] not in seen:
                edit, mutated = realised
                seen.add(mutated)
                yield kind, replace(edit, scope=scopes.function_of(candidate.node)), mutated


def _one_line(snippet: str) -> str:
    return re.sub(r"\s+", " ", snippet).strip()


# ---------------------------------------------------------------------------------------------
# Source positions


def line_starts(source: str) -> list[int]:
    """The character offset where each line begins, as ``ast`` counts lines (``lineno`` 1 is index 0); past
    the last line, ``len(source)`` when the source ends with a newline."""
    return [0, *(m.end() for m in re.finditer("\n", source))]


class _Text:
    """The source with its line starts and operator tokens, for splicing by AST positions."""

    def __init__(self, source: str) -> None:
        self.source = source
        self._starts = line_starts(source)
        self.tokens: list[tuple[int, int, str]] = []
        for tok in tokenize.generate_tokens(io.StringIO(source).readline):
            if tok.type in (tokenize.OP, tokenize.NAME):
                self.tokens.append((self._at(*tok.start), self._at(*tok.end), tok.string))
        self._token_starts = [t[0] for t in self.tokens]

    def _at(self, line: int, column: int) -> int:
        return self._starts[line - 1] + column

    def _at_bytes(self, line: int, byte_column: int) -> int:
        # AST columns count UTF-8 bytes; tokenize's and str's count characters.
        start = self._starts[line - 1]
        text = self.source[start : start + byte_column]
        if text.isascii():
            return start + byte_column
        return start + len(self.source[start:].encode()[:byte_column].decode("utf-8", errors="ignore"))

    def span(self, node: ast.AST) -> tuple[int, int]:
        """Absolute character offsets of a node (an expression or statement)."""
        lineno: int = getattr(node, "lineno")  # noqa: B009 - ast.AST does not declare positions
        end_lineno: int | None = getattr(node, "end_lineno")  # noqa: B009
        col: int = getattr(node, "col_offset")  # noqa: B009
        end_col: int | None = getattr(node, "end_col_offset")  # noqa: B009
        assert end_lineno is not None and end_col is not None, "ast.parse always sets end positions"
        return self._at_bytes(lineno, col), self._at_bytes(end_lineno, end_col)

    def segment(self, node: ast.AST) -> str:
        start, end = self.span(node)
        return self.source[start:end]

    def fits(self, node: ast.AST) -> bool:
        """Whether the node reads well as a snippet: one short line."""
        start, end = self.span(node)
        return "\n" not in self.source[start:end] and end - start <= _SHOWN_MAX

    def line_of(self, offset: int) -> int:
        return bisect.bisect_right(self._starts, offset)

    def find(self, start: int, end: int, words: tuple[str, ...]) -> tuple[int, int] | None:
        """The span of the first run of tokens ``words`` within ``[start, end)``, skipping comments."""
        i = bisect.bisect_left(self._token_starts, start)
        while i + len(words) <= len(self.tokens) and self.tokens[i][0] < end:
            run = self.tokens[i : i + len(words)]
            if tuple(t[2] for t in run) == words and run[-1][1] <= end:
                return run[0][0], run[-1][1]
            i += 1
        return None


@dataclass(frozen=True)
class _Slot:
    """Where a node hangs in the tree, so the intended mutated tree can be built by swapping in place."""

    parent: ast.AST
    field: str
    index: int | None


_Parents: TypeAlias = "dict[int, ast.AST]"
"""Each node's parent, by ``id``."""


def _roots(tree: ast.Module, function: str | None) -> list[tuple[ast.AST, _Slot]]:
    """The statements to mutate: the module's, or the body of the named top-level function."""
    if function is None:
        return [(stmt, _Slot(tree, "body", i)) for i, stmt in enumerate(tree.body)]
    defs = [s for s in tree.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)) and s.name == function]
    if not defs:
        return []
    return [(stmt, _Slot(defs[-1], "body", i)) for i, stmt in enumerate(defs[-1].body)]


def _walk(root: ast.AST, slot: _Slot, fstrings: bool = False) -> Iterator[tuple[ast.AST, _Slot]]:
    """Every node under ``root`` (itself included) in source order, with its slot.

    f-strings are entered only if ``fstrings``: before Python 3.12 the positions of some nodes inside them
    are not reliable (a change spliced at a wrong position does not parse to the intended tree, and is
    dropped; the mutants, whose sets the benchmarks keep, leave them out as they always have).
    """
    stack = [(root, slot)]
    while stack:
        node, node_slot = stack.pop()
        yield node, node_slot
        if isinstance(node, ast.JoinedStr) and not fstrings:
            continue
        children: list[tuple[ast.AST, _Slot]] = []
        for field, value in ast.iter_fields(node):
            if isinstance(value, ast.AST):
                children.append((value, _Slot(node, field, None)))
            elif isinstance(value, list):
                children.extend((v, _Slot(node, field, i)) for i, v in enumerate(value) if isinstance(v, ast.AST))
        stack.extend(reversed(children))


def _put(slot: _Slot, node: ast.AST) -> ast.AST:
    """Put ``node`` in ``slot`` and return what was there."""
    if slot.index is None:
        old: ast.AST = getattr(slot.parent, slot.field)
        setattr(slot.parent, slot.field, node)
        return old
    items: list[ast.AST] = getattr(slot.parent, slot.field)
    old = items[slot.index]
    items[slot.index] = node
    return old


# ---------------------------------------------------------------------------------------------
# Candidates


@dataclass(frozen=True)
class _Candidate:
    """A planned change: ``node`` becomes ``new_node``, written as one of ``texts`` over its span."""

    operator: str
    node: ast.AST
    slot: _Slot
    new_node: ast.AST
    texts: tuple[str, ...]
    at: int
    shown: ast.AST
    said: tuple[str, str] | None = None  # before and after for people, when the changed span is too wide to read
    shows: int | None = None  # the offset where the bug shows, when the tests never run the edited line
    narrow: bool = False  # the edit spans only the text that changes (not all of ``node``): it overlaps less


def _realise(candidate: _Candidate, tree: ast.Module, text: _Text) -> tuple[Edit, str] | None:
    """Splice the first text that parses to exactly the intended tree: (the edit, the new source);
    ``None`` if no text does."""
    old = _put(candidate.slot, candidate.new_node)
    try:
        expected = ast.dump(tree)
    finally:
        _put(candidate.slot, old)
    span = text.span(candidate.node)
    # Parentheses fix precedence where the plain text would regroup (``(-1) ** 2``, ``(a or b) or c``).
    tries = [(span, t) for t in (*candidate.texts, *(f"({t})" for t in candidate.texts))]
    # An atom keeps no parentheses around it: ``a / (n + 1)`` → ``a / n``, not ``a / (n)``.
    grouped = _around(text.source, *span)
    if grouped is not None and isinstance(candidate.new_node, _BARE):
        tries[:0] = [(grouped, t) for t in candidate.texts if not t.startswith("(")]
    for (start, end), new in tries:
        mutated = text.source[:start] + new + text.source[end:]
        try:
            parsed = ast.dump(ast.parse(mutated))
        except (SyntaxError, ValueError):
            continue
        if parsed != expected:
            continue
        if candidate.narrow:
            start, end, new = _narrowed(text.source, mutated)
        line = text.line_of(candidate.at)
        shown_start, shown_end = text.span(candidate.shown)
        shown = min(shown_start, start), max(shown_end, end)
        edit = Edit.spliced(text.source, start, end, new, template=candidate.operator, line=line, shown=shown)
        if candidate.said is not None:
            edit = replace(edit, original=candidate.said[0], replacement=candidate.said[1], occurrence=None)
        if candidate.shows is not None:
            edit = replace(edit, shows=text.line_of(candidate.shows))
        return edit, mutated
    return None


def _narrowed(source: str, changed: str) -> tuple[int, int, str]:
    """The smallest span of ``source`` and the text that, put over it, make ``changed``."""
    start = _common(source, changed)
    tail = _common(source[start:][::-1], changed[start:][::-1])
    return start, len(source) - tail, changed[start : len(changed) - tail]


def _common(text: str, other: str) -> int:
    """How many characters the two texts begin with in common."""
    return next((i for i, (a, b) in enumerate(zip(text, other, strict=False)) if a != b), min(len(text), len(other)))


_BARE = (ast.Name, ast.Constant, ast.Call, ast.Attribute, ast.Subscript)
"""Expressions that never need parentheses of their own."""


def _around(source: str, start: int, end: int) -> tuple[int, int] | None:
    """``[start, end)`` widened to the parentheses right around it, if there are any (they may be a call's: the
    caller's parse check tells)."""
    before = source[:start].rstrip(" \t")
    after = source[end:].lstrip(" \t")
    if not (before.endswith("(") and after.startswith(")")):
        return None
    return len(before) - 1, len(source) - len(after) + 1


def _replace(text: _Text, node: ast.AST, edits: Sequence[tuple[int, int, str]]) -> str:
    """The node's text with absolute-offset ``edits`` (non-overlapping) applied."""
    start, end = text.span(node)
    out = text.source[start:end]
    for edit_start, edit_end, new in sorted(edits, reverse=True):
        out = out[: edit_start - start] + new + out[edit_end - start :]
    return out


_BIN_SYMBOLS: dict[type[ast.operator], str] = {
    ast.Add: "+",
    ast.Sub: "-",
    ast.Mult: "*",
    ast.Div: "/",
    ast.FloorDiv: "//",
    ast.Mod: "%",
    ast.Pow: "**",
    ast.LShift: "<<",
    ast.RShift: ">>",
    ast.MatMult: "@",
    ast.BitXor: "^",
}
_SWAPPED_OPERATOR: dict[type[ast.operator], type[ast.operator]] = {
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.Div,
    ast.Div: ast.Mult,
    ast.FloorDiv: ast.Div,
    ast.Mod: ast.FloorDiv,
    ast.Pow: ast.Mult,
}
_BOOL_WORDS: dict[type[ast.boolop], str] = {ast.And: "and", ast.Or: "or"}


def _swap_operator(node: ast.AST, slot: _Slot, text: _Text, parents: _Parents, scopes: _Scopes) -> Iterator[_Candidate]:
    if isinstance(node, (ast.BinOp, ast.AugAssign)) and type(node.op) in _SWAPPED_OPERATOR:
        new_op = _SWAPPED_OPERATOR[type(node.op)]()
        left, right = (node.left, node.right) if isinstance(node, ast.BinOp) else (node.target, node.value)
        suffix = "=" if isinstance(node, ast.AugAssign) else ""
        found = text.find(text.span(left)[1], text.span(right)[0], (_BIN_SYMBOLS[type(node.op)] + suffix,))
        if found is None:
            return
        new_node: ast.AST = (
            ast.BinOp(left=node.left, op=new_op, right=node.right)
            if isinstance(node, ast.BinOp)
            else ast.AugAssign(target=node.target, op=new_op, value=node.value)
        )
        edit = (*found, _BIN_SYMBOLS[type(new_op)] + suffix)
        yield _Candidate("swap_operator", node, slot, new_node, (_replace(text, node, [edit]),), found[0], node)
    elif isinstance(node, ast.BoolOp):
        new_bool: ast.boolop = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        edits: list[tuple[int, int, str]] = []
        for a, b in zip(node.values, node.values[1:], strict=False):
            found = text.find(text.span(a)[1], text.span(b)[0], (_BOOL_WORDS[type(node.op)],))
            if found is None:
                return
            edits.append((*found, _BOOL_WORDS[type(new_bool)]))
        # A nested boolean of the new kind would merge into this one unless it keeps its parentheses.
        grouped = [(*text.span(v), f"({text.segment(v)})") for v in node.values if isinstance(v, ast.BoolOp)]
        texts = tuple(dict.fromkeys((_replace(text, node, edits), _replace(text, node, [*edits, *grouped]))))
        new_node = ast.BoolOp(op=new_bool, values=node.values)
        yield _Candidate("swap_operator", node, slot, new_node, texts, edits[0][0], node)


_SHOWN_MAX = 80
"""Longest context (one line) shown as a mutant's snippet instead of the bare changed node."""


def _off_by_one(node: ast.AST, slot: _Slot, text: _Text, parents: _Parents, scopes: _Scopes) -> Iterator[_Candidate]:
    if not (isinstance(node, ast.Constant) and type(node.value) is int):
        return
    context = _bound_context(node, parents)
    if context is None:
        return
    shown = context if text.fits(context) else node
    for value in (node.value + 1, node.value - 1):
        new_node = ast.parse(str(value), mode="eval").body
        yield _Candidate("off_by_one", node, slot, new_node, (str(value),), text.span(node)[0], shown)


def _bound_context(node: ast.Constant, parents: _Parents) -> ast.AST | None:
    """The ``range()`` call, subscript or comparison that makes ``node`` a bound, if any."""
    top: ast.AST = node
    parent = parents.get(id(top))
    # Climb through arithmetic: the 1 in ``range(len(x) - 1)`` is a bound too.
    while isinstance(parent, (ast.BinOp, ast.UnaryOp)):
        top, parent = parent, parents.get(id(parent))
    if isinstance(parent, ast.Call) and isinstance(parent.func, ast.Name) and parent.func.id == "range":
        return parent if any(a is top for a in parent.args) else None
    if isinstance(parent, ast.Subscript):
        return parent if parent.slice is top else None
    if isinstance(parent, ast.Slice) and top in (parent.lower, parent.upper):
        return parents.get(id(parent))
    if isinstance(parent, ast.Compare):
        return parent
    return None


_FLIPPED: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
}
_CMP_WORDS: dict[type[ast.cmpop], tuple[str, ...]] = {
    ast.Lt: ("<",),
    ast.LtE: ("<=",),
    ast.Gt: (">",),
    ast.GtE: (">=",),
    ast.Eq: ("==",),
    ast.NotEq: ("!=",),
    ast.Is: ("is",),
    ast.IsNot: ("is", "not"),
    ast.In: ("in",),
    ast.NotIn: ("not", "in"),
}


def _flip_comparison(
    node: ast.AST, slot: _Slot, text: _Text, parents: _Parents, scopes: _Scopes
) -> Iterator[_Candidate]:
    if not isinstance(node, ast.Compare):
        return
    for i, op in enumerate(node.ops):
        if (found := _comparison_words(node, i, text)) is not None:
            yield _compared("flip_comparison", node, slot, text, i, found, _FLIPPED[type(op)])


def _comparison_words(node: ast.Compare, i: int, text: _Text) -> tuple[int, int] | None:
    """Where the ``i``-th operator's words (``<``, ``not in``) stand between its operands; ``None`` if not found."""
    operands = [node.left, *node.comparators]
    return text.find(text.span(operands[i])[1], text.span(operands[i + 1])[0], _CMP_WORDS[type(node.ops[i])])


def _compared(
    template: str, node: ast.Compare, slot: _Slot, text: _Text, i: int, found: tuple[int, int], new_op: type[ast.cmpop]
) -> _Candidate:
    """``node`` with its ``i``-th operator, whose words stand at ``found``, replaced by ``new_op``."""
    ops = [*node.ops[:i], new_op(), *node.ops[i + 1 :]]
    new_node = ast.Compare(left=node.left, ops=ops, comparators=node.comparators)
    edit = (*found, " ".join(_CMP_WORDS[new_op]))
    return _Candidate(template, node, slot, new_node, (_replace(text, node, [edit]),), found[0], node)


_ORDERED_BIN = (ast.Sub, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow, ast.LShift, ast.RShift, ast.MatMult)
_ORDERED_CMP = (ast.Lt, ast.LtE, ast.Gt, ast.GtE, ast.In, ast.NotIn)
_MIRRORED: dict[type[ast.cmpop], type[ast.cmpop]] = {ast.Lt: ast.Gt, ast.Gt: ast.Lt, ast.LtE: ast.GtE, ast.GtE: ast.LtE}
_SYMMETRIC_CALLS = frozenset({"max", "min"})
_ATOMS = (ast.Name, ast.Constant, ast.Call, ast.Attribute, ast.Subscript, ast.List, ast.Tuple, ast.Dict, ast.Set)


def _swap_arguments(
    node: ast.AST, slot: _Slot, text: _Text, parents: _Parents, scopes: _Scopes
) -> Iterator[_Candidate]:
    new_node: ast.AST
    if isinstance(node, ast.Call) and len(node.args) >= 2:
        first, second = node.args[0], node.args[1]
        if isinstance(first, ast.Starred) or isinstance(second, ast.Starred):
            return
        if isinstance(node.func, ast.Name) and node.func.id in _SYMMETRIC_CALLS:
            return
        new_node = ast.Call(func=node.func, args=[second, first, *node.args[2:]], keywords=node.keywords)
    elif isinstance(node, ast.BinOp) and isinstance(node.op, _ORDERED_BIN):
        first, second = node.left, node.right
        new_node = ast.BinOp(left=second, op=node.op, right=first)
    elif isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], _ORDERED_CMP):
        first, second = node.left, node.comparators[0]
        new_node = ast.Compare(left=second, ops=node.ops, comparators=[first])
    else:
        return
    yield _swapped(node, slot, text, first, second, new_node, "swap_arguments")


def _swapped(
    node: ast.AST, slot: _Slot, text: _Text, first: ast.AST, second: ast.AST, new_node: ast.AST, template: str
) -> _Candidate:
    """``node`` with ``first`` and ``second`` (two of its parts, in source order) trading places."""
    (a_start, a_end), (b_start, b_end) = text.span(first), text.span(second)
    a, b = text.source[a_start:a_end], text.source[b_start:b_end]
    # Operands swapped across an operator may need parentheses to keep their grouping.
    wrapped_a = a if isinstance(first, _ATOMS) else f"({a})"
    wrapped_b = b if isinstance(second, _ATOMS) else f"({b})"
    between = text.source[a_end:b_start]
    texts = tuple(
        dict.fromkeys(
            _replace(text, node, [(a_start, b_end, new)])
            for new in (f"{b}{between}{a}", f"{wrapped_b}{between}{wrapped_a}")
        )
    )
    return _Candidate(template, node, slot, new_node, texts, a_start, node)


def _wrong_return(node: ast.AST, slot: _Slot, text: _Text, parents: _Parents, scopes: _Scopes) -> Iterator[_Candidate]:
    if not isinstance(node, ast.Return) or node.value is None:
        return
    value = node.value
    if isinstance(value, ast.Constant) and value.value is None:
        return
    # A boolean constant flips; anything else is lost to ``None``.
    new = str(not value.value) if isinstance(value, ast.Constant) and isinstance(value.value, bool) else "None"
    value_slot = _Slot(node, "value", None)
    new_node = ast.Constant(value=ast.literal_eval(new))
    shown = node if text.fits(node) else value
    yield _Candidate("wrong_return", value, value_slot, new_node, (new,), text.span(value)[0], shown)


_Generator: TypeAlias = "Callable[[ast.AST, _Slot, _Text, _Parents, _Scopes], Iterator[_Candidate]]"
"""A kind of change: the candidates it makes at one node (mutation operators and repair templates alike)."""

_GENERATORS: dict[str, _Generator] = {
    "swap_operator": _swap_operator,
    "off_by_one": _off_by_one,
    "flip_comparison": _flip_comparison,
    "swap_arguments": _swap_arguments,
    "wrong_return": _wrong_return,
}


# ---------------------------------------------------------------------------------------------
# Repair templates: the mutation operators' machinery, pointed the other way and further


class _Scopes:
    """The function each node is in, and the names each function binds (parameters and locals)."""

    def __init__(self, tree: ast.Module, text: _Text) -> None:
        self._function: dict[int, ast.FunctionDef | ast.AsyncFunctionDef] = {}
        self._enclosing: dict[int, ast.FunctionDef | ast.AsyncFunctionDef] = {}  # around a nested function
        self._names: dict[int, list[str]] = {}
        self.attributes: dict[str, list[str]] = {}
        self.coroutines: set[str] = set()  # the program's own `async def` names
        # The argument counts each method is called with: `items.pop()` → `items.append()` would be a call the
        # program never writes, which passes weak tests only by what it happens to return.
        self._arities: dict[tuple[str, str], set[int]] = {}
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for inner in ast.walk(node):
                    # ast.walk is breadth-first: an inner function is met later and overrides.
                    self._function[id(inner)] = node
                    if inner is not node and isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef)):
                        self._enclosing[id(inner)] = node
                self._names[id(node)] = _bound(node)
                if isinstance(node, ast.AsyncFunctionDef):
                    self.coroutines.add(node.name)
            elif isinstance(node, ast.Attribute):
                names = self.attributes.setdefault(text.segment(node.value), [])
                if node.attr not in names:
                    names.append(node.attr)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                method = (text.segment(node.func.value), node.func.attr)
                self._arities.setdefault(method, set()).add(len(node.args) + len(node.keywords))

    def function_of(self, node: ast.AST) -> str | None:
        function = self.function(node)
        return function.name if function is not None else None

    def function(self, node: ast.AST) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
        """The innermost ``def`` around ``node`` (a lambda is not one)."""
        return self._function.get(id(node))

    def in_coroutine(self, node: ast.AST) -> bool:
        """Whether ``node`` is in an ``async def`` (directly: a nested plain function is not one)."""
        return isinstance(self._function.get(id(node)), ast.AsyncFunctionDef)

    def may_call(self, base: str, method: str, call: ast.Call) -> bool:
        """Whether the program calls ``base.method`` with as many arguments as ``call`` has, or never calls it."""
        counts = self._arities.get((base, method))
        return counts is None or len(call.args) + len(call.keywords) in counts

    def names_of(self, node: ast.AST) -> list[str]:
        """The names bound in the function around ``node``, then those of the functions it is nested in (a
        closure reads them: `off(event, handler)` in a wrapper for `off(event, wrapper)`); ``[]`` at module level."""
        names, function = [], self._function.get(id(node))
        while function is not None:
            names += self._names.get(id(function), [])
            function = self._enclosing.get(id(function))
        return list(dict.fromkeys(names))


def _bound(function: ast.FunctionDef | ast.AsyncFunctionDef, *, lambdas: bool = False) -> list[str]:
    """The names a function binds: its parameters (and, with ``lambdas``, its lambdas'), then what it assigns
    (loop and comprehension targets too)."""
    inner = [n.args for n in ast.walk(function) if isinstance(n, ast.Lambda)] if lambdas else []
    params = [
        a.arg
        for arguments in (function.args, *inner)
        for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)
    ]
    stores = [n.id for n in ast.walk(function) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)]
    return list(dict.fromkeys([*params, *stores]))


def python_reads(source: str) -> list[tuple[list[str], set[str]]] | None:
    """The module's bound names and the names read anywhere in it, then each function's, in a fixed order (the
    same for a program and its patches); ``None`` if ``source`` does not parse. The functions and classes a
    scope defines are among its bound names: a patch that stops calling a helper the program wrote
    (``digit_sum(n) > 0`` → ``n > 0``) leaves what it computes unused."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return None
    module = (_module_bound(tree), _reads(tree))
    return [module] + [
        # A lambda's parameter counts: a sort key that no longer reads its item sorts nothing.
        (list(dict.fromkeys([*_bound(node, lambdas=True), *(d.name for d in _definitions(node))])), _reads(node))
        for node in ast.walk(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
    ]


_Definition = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef


def _reads(scope: ast.AST) -> set[str]:
    """The names read anywhere in ``scope``, but for a function or class read only inside itself (recursion)."""
    reads = _read_counts(scope)
    for node in _definitions(scope):
        if reads[node.name] and _read_counts(node)[node.name] == reads[node.name]:
            del reads[node.name]
    return set(reads)


def _read_counts(node: ast.AST) -> Counter[str]:
    return Counter(n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load))


def _definitions(scope: ast.AST) -> list[_Definition]:
    """The functions and classes defined inside ``scope``."""
    return [n for n in ast.walk(scope) if isinstance(n, _Definition) and n is not scope]


def _module_bound(tree: ast.Module) -> list[str]:
    """The names the module binds outside its functions and classes: their own names, and what it assigns."""
    names: list[str] = []
    stack: list[ast.AST] = list(reversed(tree.body))
    while stack:
        node = stack.pop()
        if isinstance(node, _Definition):
            names.append(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.append(node.id)
        elif not isinstance(node, ast.Lambda):
            stack.extend(reversed(list(ast.iter_child_nodes(node))))
    return list(dict.fromkeys(names))


def python_pairs(source: str) -> Counter[tuple[str, str]] | None:
    """How often each two names meet as the two sides of one operation: ``a[i]``, ``i < n``, ``lo = mid``,
    ``b.extend(j)``, ``xs[i:]`` (a side's name is its variable's: ``a.size``, ``a[k]``, ``len(a)`` and ``a + 1``
    stand for ``a``; ``self.x`` for itself); ``None`` if ``source`` does not parse."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return None
    pairs: Counter[tuple[str, str]] = Counter()
    for node in ast.walk(tree):
        sides: list[tuple[ast.AST, ast.AST]] = []
        if isinstance(node, ast.Subscript):
            bounds = [node.slice.lower, node.slice.upper] if isinstance(node.slice, ast.Slice) else [node.slice]
            sides = [(node.value, bound) for bound in bounds if bound is not None]
        elif isinstance(node, ast.BinOp):
            sides = [(node.left, node.right)]
        elif isinstance(node, ast.Compare):
            sides = list(zip([node.left, *node.comparators], node.comparators, strict=False))
        elif isinstance(node, ast.AugAssign | ast.AnnAssign) and node.value is not None:
            sides = [(node.target, node.value)]
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:
            sides = [(node.targets[0], node.value)]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            sides = [(node.func.value, argument) for argument in node.args]
        for left, right in sides:
            count_meeting(pairs, _side_name(left), _side_name(right))
    return pairs


def count_meeting(pairs: Counter[tuple[str, str]], left: str | None, right: str | None) -> None:
    """Count one meeting of two different names, in either order."""
    if left is not None and right is not None and left != right:
        pairs[min(left, right), max(left, right)] += 1


def _side_name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        owner = node.value
        return (
            f"{owner.id}.{node.attr}"
            if isinstance(owner, ast.Name) and owner.id in ("self", "cls")
            else _side_name(owner)
        )
    if isinstance(node, ast.Subscript):
        return _side_name(node.value)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and len(node.args) == 1 and not node.keywords:
        return _side_name(node.args[0])
    if isinstance(node, ast.BinOp) and isinstance(node.right, ast.Constant):
        return _side_name(node.left)
    if isinstance(node, ast.BinOp) and isinstance(node.left, ast.Constant):
        return _side_name(node.right)
    return None


def python_names(source: str) -> tuple[set[str], set[str]]:
    """The names top-level assignments bind, and every name ``source`` uses; none if it does not parse."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return set(), set()
    targets = [
        target
        for statement in tree.body
        if isinstance(statement, ast.Assign | ast.AnnAssign | ast.AugAssign)
        for target in (statement.targets if isinstance(statement, ast.Assign) else [statement.target])
    ]
    bound = {n.id for target in targets for n in ast.walk(target) if isinstance(n, ast.Name)}
    return bound, {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}


_COMPARISONS = frozenset(("__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__"))


def python_judges(program: str, tests: str) -> set[int]:
    """The lines of the functions the checks judge the program with: its classes' comparison methods (the
    checks' ``==``), and a top-level function of one ``return`` that a check asks about an answer of the
    program's and a value that is not one (``assert close(area(1), math.pi)``). Empty if either does not
    parse."""
    try:
        module, checks = ast.parse(program), ast.parse(tests)
    except (SyntaxError, ValueError):
        return set()
    functions = {n.name: n for n in module.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)}
    classes = [n for n in module.body if isinstance(n, ast.ClassDef)]
    methods = {m.name for c in classes for m in c.body if isinstance(m, ast.FunctionDef | ast.AsyncFunctionDef)}
    judged: list[ast.FunctionDef | ast.AsyncFunctionDef] = [
        m for c in classes for m in c.body if isinstance(m, ast.FunctionDef) and m.name in _COMPARISONS
    ]

    def callee(node: ast.AST) -> str | None:
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            return node.func.id
        return node.func.attr if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) else None

    ours = {*functions, *(c.name for c in classes), *methods}
    for check in (n for n in ast.walk(checks) if isinstance(n, ast.Assert)):
        negated = isinstance(check.test, ast.UnaryOp) and isinstance(check.test.op, ast.Not)
        asked = check.test.operand if isinstance(check.test, ast.UnaryOp) and negated else check.test
        function = functions.get(callee(asked) or "")
        if not isinstance(asked, ast.Call) or function is None:
            continue
        body = function.body[1:] if ast.get_docstring(function) is not None else function.body
        # A yardstick is one `return`, given an answer of the program's (`area(1)`) and a value that is not one.
        answers = [any(callee(n) in ours for n in ast.walk(a)) for a in [*asked.args, *asked.keywords]]
        if len(body) == 1 and isinstance(body[0], ast.Return) and any(answers) and not all(answers):
            judged.append(function)
    return {line for f in judged for line in range(f.lineno, (f.end_lineno or f.lineno) + 1)}


_ARITHMETIC: tuple[type[ast.operator], ...] = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod)
# ``*`` ↔ ``**``: a star typed once too few or too many (``side * 2`` for a square's area).
_STARRED: dict[type[ast.operator], tuple[type[ast.operator], ...]] = {
    ast.Mult: (*_ARITHMETIC, ast.Pow),
    ast.Pow: (ast.Pow, ast.Mult),
    # ``^`` is exclusive or in Python, the power in other languages and in maths: ``2 ^ attempt``.
    ast.BitXor: (ast.BitXor, ast.Pow),
}
_ORDERING: tuple[type[ast.cmpop], ...] = (ast.Lt, ast.LtE, ast.Gt, ast.GtE, ast.Eq, ast.NotEq)


def both_ways(*pairs: tuple[str, str]) -> dict[str, str]:
    """Each name of ``pairs`` mapped to its partner."""
    return {a: b for pair in pairs for a, b in (pair, pair[::-1])}


_PAIRED_CALLS = both_ways(("min", "max"), ("any", "all"), ("floor", "ceil"))
_AFFIXES = {"rstrip": "removesuffix", "lstrip": "removeprefix"}
# Rounding that truncates or floors where it should round, and back (one argument: ``round(x, 2)`` keeps).
_ROUNDED = {"int": "round", "round": "int", "floor": "round", "ceil": "round", "trunc": "round"}
# Methods that come in pairs of one signature: calling one for the other is a one-word bug.
_PAIRED_METHODS = {
    **_PAIRED_CALLS,
    **both_ways(
        ("startswith", "endswith"),
        ("lstrip", "rstrip"),
        ("upper", "lower"),
        ("isupper", "islower"),
        ("find", "rfind"),
        ("index", "rindex"),
        ("ljust", "rjust"),
    ),
}


def _replace_operator(
    node: ast.AST, slot: _Slot, text: _Text, parents: _Parents, scopes: _Scopes
) -> Iterator[_Candidate]:
    """Every other operator of the same class: arithmetic (augmented too; ``*`` ↔ ``**``), comparison, boolean."""
    arithmetic = _STARRED.get(type(node.op), _ARITHMETIC) if isinstance(node, (ast.BinOp, ast.AugAssign)) else ()
    if isinstance(node, (ast.BinOp, ast.AugAssign)) and type(node.op) in arithmetic:
        left, right = (node.left, node.right) if isinstance(node, ast.BinOp) else (node.target, node.value)
        suffix = "=" if isinstance(node, ast.AugAssign) else ""
        found = text.find(text.span(left)[1], text.span(right)[0], (_BIN_SYMBOLS[type(node.op)] + suffix,))
        if found is None:
            return
        for op in arithmetic:
            if op is type(node.op) or (isinstance(node, ast.BinOp) and _identity(op, node.left, node.right)):
                continue  # ``x * 1`` is ``x``, which off_by_one writes as that (``x - 1`` → ``x``)
            new_node: ast.AST = (
                ast.BinOp(left=node.left, op=op(), right=node.right)
                if isinstance(node, ast.BinOp)
                else ast.AugAssign(target=node.target, op=op(), value=node.value)
            )
            edit = (*found, _BIN_SYMBOLS[op] + suffix)
            typed = _replace(text, node, [edit])
            if isinstance(node, ast.BinOp) and (regrouped := _regrouped(typed, new_node)) is not None:
                # The operator as typed, which binds by its own precedence: ``s + p + q`` → ``s + p * q``.
                yield _Candidate("replace_operator", node, slot, regrouped, (typed,), found[0], node)
            yield _Candidate("replace_operator", node, slot, new_node, (typed,), found[0], node)
    elif isinstance(node, ast.Compare):
        for i, old in enumerate(node.ops):
            if (found := _comparison_words(node, i, text)) is None:
                continue
            if type(old) in _IDENTITY and _literal_side(node, i):
                # `system is "metric"`: identity where equality was meant (True only for interned values).
                yield _compared("replace_operator", node, slot, text, i, found, _IDENTITY[type(old)])
            if type(old) not in _ORDERING:
                continue
            for cmp in _ORDERING:
                # ``a > b`` (``b < a``) is swap_operands': one behaviour, one candidate.
                if cmp is type(old) or (len(node.ops) == 1 and cmp is _MIRRORED.get(type(old))):
                    continue
                yield _compared("replace_operator", node, slot, text, i, found, cmp)
    elif isinstance(node, ast.BoolOp):
        for candidate in _swap_operator(node, slot, text, parents, scopes):
            yield replace(candidate, operator="replace_operator")


_IDENTITY: dict[type[ast.cmpop], type[ast.cmpop]] = {ast.Is: ast.Eq, ast.IsNot: ast.NotEq}


def _literal_side(node: ast.Compare, i: int) -> bool:
    """Whether a side of the ``i``-th comparison is a string or number literal (not ``None``, ``True``, ``False``)."""
    sides = (node.left if i == 0 else node.comparators[i - 1], node.comparators[i])
    return any(isinstance(s, ast.Constant) and type(s.value) in (str, bytes, int, float) for s in sides)


def _regrouped(typed: str, intended: ast.AST) -> ast.expr | None:
    """The tree ``typed`` parses to, when it is not ``intended`` (an operator of another precedence regroups)."""
    try:
        parsed = ast.parse(f"(\n{typed}\n)", mode="eval").body
    except SyntaxError:
        return None
    return None if ast.dump(parsed) == ast.dump(intended) else parsed


def _swap_operands(node: ast.AST, slot: _Slot, text: _Text, parents: _Parents, scopes: _Scopes) -> Iterator[_Candidate]:
    """The operands of a non-commutative operator (``+`` too: strings and lists), or a comparison's sides
    (an ordering's operator mirrored)."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, (*_ORDERED_BIN, ast.Add)):
        new_node: ast.AST = ast.BinOp(left=node.right, op=node.op, right=node.left)
        yield _swapped(node, slot, text, node.left, node.right, new_node, "swap_operands")
    elif (
        isinstance(node, ast.Compare)
        and len(node.ops) == 1
        and type(node.ops[0]) in _MIRRORED
        and not isinstance(node.left, ast.Constant)
    ):
        # ``x < 0`` → ``x > 0``, not ``0 < x``: the sides swapped, written as people do (one token, a constant
        # on the right; ``0 < x`` → ``x < 0`` below).
        if (found := _comparison_words(node, 0, text)) is not None:
            yield _compared("swap_operands", node, slot, text, 0, found, _MIRRORED[type(node.ops[0])])
    elif isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], _ORDERED_CMP):
        new_node = ast.Compare(left=node.comparators[0], ops=node.ops, comparators=[node.left])
        yield _swapped(node, slot, text, node.left, node.comparators[0], new_node, "swap_operands")


def _swap_call_arguments(
    node: ast.AST, slot: _Slot, text: _Text, parents: _Parents, scopes: _Scopes
) -> Iterator[_Candidate]:
    """Two neighbouring positional arguments of a call, the two indices of a double subscript (a matrix read by
    column for row: ``m[i][j]`` → ``m[j][i]``), or a ``reduce``'s missing start value (:func:`_reduce_start`)."""
    inner = node.value if isinstance(node, ast.Subscript) else None
    if isinstance(node, ast.Subscript) and isinstance(inner, ast.Subscript):
        if not isinstance(node.slice, ast.Slice) and not isinstance(inner.slice, ast.Slice):
            swapped = ast.Subscript(
                value=ast.Subscript(value=inner.value, slice=node.slice, ctx=inner.ctx), slice=inner.slice, ctx=node.ctx
            )
            yield _swapped(node, slot, text, inner.slice, node.slice, swapped, "swap_arguments")
        return
    if not isinstance(node, ast.Call) or (isinstance(node.func, ast.Name) and node.func.id in _SYMMETRIC_CALLS):
        return
    yield from _reduce_start(node, slot, text)
    for i in range(len(node.args) - 1):
        first, second = node.args[i], node.args[i + 1]
        if isinstance(first, ast.Starred) or isinstance(second, ast.Starred):
            continue
        args = [*node.args[:i], second, first, *node.args[i + 2 :]]
        new_node = ast.Call(func=node.func, args=args, keywords=node.keywords)
        yield _swapped(node, slot, text, first, second, new_node, "swap_arguments")


def _called_name(call: ast.Call) -> str | None:
    """The name a call calls: ``f`` of ``f(x)``, ``m`` of ``obj.m(x)``."""
    func = call.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def _reduce_start(node: ast.Call, slot: _Slot, text: _Text) -> Iterator[_Candidate]:
    """``reduce(f, xs)`` given the start value it lacks, ``0``: without one, the first item is the start (an object
    where a sum was meant), and an empty sequence raises."""
    if _called_name(node) != "reduce" or len(node.args) != 2 or node.keywords or isinstance(node.args[1], ast.Starred):
        return
    new_node = ast.Call(func=node.func, args=[*node.args, ast.Constant(0)], keywords=[])
    start, end = text.span(node)
    last = text.span(node.args[1])[1]
    typed = text.source[start:last] + ", 0" + text.source[last:end]
    yield _Candidate("swap_arguments", node, slot, new_node, (typed,), last, node)


def _swap_min_max(node: ast.AST, slot: _Slot, text: _Text, parents: _Parents, scopes: _Scopes) -> Iterator[_Candidate]:
    """``min`` ↔ ``max``, ``any`` ↔ ``all``, ``floor`` ↔ ``ceil``, ``int`` ↔ ``round`` (and ``floor``, ``ceil``,
    ``trunc`` → ``round``) on one argument, a called method for its pair (``startswith`` ↔ ``endswith``,
    ``lstrip`` ↔ ``rstrip``, ``upper`` ↔ ``lower``, ``find`` ↔ ``rfind``, ...), and ``rstrip``/``lstrip`` of a
    longer string for ``removesuffix``/``removeprefix``, and ``a // b`` rounded up instead (``-(-a // b)``);
    ``and`` ↔ ``or`` is :func:`_replace_operator`'s."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.FloorDiv):
        yield _rounded_up(node, slot, text)
        return
    parent = parents.get(id(node))
    if not isinstance(parent, ast.Call) or parent.func is not node:
        return
    if isinstance(node, ast.Name) and node.id in _PAIRED_CALLS:
        other = _PAIRED_CALLS[node.id]
        yield _Candidate(
            "swap_min_max", node, slot, ast.Name(id=other, ctx=node.ctx), (other,), text.span(node)[0], node
        )
    elif isinstance(node, ast.Attribute) and node.attr in _PAIRED_METHODS:
        yield _method_renamed(node, slot, text, _PAIRED_METHODS[node.attr], node)
    # `name.rstrip(".csv")` strips any of those characters (`orders.csv` → `order`), not the suffix.
    literal = parent.args[0] if len(parent.args) == 1 and not parent.keywords else None
    stripped = isinstance(literal, ast.Constant) and isinstance(literal.value, str) and len(literal.value) > 1
    if isinstance(node, ast.Attribute) and node.attr in _AFFIXES and stripped:
        yield _method_renamed(node, slot, text, _AFFIXES[node.attr], parent)
    math = isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "math"
    called = node.id if isinstance(node, ast.Name) else node.attr if math and isinstance(node, ast.Attribute) else None
    if called in _ROUNDED and len(parent.args) == 1 and not parent.keywords:
        # A number rounded the wrong way: `int(float(s) * 100)` truncates 19.99 to 1998 cents.
        other, shown = _ROUNDED[called], parent if text.fits(parent) else node
        new_name = ast.Name(id=other, ctx=ast.Load())
        # At the called name, as the pair's candidate is: `math.floor` → `math.ceil` is tried first.
        at = text.span(node)[1] - len(called)
        yield _Candidate("swap_min_max", node, slot, new_name, (other,), at, shown)


def _rounded_up(node: ast.BinOp, slot: _Slot, text: _Text) -> _Candidate:
    """``a // b`` → ``-(-a // b)``: pages, batches or rows that round up (floor division of the negation, no import)."""
    left, right = (
        text.segment(side) if isinstance(side, _BARE) else f"({text.segment(side)})" for side in (node.left, node.right)
    )
    negated = ast.UnaryOp(op=ast.USub(), operand=node.left)
    new_node = ast.UnaryOp(op=ast.USub(), operand=ast.BinOp(left=negated, op=ast.FloorDiv(), right=node.right))
    return _Candidate("swap_min_max", node, slot, new_node, (f"-(-{left} // {right})",), text.span(node)[0], node)


def _method_renamed(node: ast.Attribute, slot: _Slot, text: _Text, other: str, shown: ast.AST) -> _Candidate:
    """``obj.method`` with only the method's name changed to ``other`` (at that name)."""
    new_node = ast.Attribute(value=node.value, attr=other, ctx=node.ctx)
    texts = (text.segment(node)[: -len(node.attr)] + other,)
    return _Candidate("swap_min_max", node, slot, new_node, texts, text.span(node)[1] - len(node.attr), shown)


_POWERS = (ast.Pow, ast.LShift)


def _off_by_one_anywhere(
    node: ast.AST, slot: _Slot, text: _Text, parents: _Parents, scopes: _Scopes
) -> Iterator[_Candidate]:
    """±1 on any int literal; on any index, slice bound or ``range`` bound that is not a literal; on a name
    assigned as it is (``lo = mid`` → ``lo = mid + 1``, binary search's bug); on a name passed to the
    function's own recursive call (``factorial(n)`` → ``factorial(n - 1)``); on a parameter a lambda returns as it
    is (``lambda i: i`` → ``lambda i: i + 1``); on a name used as an exponent or shift count (``factor ** n``);
    and on a length (:func:`_is_length`)."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        found = list(_off_by_one(node, slot, text, parents, scopes))
        if _bound_context(node, parents) is None:
            # Shown with what it is an argument, operand or value of (`counts.get(word, 1)`, `count = 0`): a lone
            # `1` says little, and often stands twice on a line.
            around = parents.get(id(node))
            while isinstance(around, ast.UnaryOp):
                around = parents.get(id(around))
            positioned = around is not None and getattr(around, "end_lineno", None) is not None
            shown = around if around is not None and positioned and text.fits(around) else node
            for value in (node.value + 1, node.value - 1):
                new_node = ast.parse(str(value), mode="eval").body
                found.append(_Candidate("off_by_one", node, slot, new_node, (str(value),), text.span(node)[0], shown))
        yield from (_dropped(candidate, text, parents) for candidate in found)
        yield from _slice_sign(node, slot, text, parents)
        return
    if not isinstance(node, ast.expr) or isinstance(node, (ast.Slice, ast.Starred)) or _negated(node):
        return
    parent = parents.get(id(node))
    bound = (
        (
            (isinstance(parent, ast.Call) and isinstance(parent.func, ast.Name) and parent.func.id == "range")
            and any(a is node for a in parent.args)
        )
        or (isinstance(parent, ast.Subscript) and parent.slice is node)
        or (isinstance(parent, ast.Slice) and node in (parent.lower, parent.upper))
    )
    assigned = isinstance(parent, (ast.Assign, ast.AnnAssign)) and parent.value is node and isinstance(node, ast.Name)
    # A recursive call on the same argument never gets smaller: `factorial(n)` for `factorial(n - 1)`.
    recursive = (
        isinstance(node, ast.Name)
        and isinstance(parent, ast.Call)
        and isinstance(parent.func, ast.Name)
        and parent.func.id == scopes.function_of(node)
        and any(argument is node for argument in parent.args)
    )
    # A lambda returning a parameter as it is: `lambda i: i` for `lambda i: i + 1` (an index 0-based for 1-based).
    mapped = (
        isinstance(parent, ast.Lambda)
        and parent.body is node
        and isinstance(node, ast.Name)
        and node.id in {a.arg for a in parent.args.args}
    )
    length = _is_length(node, parent)
    # A count used as an exponent or shift: `factor ** attempt` for the first attempt's `factor ** (attempt - 1)`.
    power = (
        isinstance(node, ast.Name)
        and isinstance(parent, ast.BinOp)
        and isinstance(parent.op, _POWERS)
        and parent.right is node
    )
    if not (bound or assigned or recursive or mapped or length or power) or _ends_in_literal(node):
        return
    segment = text.segment(node)
    wrapped = segment if isinstance(node, _ATOMS) else f"({segment})"
    # A lone name is shown with what it is assigned to or called with: `lo = mid` → `lo = mid + 1`, not `mid + 1`;
    # a length with its operation: `s / len(xs)` → `s / (len(xs) - 1)`.
    context = assigned or recursive or mapped or power or (length and isinstance(parent, ast.BinOp))
    shown = parent if context and parent is not None else node
    for op, sign in ((ast.Add(), "+"), (ast.Sub(), "-")):
        new_node = ast.BinOp(left=node, op=op, right=ast.Constant(1))
        texts = tuple(dict.fromkeys((f"{segment} {sign} 1", f"{wrapped} {sign} 1")))
        yield _Candidate("off_by_one", node, slot, new_node, texts, text.span(node)[0], shown)


def _slice_sign(node: ast.Constant, slot: _Slot, text: _Text, parents: _Parents) -> Iterator[_Candidate]:
    """A slice bound counted from the wrong end: ``digits[4:]`` for the last four, ``digits[-4:]``, and back."""
    parent = parents.get(id(node))
    bound: ast.AST = parent if _negated(parent) else node
    where = parents.get(id(bound))
    if not node.value or not isinstance(where, ast.Slice) or not any(bound is b for b in (where.lower, where.upper)):
        return
    subscript = parents.get(id(where))
    shown = subscript if subscript is not None and text.fits(subscript) else bound
    if bound is node:
        new_node = ast.UnaryOp(op=ast.USub(), operand=ast.Constant(node.value))
        yield _Candidate("off_by_one", node, slot, new_node, (f"-{node.value!s}",), text.span(node)[0], shown)
    elif (bound_slot := _slot_of(bound, parents)) is not None:
        yield _Candidate("off_by_one", bound, bound_slot, node, (str(node.value),), text.span(bound)[0], shown)


def _is_length(node: ast.expr, parent: ast.AST | None) -> bool:
    """``len(x)`` where ±1 is a new behaviour: not compared (``<`` ↔ ``<=`` makes those) and not a term of a sum
    (``len(x) - 1`` and ``len(x) - k`` as a bound: ±1 on the number or the bound makes those). A divisor is the
    classic case: ``/ len(xs)`` for a sample's ``/ (len(xs) - 1)``."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "len"):
        return False
    additive = isinstance(parent, ast.BinOp) and isinstance(parent.op, (ast.Add, ast.Sub))
    return not (additive or isinstance(parent, ast.Compare))


def _ends_in_literal(node: ast.expr) -> bool:
    """``e + 1`` or ``e - 1``: ±1 on its number already makes ``e + 2`` and ``e``, which ``e + 1 + 1`` and
    ``e + 1 - 1`` would only write differently (and report as different patches)."""
    return (
        isinstance(node, ast.BinOp)
        and isinstance(node.op, (ast.Add, ast.Sub))
        and isinstance(node.right, ast.Constant)
        and type(node.right.value) is int
    )


def _identity(op: type[ast.operator], left: ast.expr, right: ast.expr) -> ast.expr | None:
    """The operand that ``left op right`` is equal to, when the other is the operation's identity (``x - 0``,
    ``x * 1``, ``x // 1`` on integers, ``x ** 1``, ``1 * x``); ``None`` otherwise."""

    def value(node: ast.expr) -> object:
        return node.value if isinstance(node, ast.Constant) and type(node.value) in (int, float) else None

    if (value(right) == 0 and op in (ast.Add, ast.Sub)) or (
        value(right) == 1 and op in (ast.Mult, ast.Div, ast.FloorDiv, ast.Pow)
    ):
        return left
    if (value(left) == 0 and op is ast.Add) or (value(left) == 1 and op is ast.Mult):
        return right
    return None


def _dropped(candidate: _Candidate, text: _Text, parents: _Parents) -> _Candidate:
    """A constant changed into its operation's identity (``x - 1`` → ``x - 0``) written as the term dropped
    (``x``), and a negative one changed to ``-0`` written ``0``: the same program, as a person writes the fix."""
    node, parent = candidate.node, parents.get(id(candidate.node))
    if _negated(parent) and isinstance(candidate.new_node, ast.Constant) and candidate.new_node.value == 0:
        # `-1` → `-0` is written `0`.
        slot = _slot_of(parent, parents)
        if slot is None:
            return candidate
        shown = parent if candidate.shown is node else candidate.shown
        return _Candidate(candidate.operator, parent, slot, candidate.new_node, ("0",), text.span(parent)[0], shown)
    if not isinstance(parent, ast.BinOp) or not isinstance(candidate.new_node, ast.expr):
        return candidate
    operands = (candidate.new_node, parent.right) if parent.left is node else (parent.left, candidate.new_node)
    kept = _identity(type(parent.op), *operands)
    slot = _slot_of(parent, parents)
    if kept is None or kept is candidate.new_node or slot is None:
        return candidate
    shown = parent if candidate.shown is node else candidate.shown
    return _Candidate(candidate.operator, parent, slot, kept, (text.segment(kept),), text.span(parent)[0], shown)


def _negated(node: ast.AST | None) -> TypeGuard[ast.UnaryOp]:
    """Whether ``node`` is a minus sign on an int literal (``-1``), whose ±1 is the literal's."""
    return (
        isinstance(node, ast.UnaryOp)
        and isinstance(node.op, ast.USub)
        and isinstance(node.operand, ast.Constant)
        and type(node.operand.value) is int
    )


def _slot_of(node: ast.AST, parents: _Parents) -> _Slot | None:
    """Where ``node`` hangs in its parent."""
    parent = parents.get(id(node))
    if parent is None:
        return None
    for field, value in ast.iter_fields(parent):
        if value is node:
            return _Slot(parent, field, None)
        if isinstance(value, list) and any(v is node for v in value):
            return _Slot(parent, field, next(i for i, v in enumerate(value) if v is node))
    return None


def _negate_condition(
    node: ast.AST, slot: _Slot, text: _Text, parents: _Parents, scopes: _Scopes
) -> Iterator[_Candidate]:
    """An ``if``, ``while`` or conditional expression's test negated, a ``not`` removed, or a ``True`` or ``False``
    flipped wherever it is written (``sorted(x, reverse=False)``, ``found = True``)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, bool):
        # Shown with what it belongs to: ``reverse=False`` changed to ``reverse=True``.
        parent = parents.get(id(node))
        shown: ast.AST = node
        # (A parameter default's parent, ``ast.arguments``, has no position.)
        if parent is not None and getattr(parent, "end_col_offset", None) is not None and text.fits(parent):
            shown = parent
        flipped = ast.Constant(value=not node.value)
        yield _Candidate("negate_condition", node, slot, flipped, (str(flipped.value),), text.span(node)[0], shown)
        return
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        yield _Candidate(
            "negate_condition", node, slot, node.operand, (text.segment(node.operand),), text.span(node)[0], node
        )
        return
    parent = parents.get(id(node))
    if not (isinstance(parent, (ast.If, ast.While, ast.IfExp)) and parent.test is node):
        return
    segment = text.segment(node)
    new_node = ast.UnaryOp(op=ast.Not(), operand=node)
    texts = tuple(dict.fromkeys((f"not {segment}", f"not ({segment})")))
    yield _Candidate("negate_condition", node, slot, new_node, texts, text.span(node)[0], node)


def _replace_name(node: ast.AST, slot: _Slot, text: _Text, parents: _Parents, scopes: _Scopes) -> Iterator[_Candidate]:
    """A name read in a function replaced by another of its names; an attribute by another seen on the same object."""
    if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
        parent = parents.get(id(node))
        if isinstance(parent, ast.Call) and parent.func is node:
            return
        for other in scopes.names_of(node):
            if other != node.id:
                new_node = ast.Name(id=other, ctx=ast.Load())
                yield _Candidate("replace_name", node, slot, new_node, (other,), text.span(node)[0], node)
    elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
        base, parent = text.segment(node.value), parents.get(id(node))
        call = parent if isinstance(parent, ast.Call) and parent.func is node else None
        for other in scopes.attributes.get(base, []):
            if other != node.attr and (call is None or scopes.may_call(base, other, call)):
                renamed = ast.Attribute(value=node.value, attr=other, ctx=ast.Load())
                yield _Candidate("replace_name", node, slot, renamed, (f"{base}.{other}",), text.span(node)[0], node)


# Calls that read what the program is given: unwrapping one (``input("name? ")`` → ``"name? "``) changes what the
# program reads, not how it computes, and passes tests only by dodging the read.
_READS = frozenset({"input", "open"})


def _remove_call(node: ast.AST, slot: _Slot, text: _Text, parents: _Parents, scopes: _Scopes) -> Iterator[_Candidate]:
    """A call of one plain argument replaced by that argument (``abs(x)`` → ``x``), unless the call reads input."""
    if not (isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords):
        return
    if isinstance(node.func, ast.Name) and node.func.id in _READS:
        return
    argument = node.args[0]
    if isinstance(argument, ast.Starred) or isinstance(parents.get(id(node)), ast.Expr):
        return
    segment = text.segment(argument)
    texts = tuple(dict.fromkeys((segment, f"({segment})")))
    yield _Candidate("remove_call", node, slot, argument, texts, text.span(node)[0], node)


def _return_local(node: ast.AST, slot: _Slot, text: _Text, parents: _Parents, scopes: _Scopes) -> Iterator[_Candidate]:
    """A returned value replaced by another of the function's names."""
    if not isinstance(node, ast.Return) or node.value is None:
        return
    value = node.value
    current = value.id if isinstance(value, ast.Name) else None
    value_slot = _Slot(node, "value", None)
    for other in scopes.names_of(node):
        if other != current:
            new_node = ast.Name(id=other, ctx=ast.Load())
            yield _Candidate("return_local", value, value_slot, new_node, (other,), text.span(value)[0], node)


# Where a coroutine is handed on, not used: awaited already, an argument (`gather(*(...))`, `wait_for(c, 2)`), an
# item of a collection or a generator, a lambda's value.
_HANDED_ON = (
    ast.Await,
    ast.Call,
    ast.keyword,
    ast.Starred,
    ast.List,
    ast.Tuple,
    ast.Set,
    ast.comprehension,
    ast.GeneratorExp,
    ast.ListComp,
    ast.SetComp,
    ast.DictComp,
    ast.Lambda,
    ast.Dict,
)


# Statements that use a call's value whole: `return f()`, `x = f()`, `f()` on its own line.
_USING_WHOLE = (ast.Return, ast.Assign, ast.AnnAssign, ast.Expr)


def _add_await(node: ast.AST, slot: _Slot, text: _Text, parents: _Parents, scopes: _Scopes) -> Iterator[_Candidate]:
    """``await`` added, in an ``async def``, before a call of one of the program's own ``async def`` functions or
    methods (an un-awaited coroutine is always true, and never runs), or before a call that a statement inside
    ``try`` returns, assigns or makes on its own (whose failure the ``except`` would otherwise never see)."""
    parent = parents.get(id(node))
    if not isinstance(node, ast.Call) or isinstance(parent, _HANDED_ON) or not scopes.in_coroutine(node):
        return
    using = isinstance(parent, _USING_WHOLE) and parent.value is node and _in_try(parent, parents)
    statement = parent if using else None
    if _called_name(node) not in scopes.coroutines and statement is None:
        return
    segment = text.segment(node)
    shown = statement if statement is not None and text.fits(statement) else node
    yield _Candidate("add_await", node, slot, ast.Await(value=node), (f"await {segment}",), text.span(node)[0], shown)


def _in_try(node: ast.AST, parents: _Parents) -> bool:
    """Whether ``node`` is in the body of a ``try`` that has handlers, within its function."""
    child, parent = node, parents.get(id(node))
    while parent is not None and not isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        if isinstance(parent, ast.Try) and parent.handlers and any(s is child for s in parent.body):
            return True
        child, parent = parent, parents.get(id(parent))
    return False


# Methods that change the object they are called on, so a loop over it, or a name sharing it, sees the change.
_MUTATORS = frozenset({"append", "extend", "insert", "remove", "pop", "popitem", "clear", "add", "discard", "update"})
_MUTATORS |= {"setdefault", "sort"}
# Calls whose result is an iterator: read once, then empty.
_ITERATORS = frozenset({"map", "filter", "zip"})


def _known_bug(node: ast.AST, slot: _Slot, text: _Text, parents: _Parents, scopes: _Scopes) -> Iterator[_Candidate]:
    """The fixes linters name for bugs that are no single token (flake8-bugbear's B006/B023, pylint's
    modified-iterating-dict, ...): a list, dict or set default that the function changes or returns is made afresh on
    each call (``bucket=None``, then ``if bucket is None: bucket = []``); a ``return`` indented into the loop that ends
    its block goes after it (the loop otherwise stops after one item); a loop over a container its body changes, or
    whose items it calls, iterates over a copy (``for k in list(d):``); ``[[0] * w] * h``, one row shared ``h`` times,
    becomes a comprehension; a generator or ``map``/``filter``/``zip`` returned or kept in a name becomes a list (an
    iterator is empty once read); a lambda made in a loop binds the loop's names as defaults (``lambda x, k=k: ...``);
    ``a, b = s.split("=")`` splits once; a value taken from elsewhere and then changed is copied first (``x =
    DEFAULTS["x"].copy()``), and a parameter sorted in place is sorted as a copy (``xs = sorted(xs)``); a slice ended by
    a length (``s[start:width]`` → ``s[start:start + width]``); a sort key's term, or a heap entry's first item, in the
    other order (``key=lambda kv: (-kv[1], kv[0])``: most first); a regular expression's group of one digit or word
    character reads a run (``(\\d)`` → ``(\\d+)``); ``s.split(" ")`` splits on runs of whitespace (``s.split()``: two
    spaces make no empty word); ``d.get(k) or default`` → ``d.get(k, default)`` (a stored ``0`` is no missing key);
    in a loop, ``last.end = block.end`` keeps the larger (or smaller) bound (``max(last.end, block.end)``);
    arithmetic beside ``or`` or a conditional expression, regrouped the way the writer read it (``d.get(k) or 0 + 1``
    → ``(d.get(k) or 0) + 1``, ``"n: " + x if x else "-"`` → ``"n: " + (x if x else "-")``); a position checked
    against a size only from above is checked from below too (``nr < rows`` → ``0 <= nr < rows``); ``s.find(x)``
    tested for truth, or a name it was kept in, is compared with ``-1`` (not found is ``-1``, and found first is
    ``0``)."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        yield from _fresh_default(node, slot, text)
    elif isinstance(node, (ast.For, ast.AsyncFor)):
        yield from _iterate_copy(node, text)
        yield from _return_after_loop(node, text, parents)
    elif isinstance(node, ast.While):
        yield from _return_after_loop(node, text, parents)
    elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
        yield from _fresh_rows(node, slot, text)
    elif isinstance(node, (ast.GeneratorExp, ast.Call)) and isinstance(parents.get(id(node)), (ast.Return, ast.Assign)):
        yield from _listed(node, slot, text)
    elif isinstance(node, ast.Lambda):
        yield from _bound_early(node, slot, text, parents)
        yield from _reversed_key(node, text, parents)
    elif isinstance(node, (ast.Tuple, ast.List)) and node.elts:
        yield from _reversed_heap_entry(node, text, parents, scopes)
    elif isinstance(node, ast.Assign) and len(node.targets) == 1:
        yield from _split_once(node, text)
        yield from _copied(node, text, parents)
        yield from _running_bound(node, text, parents)
    elif isinstance(node, ast.BoolOp):
        yield from _get_with_default(node, slot, text)
        yield from _regrouped_default(node, slot, text)
    elif isinstance(node, ast.IfExp):
        yield from _regrouped_choice(node, slot, text)
    elif isinstance(node, ast.Compare):
        yield from _lower_bound(node, text, parents)
    elif isinstance(node, (ast.Call, ast.Name)) and _condition_of(node, parents) is not None:
        yield from _found_tested(node, slot, text, scopes)
    elif isinstance(node, ast.Slice):
        yield from _length_as_end(node, text, parents)
    elif isinstance(node, ast.Expr):
        yield from _sorted_copy(node, slot, text, scopes)
    elif isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield from _pattern_runs(node, slot, text, parents)
    if isinstance(node, ast.Call):
        yield from _split_words(node, slot, text)


def _fresh_default(node: ast.FunctionDef | ast.AsyncFunctionDef, slot: _Slot, text: _Text) -> Iterator[_Candidate]:
    """A mutable default the function changes or returns → ``None``, and the value made at the top of the body:
    the default is made once, so every call shares (and sees the changes of) one object."""
    args, body = node.args, node.body
    first = 0 if ast.get_docstring(node, clean=False) is None else 1
    if first >= len(body) or body[first].lineno == node.lineno:
        return
    positional = [*args.posonlyargs, *args.args]
    pairs = [
        *zip(positional[len(positional) - len(args.defaults) :], args.defaults, strict=True),
        *zip(args.kwonlyargs, args.kw_defaults, strict=True),
    ]
    returned = {r.value.id for r in ast.walk(node) if isinstance(r, ast.Return) and isinstance(r.value, ast.Name)}
    line_start = text.span(body[first])[0] - body[first].col_offset
    indent = text.source[line_start : text.span(body[first])[0]]
    for param, default in pairs:
        if not isinstance(default, _MUTABLE) or not (_mutated(param.arg, body, text) or param.arg in returned):
            continue
        new_args = copy.copy(args)
        new_args.defaults = [ast.Constant(None) if d is default else d for d in args.defaults]
        new_args.kw_defaults = [ast.Constant(None) if d is default else d for d in args.kw_defaults]
        made = ast.Assign(targets=[ast.Name(id=param.arg, ctx=ast.Store())], value=default)
        test = ast.Compare(
            left=ast.Name(id=param.arg, ctx=ast.Load()), ops=[ast.Is()], comparators=[ast.Constant(None)]
        )
        new_node = copy.copy(node)
        new_node.args = new_args
        new_node.body = [*body[:first], ast.If(test=test, body=[made], orelse=[]), *body[first:]]
        start, end = text.span(node)
        value, (at, after) = text.segment(default), text.span(default)
        guard = f"{indent}if {param.arg} is None:\n{indent}    {param.arg} = {value}\n"
        typed = text.source[start:at] + "None" + text.source[after:line_start] + guard + text.source[line_start:end]
        said = f"{param.arg}={value}", f"{param.arg}=None` + `if {param.arg} is None: {param.arg} = {value}"
        yield _Candidate("known_bug", node, slot, new_node, (typed,), at, default, said)


def _return_after_loop(
    node: ast.For | ast.AsyncFor | ast.While, text: _Text, parents: _Parents
) -> Iterator[_Candidate]:
    """``for ...: ...; return result`` (the loop last in its block) → the ``return`` dedented to after the loop."""
    returned = node.body[-1]
    place, owner = _slot_of(node, parents), parents.get(id(node))
    if not isinstance(returned, ast.Return) or len(node.body) < 2 or node.orelse or place is None or owner is None:
        return
    block = getattr(owner, place.field)
    owner_slot = _slot_of(owner, parents)
    if place.index != len(block) - 1 or owner_slot is None or returned.lineno == node.lineno:
        return
    start = text.span(returned)[0]
    line_start = start - returned.col_offset
    if text.source[line_start:start].strip():
        return  # not on a line of its own
    loop = copy.copy(node)
    loop.body = node.body[:-1]
    new_owner = copy.copy(owner)
    setattr(new_owner, place.field, [*block[:-1], loop, returned])
    loop_start = text.span(node)[0]
    indent = text.source[loop_start - node.col_offset : loop_start]
    owner_start, owner_end = text.span(owner)
    typed = text.source[owner_start:line_start] + indent + text.source[start:owner_end]
    head = text.source[loop_start : text.source.find("\n", loop_start)].strip()
    said = f"{head} ... {text.segment(returned)}", f"{head} ...` + `{text.segment(returned)}"
    yield _Candidate("known_bug", owner, owner_slot, new_owner, (typed,), start, returned, said)


def _mutated(name: str, body: Sequence[ast.AST], text: _Text) -> bool:
    """Whether the statements change the object written ``name``: a mutating method called on it, or an item or
    attribute of it assigned or deleted."""
    for statement in body:
        for node in ast.walk(statement):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _MUTATORS:
                changed: ast.expr = node.func.value
            elif isinstance(node, (ast.Subscript, ast.Attribute)) and isinstance(node.ctx, (ast.Store, ast.Del)):
                changed = node.value
            else:
                continue
            if text.segment(changed) == name:
                return True
    return False


def _iterate_copy(node: ast.For | ast.AsyncFor, text: _Text) -> Iterator[_Candidate]:
    """``for k in d:`` → ``for k in list(d):`` when the body changes ``d`` (``d.keys()``/``.items()``/``.values()``
    too), or calls what it iterates over (a handler may remove itself): a dict that changes size mid-loop raises,
    and a list skips items."""
    iterated = node.iter
    if isinstance(iterated, ast.Call) and isinstance(iterated.func, ast.Attribute) and not iterated.args:
        container = iterated.func.value if iterated.func.attr in ("keys", "items", "values") else None
    else:
        container = iterated if isinstance(iterated, (ast.Name, ast.Attribute, ast.Subscript)) else None
    if container is None:
        return
    if not (_mutated(text.segment(container), node.body, text) or _calls_item(node.target, node.body)):
        return
    new_node = ast.Call(func=ast.Name(id="list", ctx=ast.Load()), args=[iterated], keywords=[])
    typed = f"list({text.segment(iterated)})"
    yield _Candidate(
        "known_bug", iterated, _Slot(node, "iter", None), new_node, (typed,), text.span(iterated)[0], iterated
    )


def _running_bound(node: ast.Assign, text: _Text, parents: _Parents) -> Iterator[_Candidate]:
    """In a loop, ``last.end = block.end`` → ``last.end = max(last.end, block.end)`` (or ``min``): merging one
    item into another keeps the larger bound, where an assignment takes whichever came last."""
    target, value = node.targets[0], node.value
    if isinstance(target, ast.Attribute) and isinstance(value, ast.Attribute):
        same = target.attr == value.attr
    elif isinstance(target, ast.Subscript) and isinstance(value, ast.Subscript):
        same = text.segment(target.slice) == text.segment(value.slice)
    else:
        return
    if not same or text.segment(target.value) == text.segment(value.value):
        return
    parent = parents.get(id(node))
    while parent is not None and not isinstance(parent, (ast.For, ast.AsyncFor, ast.While)):
        if isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            return
        parent = parents.get(id(parent))
    if parent is None:
        return
    written, now = text.segment(value), text.segment(target)
    for pick in ("max", "min"):
        load = copy.deepcopy(target)
        load.ctx = ast.Load()
        call = ast.Call(func=ast.Name(id=pick, ctx=ast.Load()), args=[load, value], keywords=[])
        yield _Candidate(
            "known_bug",
            value,
            _Slot(node, "value", None),
            call,
            (f"{pick}({now}, {written})",),
            text.span(value)[0],
            node,
        )


def _get_with_default(node: ast.BoolOp, slot: _Slot, text: _Text) -> Iterator[_Candidate]:
    """``d.get(k) or default`` → ``d.get(k, default)``: a stored ``0``, ``""`` or ``False`` is a value, not a
    missing key."""
    if not isinstance(node.op, ast.Or) or len(node.values) != 2:
        return
    got, default = node.values
    if not (isinstance(got, ast.Call) and isinstance(got.func, ast.Attribute) and got.func.attr == "get"):
        return
    if len(got.args) != 1 or got.keywords or isinstance(got.args[0], ast.Starred):
        return
    new_node = ast.Call(func=got.func, args=[got.args[0], default], keywords=[])
    typed = f"{text.segment(got.func)}({text.segment(got.args[0])}, {text.segment(default)})"
    yield _Candidate("known_bug", node, slot, new_node, (typed,), text.span(node)[0], node)


def _bare_arithmetic(node: ast.expr, text: _Text) -> TypeGuard[ast.BinOp]:
    """Whether ``node`` is arithmetic written without parentheses of its own (so precedence grouped it)."""
    return (
        isinstance(node, ast.BinOp)
        and isinstance(node.op, _ARITHMETIC)
        and _around(text.source, *text.span(node)) is None
    )


def _regroup(node: ast.expr, slot: _Slot, text: _Text, new_node: ast.expr, cut: int, *, first: bool) -> _Candidate:
    """``node`` with parentheses around its text before ``cut`` (``first``) or after it, parsing as ``new_node``."""
    start, end = text.span(node)
    head, tail = text.source[start:cut], text.source[cut:end]
    typed = f"({head}){tail}" if first else f"{head}({tail})"
    return _Candidate("known_bug", node, slot, new_node, (typed,), start, node)


def _regrouped_default(node: ast.BoolOp, slot: _Slot, text: _Text) -> Iterator[_Candidate]:
    """``d.get(k) or 0 + 1`` → ``(d.get(k) or 0) + 1``, and ``a + b or c`` → ``a + (b or c)``: ``or`` binds looser
    than arithmetic."""
    if not isinstance(node.op, ast.Or) or len(node.values) != 2:
        return
    either, other = node.values
    if _bare_arithmetic(other, text):
        new_node = ast.BinOp(left=ast.BoolOp(op=ast.Or(), values=[either, other.left]), op=other.op, right=other.right)
        yield _regroup(node, slot, text, new_node, text.span(other.left)[1], first=True)
    if _bare_arithmetic(either, text):
        new_node = ast.BinOp(
            left=either.left, op=either.op, right=ast.BoolOp(op=ast.Or(), values=[either.right, other])
        )
        yield _regroup(node, slot, text, new_node, text.span(either.right)[0], first=False)


def _regrouped_choice(node: ast.IfExp, slot: _Slot, text: _Text) -> Iterator[_Candidate]:
    """``"n: " + x if x else "-"`` → ``"n: " + (x if x else "-")``, and ``a if c else b + 1`` → ``(a if c else b) +
    1``: a conditional expression binds looser than arithmetic."""
    body, orelse = node.body, node.orelse
    if _bare_arithmetic(body, text):
        choice = ast.IfExp(test=node.test, body=body.right, orelse=orelse)
        new_node = ast.BinOp(left=body.left, op=body.op, right=choice)
        yield _regroup(node, slot, text, new_node, text.span(body.right)[0], first=False)
    if _bare_arithmetic(orelse, text):
        new_node = ast.BinOp(
            left=ast.IfExp(test=node.test, body=body, orelse=orelse.left), op=orelse.op, right=orelse.right
        )
        yield _regroup(node, slot, text, new_node, text.span(orelse.left)[1], first=True)


def _is_extent(node: ast.expr) -> bool:
    """Whether ``node`` reads as a size: ``len(...)``, or a name or attribute named so."""
    if isinstance(node, ast.Call):
        return isinstance(node.func, ast.Name) and node.func.id == "len"
    name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""
    return bool(EXTENT_NAME.search(name))


def _lower_bound(node: ast.Compare, text: _Text, parents: _Parents) -> Iterator[_Candidate]:
    """``if nr < rows and nc < cols`` → ``if 0 <= nr < rows and 0 <= nc < cols``: a position checked against a size
    only from above lets ``-1`` through, and a negative index reads from the other end (CWE-839). One candidate a
    condition, made at its first such comparison, bounds all of them."""
    test = _condition_of(node, parents)
    slot = _slot_of(test, parents) if test is not None else None
    if test is None or slot is None:
        return
    compared = list(_comparisons(test))
    bare = [c for c in compared if _above_only(c, compared)]
    if not bare or bare[0] is not node:
        return
    new_test = copy.deepcopy(test)
    for old, new in zip(compared, _comparisons(new_test), strict=True):
        if old in bare:
            new.ops, new.comparators = [ast.LtE(), *new.ops], [new.left, *new.comparators]
            new.left = ast.Constant(0)
    typed = _replace(text, test, [(text.span(c)[0], text.span(c)[0], "0 <= ") for c in bare])
    yield _Candidate("known_bug", test, slot, new_test, (typed,), text.span(node)[0], test)


def _comparisons(test: ast.AST) -> Iterator[ast.Compare]:
    """The comparisons a condition joins with ``and``, ``or`` and ``not``, in source order."""
    if isinstance(test, ast.Compare):
        yield test
    elif isinstance(test, ast.BoolOp):
        for value in test.values:
            yield from _comparisons(value)
    elif isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        yield from _comparisons(test.operand)


def _above_only(node: ast.Compare, compared: Sequence[ast.Compare]) -> bool:
    """Whether ``node`` checks a name against a size from above (``nr < rows``), and no other comparison of the
    condition mentions the name (one may bound it from below)."""
    if len(node.ops) != 1 or not isinstance(node.ops[0], (ast.Lt, ast.LtE)) or not isinstance(node.left, ast.Name):
        return False
    if not _is_extent(node.comparators[0]):
        return False
    name = node.left.id
    return not any(isinstance(m, ast.Name) and m.id == name for c in compared if c is not node for m in ast.walk(c))


def _condition_of(node: ast.AST, parents: _Parents) -> ast.AST | None:
    """The condition ``node`` is, or is joined into with ``and``, ``or``, ``not`` (so only its truth counts): the
    test of an ``if``, ``while``, conditional expression, ``assert`` or comprehension; ``None`` if there is none."""
    current, parent = node, parents.get(id(node))
    while isinstance(parent, ast.BoolOp) or (isinstance(parent, ast.UnaryOp) and isinstance(parent.op, ast.Not)):
        current, parent = parent, parents.get(id(parent))
    if isinstance(parent, (ast.If, ast.While, ast.IfExp, ast.Assert)):
        return current if parent.test is current else None
    return current if isinstance(parent, ast.comprehension) and any(t is current for t in parent.ifs) else None


def _found_tested(node: ast.Call | ast.Name, slot: _Slot, text: _Text, scopes: _Scopes) -> Iterator[_Candidate]:
    """``if s.find(x):`` (or ``i = s.find(x)``, then ``if i:``) → ``!= -1``: not found is ``-1``, which is true, and
    found at the start is ``0``, which is false."""
    if isinstance(node, ast.Name):
        # A name every assignment of its function gives a `.find(...)`.
        scope = scopes.function(node)
        if scope is None:
            return
        values = [
            n.value
            for n in ast.walk(scope)
            if isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id == node.id for t in n.targets)
        ]
        if not values or not all(_is_find(v) for v in values):
            return
    elif not _is_find(node):
        return
    minus_one = ast.UnaryOp(op=ast.USub(), operand=ast.Constant(1))
    new_node = ast.Compare(left=node, ops=[ast.NotEq()], comparators=[minus_one])
    yield _Candidate("known_bug", node, slot, new_node, (f"{text.segment(node)} != -1",), text.span(node)[0], node)


def _is_find(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in ("find", "rfind")
        and bool(node.args)
    )


def _calls_item(target: ast.expr, body: Sequence[ast.stmt]) -> bool:
    """Whether a loop's body calls the item it is at (``for handler in handlers: handler(event)``)."""
    if not isinstance(target, ast.Name):
        return False
    return any(
        isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == target.id
        for statement in body
        for n in ast.walk(statement)
    )


_MUTABLE = (ast.List, ast.Dict, ast.Set, ast.ListComp, ast.DictComp, ast.SetComp)


def _fresh_rows(node: ast.BinOp, slot: _Slot, text: _Text) -> Iterator[_Candidate]:
    """``[[0] * w] * h`` (or ``[{}] * n``) → ``[[0] * w for _ in range(h)]``: the product repeats one object."""
    row, count = (node.left, node.right) if isinstance(node.left, ast.List) else (node.right, node.left)
    if not (isinstance(row, ast.List) and len(row.elts) == 1):
        return
    item = row.elts[0]
    repeated = isinstance(item, ast.BinOp) and isinstance(item.op, ast.Mult) and isinstance(item.left, ast.List)
    if not (isinstance(item, _MUTABLE) or repeated):
        return
    loop = ast.comprehension(
        target=ast.Name(id="_", ctx=ast.Store()),
        iter=ast.Call(func=ast.Name(id="range", ctx=ast.Load()), args=[count], keywords=[]),
        ifs=[],
        is_async=0,
    )
    new_node = ast.ListComp(elt=item, generators=[loop])
    typed = f"[{text.segment(item)} for _ in range({text.segment(count)})]"
    yield _Candidate("known_bug", node, slot, new_node, (typed,), text.span(node)[0], node)


def _listed(node: ast.GeneratorExp | ast.Call, slot: _Slot, text: _Text) -> Iterator[_Candidate]:
    """A generator expression, or a ``map``/``filter``/``zip``, returned or kept in a name, made a list."""
    if isinstance(node, ast.GeneratorExp):
        new_node: ast.expr = ast.ListComp(elt=node.elt, generators=node.generators)
        inner = text.segment(node)
        typed = f"[{inner[1:-1]}]" if inner.startswith("(") and inner.endswith(")") else f"[{inner}]"
    elif isinstance(node.func, ast.Name) and node.func.id in _ITERATORS:
        new_node = ast.Call(func=ast.Name(id="list", ctx=ast.Load()), args=[node], keywords=[])
        typed = f"list({text.segment(node)})"
    else:
        return
    yield _Candidate("known_bug", node, slot, new_node, (typed,), text.span(node)[0], node)


def _bound_early(node: ast.Lambda, slot: _Slot, text: _Text, parents: _Parents) -> Iterator[_Candidate]:
    """A lambda made in a loop that reads the loop's names gets them as defaults: it otherwise sees their last
    values, whenever it is called."""
    args = node.args
    if args.vararg or args.kwarg or args.kwonlyargs or args.posonlyargs:
        return
    loop_names: list[str] = []
    parent = parents.get(id(node))
    while parent is not None and not isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        if isinstance(parent, (ast.For, ast.AsyncFor, ast.comprehension)):
            loop_names += [n.id for n in ast.walk(parent.target) if isinstance(n, ast.Name)]
        if isinstance(parent, (ast.For, ast.AsyncFor, ast.While)):
            loop_names += [
                n.id
                for statement in parent.body
                for n in ast.walk(statement)
                if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)
            ]
        parent = parents.get(id(parent))
    own = {a.arg for a in args.args}
    read = {n.id for n in ast.walk(node.body) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    late = [name for name in dict.fromkeys(loop_names) if name in read and name not in own]
    if not late:
        return
    new_args = ast.arguments(
        posonlyargs=[],
        args=[*args.args, *(ast.arg(arg=name) for name in late)],
        vararg=None,
        kwonlyargs=[],
        kw_defaults=[],
        kwarg=None,
        defaults=[*args.defaults, *(ast.Name(id=name, ctx=ast.Load()) for name in late)],
    )
    new_node = ast.Lambda(args=new_args, body=node.body)
    params = ", ".join([*filter(None, [ast.unparse(args)]), *(f"{name}={name}" for name in late)])
    typed = f"lambda {params}: {text.segment(node.body)}"
    yield _Candidate("known_bug", node, slot, new_node, (typed,), text.span(node)[0], node)


_ORDERED_BY_KEY = frozenset({"sorted", "sort", "min", "max", "nlargest", "nsmallest"})
_HEAP_PUSHES = frozenset({"heappush", "heappushpop", "heapreplace"})


def _reversed_key(node: ast.Lambda, text: _Text, parents: _Parents) -> Iterator[_Candidate]:
    """Each term of a ``key=`` lambda (of ``sorted``, ``min``, ``heapq.nlargest``, ...) in the other order: negated,
    or its minus sign dropped. A key sorts ascending: a count meant to come most first needs its minus."""
    keyword = parents.get(id(node))
    call = parents.get(id(keyword)) if isinstance(keyword, ast.keyword) and keyword.arg == "key" else None
    if not isinstance(call, ast.Call) or _called_name(call) not in _ORDERED_BY_KEY:
        return
    terms = node.body.elts if isinstance(node.body, ast.Tuple) else [node.body]
    for term in terms:
        yield from _other_order(term, text, parents)


def _reversed_heap_entry(
    node: ast.Tuple | ast.List, text: _Text, parents: _Parents, scopes: _Scopes
) -> Iterator[_Candidate]:
    """A heap entry's first item, its priority, in the other order: ``heapq`` pops the smallest first, so a
    priority meant to run highest first is pushed negated. The entry is pushed as it is written, or through the
    one name it is assigned to."""
    parent = parents.get(id(node))
    if isinstance(parent, ast.Assign) and len(parent.targets) == 1 and isinstance(parent.targets[0], ast.Name):
        name, where = parent.targets[0].id, scopes.function(node)
        pushed = where is not None and any(
            isinstance(call, ast.Call)
            and _called_name(call) in _HEAP_PUSHES
            and any(isinstance(a, ast.Name) and a.id == name for a in call.args[1:2])
            for call in ast.walk(where)
        )
    else:
        pushed = isinstance(parent, ast.Call) and _called_name(parent) in _HEAP_PUSHES and parent.args[1:2] == [node]
    if pushed:
        yield from _other_order(node.elts[0], text, parents)


def _other_order(term: ast.expr, text: _Text, parents: _Parents) -> Iterator[_Candidate]:
    slot = _slot_of(term, parents)
    if slot is None or (isinstance(term, ast.Constant) and not isinstance(term.value, (int, float))):
        return
    if isinstance(term, ast.UnaryOp) and isinstance(term.op, ast.USub):
        new_node: ast.expr = term.operand
        typed = text.segment(term.operand)
    else:
        new_node = ast.UnaryOp(op=ast.USub(), operand=term)
        plain = isinstance(term, (ast.Name, ast.Attribute, ast.Subscript, ast.Call, ast.Constant))
        typed = f"-{text.segment(term)}" if plain else f"-({text.segment(term)})"
    yield _Candidate("known_bug", term, slot, new_node, (typed,), text.span(term)[0], term)


def _split_once(node: ast.Assign, text: _Text) -> Iterator[_Candidate]:
    """``key, value = line.split("=")`` → ``line.split("=", 1)``: a value holding the separator unpacks into too
    many parts (``rsplit`` alike)."""
    target, call = node.targets[0], node.value
    if not (isinstance(target, (ast.Tuple, ast.List)) and isinstance(call, ast.Call)):
        return
    if any(isinstance(e, ast.Starred) for e in target.elts) or len(target.elts) < 2:
        return
    if not (isinstance(call.func, ast.Attribute) and call.func.attr in ("split", "rsplit")) or call.keywords:
        return
    if len(call.args) != 1 or isinstance(call.args[0], ast.Starred):
        return
    limit = len(target.elts) - 1
    new_node = ast.Call(func=call.func, args=[*call.args, ast.Constant(limit)], keywords=[])
    start, end = text.span(call)
    last = text.span(call.args[0])[1]
    typed = text.source[start:last] + f", {limit}" + text.source[last:end]
    yield _Candidate("known_bug", call, _Slot(node, "value", None), new_node, (typed,), last, call)


# The ``re`` functions whose first argument is a pattern.
_PATTERN_TAKERS = frozenset({"compile", "match", "fullmatch", "search", "findall", "finditer", "sub", "subn", "split"})


def _pattern_runs(node: ast.Constant, slot: _Slot, text: _Text, parents: _Parents) -> Iterator[_Candidate]:
    """A pattern given to ``re`` with a group of one digit or word character: ``(\\d)`` → ``(\\d+)``."""
    call = parents.get(id(node))
    if not (isinstance(call, ast.Call) and call.args and call.args[0] is node and isinstance(node.value, str)):
        return
    func = call.func
    if not (isinstance(func, ast.Attribute) and func.attr in _PATTERN_TAKERS):
        return
    if not (isinstance(func.value, ast.Name) and func.value.id == "re"):
        return
    written = text.segment(node)
    if len(written) > 400:
        return
    shows = _first_use_in_a_function(call, text, parents)
    for index in one_character_groups(node.value):
        wanted = node.value[:index] + "+" + node.value[index:]
        # Where the ``+`` goes in the source, before a ``)``: escapes and adjacent literals move it from the value's.
        for at in (i for i, c in enumerate(written) if c == ")"):
            typed = written[:at] + "+" + written[at:]
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # the source's own invalid escapes ("\d" unraw)
                try:
                    value = ast.literal_eval(f"({typed})")
                except (SyntaxError, ValueError):
                    continue
            if value == wanted:
                start = text.span(node)[0]
                group = node.value[node.value.rfind("(", 0, index) : index + 1]
                said = group, group[:-1] + "+)"
                new_node = ast.Constant(wanted)
                yield _Candidate("known_bug", node, slot, new_node, (typed,), start + at, node, said, shows)
                break


def _first_use_in_a_function(value: ast.AST, text: _Text, parents: _Parents) -> int | None:
    """Where a function first reads the name a module-level statement assigns ``value`` to: that line runs on
    loading, before any test, so a bug in it shows there (``LINE_RE = re.compile(...)``, then ``LINE_RE.match``)."""
    statement = parents.get(id(value))
    if not (isinstance(statement, ast.Assign) and len(statement.targets) == 1):
        return None
    target, module = statement.targets[0], parents.get(id(statement))
    if not (isinstance(target, ast.Name) and isinstance(module, ast.Module)):
        return None
    for definition in module.body:
        if isinstance(definition, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            for read in ast.walk(definition):
                if isinstance(read, ast.Name) and read.id == target.id and isinstance(read.ctx, ast.Load):
                    return text.span(read)[0]
    return None


def _split_words(node: ast.Call, slot: _Slot, text: _Text) -> Iterator[_Candidate]:
    """``s.split(" ")`` → ``s.split()``: a run of spaces, or a tab, otherwise makes empty or joined words."""
    func = node.func
    if not (isinstance(func, ast.Attribute) and func.attr in ("split", "rsplit")) or node.keywords:
        return
    if len(node.args) != 1 or not (isinstance(node.args[0], ast.Constant) and node.args[0].value == " "):
        return
    new_node = ast.Call(func=func, args=[], keywords=[])
    start, end = text.span(node)
    opened, closed = text.span(node.args[0])
    typed = text.source[start:opened] + text.source[closed:end]
    yield _Candidate("known_bug", node, slot, new_node, (typed,), opened, node)


def _copied(node: ast.Assign, text: _Text, parents: _Parents) -> Iterator[_Candidate]:
    """``x = DEFAULTS["x"]`` → ``DEFAULTS["x"].copy()`` when the function goes on to change ``x``: changing it
    changes what it was taken from."""
    target, value = node.targets[0], node.value
    if not (isinstance(target, ast.Name) and isinstance(value, (ast.Name, ast.Attribute, ast.Subscript))):
        return
    if isinstance(value, ast.Subscript) and isinstance(value.slice, ast.Slice):
        return  # a slice is a copy already
    block = _slot_of(node, parents)
    if block is None or block.index is None:
        return
    after = getattr(block.parent, block.field)[block.index + 1 :]
    if not _mutated(target.id, after, text):
        return
    new_node = ast.Call(func=ast.Attribute(value=value, attr="copy", ctx=ast.Load()), args=[], keywords=[])
    typed, shown = f"{text.segment(value)}.copy()", node if text.fits(node) else value
    yield _Candidate("known_bug", value, _Slot(node, "value", None), new_node, (typed,), text.span(value)[0], shown)


def _sorted_copy(node: ast.Expr, slot: _Slot, text: _Text, scopes: _Scopes) -> Iterator[_Candidate]:
    """``xs.sort(...)`` (or ``xs.reverse()``) of a parameter → ``xs = sorted(xs, ...)`` (``xs[::-1]``): sorting in
    place reorders the caller's list."""
    call = node.value
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and not call.args):
        return
    sorted_list, method = call.func.value, call.func.attr
    if (
        not isinstance(sorted_list, ast.Name)
        or method not in ("sort", "reverse")
        or (method == "reverse" and call.keywords)
    ):
        return
    function = scopes.function(node)
    params = [] if function is None else [*function.args.posonlyargs, *function.args.args, *function.args.kwonlyargs]
    name = sorted_list.id
    if name not in {a.arg for a in params}:
        return
    load = ast.Name(id=name, ctx=ast.Load())
    if method == "sort":
        value: ast.expr = ast.Call(func=ast.Name(id="sorted", ctx=ast.Load()), args=[load], keywords=call.keywords)
        options = text.source[text.span(call.func)[1] : text.span(call)[1]].strip()[1:-1].strip()
        typed = f"{name} = sorted({name}{', ' + options if options else ''})"
    else:
        backwards = ast.Slice(step=ast.UnaryOp(op=ast.USub(), operand=ast.Constant(1)))
        value = ast.Subscript(value=load, slice=backwards, ctx=ast.Load())
        typed = f"{name} = {name}[::-1]"
    new_node = ast.Assign(targets=[ast.Name(id=name, ctx=ast.Store())], value=value)
    yield _Candidate("known_bug", node, slot, new_node, (typed,), text.span(node)[0], node)


COUNT_NAME = re.compile(r"(?:length|len|size|width|count)$", re.IGNORECASE)
"""The last word of a name that holds a count, not a position (``width``, ``field.length``)."""
EXTENT_NAME = re.compile(r"(?:^n|length|len|size|width|height|count|rows|cols|columns)$", re.IGNORECASE)
"""The last word of a name that holds a size a position is checked against (``rows``, ``xs.length``), or ``n``."""


def _length_as_end(node: ast.Slice, text: _Text, parents: _Parents) -> Iterator[_Candidate]:
    """``s[start:width]`` → ``s[start:start + width]``: a slice takes an end, not a length."""
    lower, upper = node.lower, node.upper
    if lower is None or upper is None or node.step is not None or not COUNT_NAME.search(text.segment(upper)):
        return
    if isinstance(lower, ast.Constant) and lower.value == 0:
        return
    new_node = ast.BinOp(left=lower, op=ast.Add(), right=upper)
    parent = parents.get(id(node))
    shown = parent if parent is not None and text.fits(parent) else upper
    typed = f"{text.segment(lower)} + {text.segment(upper)}"
    yield _Candidate("known_bug", upper, _Slot(node, "upper", None), new_node, (typed,), text.span(upper)[0], shown)


_SWAPPABLE = (ast.Expr, ast.Assign, ast.AugAssign, ast.AnnAssign)
"""The statements :func:`_swap_statements` puts in the other order: no ``return`` or jump, no block."""


def _swap_statements(
    node: ast.AST, slot: _Slot, text: _Text, parents: _Parents, scopes: _Scopes
) -> Iterator[_Candidate]:
    """Two one-line statements, next to each other in a function's block, in the other order, when one writes what
    the other reads or writes (``self.state = to`` then ``self.history.append((self.state, to))``, which meant to
    record the state left; a total reset before it is read). Statements that touch nothing in common commute."""
    owner, index = slot.parent, slot.index
    if index is None or isinstance(owner, ast.Module) or slot.field not in ("body", "orelse", "finalbody"):
        return
    block = getattr(owner, slot.field)
    owner_slot = _slot_of(owner, parents)
    if index + 1 >= len(block) or owner_slot is None:
        return
    first, second = block[index], block[index + 1]
    if not all(isinstance(s, _SWAPPABLE) and text.fits(s) and not _is_docstring(s) for s in (first, second)):
        return
    if not depend(_touched(first), _touched(second)) or _same_value(first, second):
        return
    new_owner = copy.copy(owner)
    setattr(new_owner, slot.field, [*block[:index], second, first, *block[index + 2 :]])
    (a, a_end), (b, b_end), (start, end) = text.span(first), text.span(second), text.span(owner)
    source = text.source
    indent = source[a - first.col_offset : a]
    typed = source[start:a] + swapped(source[a:a_end], source[a_end:b], source[b:b_end], indent) + source[b_end:end]
    said = f"{source[a:a_end]}; {source[b:b_end]}", f"{source[b:b_end]}; {source[a:a_end]}"
    yield _Candidate("swap_statements", owner, owner_slot, new_owner, (typed,), a, first, said, narrow=True)


def _same_value(first: ast.stmt, second: ast.stmt) -> bool:
    """Whether both assign the same expression (``right = stack.pop()``, ``left = stack.pop()``): in the other order
    they swap which name holds which value, the names swapped where they are used (a likelier edit, made there)."""
    values = [s.value for s in (first, second) if isinstance(s, (ast.Assign, ast.AnnAssign)) and s.value is not None]
    return len(values) == 2 and ast.dump(values[0]) == ast.dump(values[1])


def _is_docstring(statement: ast.stmt) -> bool:
    return isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)


def _touched(statement: ast.stmt) -> tuple[set[str], set[str]]:
    """The paths (``x``, ``self.items``) a statement writes (assigned, or changed by a method such as ``append``),
    and every path it names: the longest only (``self.items.append``, not ``self``)."""
    inner = {id(n.value) for n in ast.walk(statement) if isinstance(n, (ast.Attribute, ast.Subscript))}
    writes: set[str] = set()
    touched: set[str] = set()
    for n in ast.walk(statement):
        called = n.func if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) else None
        if called is not None and called.attr in _MUTATORS and (changed := _path(called.value)) is not None:
            writes.add(changed)
        if not isinstance(n, (ast.Name, ast.Attribute, ast.Subscript)) or (path := _path(n)) is None:
            continue
        if isinstance(n.ctx, (ast.Store, ast.Del)):
            writes.add(path)
        if id(n) not in inner:
            touched.add(path)
    return writes, touched | writes


def _path(node: ast.expr) -> str | None:
    """``x``, ``self.items``; an item's path is its container's (``d[k]`` is ``d``); ``None`` for anything else."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = _path(node.value)
        return None if base is None else f"{base}.{node.attr}"
    if isinstance(node, ast.Subscript):
        return _path(node.value)
    return None


_REPAIRS: dict[str, _Generator] = {
    "swap_operands": _swap_operands,
    "replace_operator": _replace_operator,
    "flip_comparison": _flip_comparison,
    "swap_min_max": _swap_min_max,
    "off_by_one": _off_by_one_anywhere,
    "swap_arguments": _swap_call_arguments,
    "negate_condition": _negate_condition,
    "replace_name": _replace_name,
    "remove_call": _remove_call,
    "return_local": _return_local,
    "add_await": _add_await,
    "swap_statements": _swap_statements,
    "known_bug": _known_bug,
}
