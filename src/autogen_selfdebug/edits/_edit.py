"""The edit and the patch: a small change spliced into a program's text, and a set of them.

An :class:`Edit` replaces one span of the source with new text. Offsets are character offsets
into the original source, so an edit made from a parse tree keeps the comments and formatting
around it. A :class:`Patch` is edits that do not overlap, applied together; the repair search
speaks only in patches.
"""

from __future__ import annotations

import difflib
import itertools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

__all__ = ["Edit", "Patch", "depend", "edits_kept_code", "same_edit_everywhere", "swapped"]


def _one_line(snippet: str) -> str:
    return re.sub(r"\s+", " ", snippet).strip()


@dataclass(frozen=True)
class Edit:
    """Replace ``source[start:end]`` with ``text``.

    Attributes:
        start: Where the replaced span begins (a character offset into the original source).
        end: Where it ends (exclusive).
        text: What goes in its place.
        template: The kind of change (``swap_operands``, ``replace_operator``...).
        line: The 1-based line of the change.
        original: The changed snippet before, for people (may be wider than the span).
        replacement: The same snippet after.
        scope: The name of the enclosing function, or ``None`` at module level; the same edit at
            every site of one scope makes one candidate.
        occurrence: When the snippet occurs more than once on its line, which one this is and how many
            there are (``n // 2`` in ``s[n // 2] + s[n // 2 + 1]``), so that people can tell them apart.
        shows: The line where the bug shows, when the tests never run the edited one (a module-level
            ``/g`` regular expression that a function tests): the search weighs the edit by that line.

    Example:
        >>> source = "x = right - left\\n"
        >>> edit = Edit(4, 16, "left - right", "swap_operands", 1, "right - left", "left - right")
        >>> edit.apply(source)
        'x = left - right\\n'
        >>> edit.description
        '`right - left` changed to `left - right` on line 1'
    """

    start: int
    end: int
    text: str
    template: str
    line: int
    original: str
    replacement: str
    scope: str | None = None
    occurrence: tuple[int, int] | None = None
    shows: int | None = None

    @property
    def description(self) -> str:
        """The change in words: "`a < b` changed to `a <= b` on line 7"."""
        return f"`{_one_line(self.original)}` changed to `{_one_line(self.replacement)}` on {self.site}"

    @property
    def change(self) -> str:
        """The change as a clause: "changing `a < b` to `a <= b` on line 7"."""
        return f"changing `{_one_line(self.original)}` to `{_one_line(self.replacement)}` on {self.site}"

    @property
    def site(self) -> str:
        """Where: "line 7", or "line 6 (2nd of 2)" when the snippet occurs on it more than once."""
        if self.occurrence is None:
            return f"line {self.line}"
        index, count = self.occurrence
        return f"line {self.line} ({_ordinal(index)} of {count})"

    @property
    def bug_line(self) -> int:
        """The line the search weighs the edit by: where the bug shows, which is most often the edit's own."""
        return self.line if self.shows is None else self.shows

    @property
    def size(self) -> int:
        """How many characters change: the smaller, the more conservative the edit."""
        return max(self.end - self.start, len(self.text))

    @classmethod
    def spliced(
        cls, source: str, start: int, end: int, text: str, *, template: str, line: int, shown: tuple[int, int]
    ) -> Edit:
        """The edit putting ``text`` over ``source[start:end]``; ``shown`` is the span (around it) that
        people see before and after."""
        shown_start, shown_end = shown
        after = source[:start] + text + source[end:]
        grown = len(text) - (end - start)
        before, shown_after = source[shown_start:shown_end], after[shown_start : shown_end + grown]
        occurrence = _occurrence(source, shown_start, shown_end)
        return cls(start, end, text, template, line, before, shown_after, occurrence=occurrence)

    def key(self, source: str) -> tuple[str, str, str, str | None]:
        """What makes two edits "the same edit": template, replaced text, new text and scope."""
        return self.template, source[self.start : self.end], self.text, self.scope

    def apply(self, source: str) -> str:
        return source[: self.start] + self.text + source[self.end :]


@dataclass(frozen=True)
class Patch:
    """Edits applied together. They must not overlap.

    Example:
        >>> source = "a = min(x, y)\\nb = min(y, z)\\n"
        >>> first = Edit(4, 7, "max", "swap_min_max", 1, "min", "max")
        >>> second = Edit(18, 21, "max", "swap_min_max", 2, "min", "max")
        >>> Patch((first, second)).apply(source)
        'a = max(x, y)\\nb = max(y, z)\\n'
    """

    edits: tuple[Edit, ...]

    def __post_init__(self) -> None:
        spans = sorted((e.start, e.end) for e in self.edits)
        for (_, end), (start, _) in itertools.pairwise(spans):
            if start < end:
                raise ValueError("A patch's edits must not overlap.")

    @classmethod
    def of(cls, *edits: Edit) -> Patch:
        return cls(tuple(edits))

    def overlaps(self, edit: Edit) -> bool:
        return any(edit.start < e.end and e.start < edit.end for e in self.edits)

    def plus(self, edit: Edit) -> Patch:
        """This patch with one more edit (which must not overlap it)."""
        return Patch((*self.edits, edit))

    def apply(self, source: str) -> str:
        for edit in sorted(self.edits, key=lambda e: e.start, reverse=True):
            source = edit.apply(source)
        return source

    @property
    def lines(self) -> list[int]:
        return sorted({e.line for e in self.edits})

    @property
    def bug_lines(self) -> list[int]:
        """The lines the search weighs the patch by (:attr:`Edit.bug_line`)."""
        return sorted({e.bug_line for e in self.edits})

    @property
    def size(self) -> tuple[int, int]:
        """How big the patch is: edits first, then characters changed (smaller is more conservative)."""
        return len(self.edits), sum(e.size for e in self.edits)

    @property
    def description(self) -> str:
        """Every edit in words, in line order: "`a` changed to `b` on line 3"; the same change at several
        sites is said once ("on lines 5, 6")."""
        return self._words("`{}` changed to `{}` on {}")

    @property
    def change(self) -> str:
        """The same as a clause: "changing `a` to `b` on line 3"."""
        return self._words("changing `{}` to `{}` on {}", joiner=", and ")

    def _words(self, template: str, *, joiner: str = "; ") -> str:
        edits = sorted(self.edits, key=lambda e: (e.line, e.start))
        shown = [(_one_line(e.original), _one_line(e.replacement)) for e in edits]
        if len(edits) > 1 and len({(e.template, *pair) for e, pair in zip(edits, shown, strict=True)}) == 1:
            lines = list(dict.fromkeys(e.line for e in edits))
            where = ("line " if len(lines) == 1 else "lines ") + ", ".join(map(str, lines))
            if len(lines) < len(edits):
                where += f" ({len(edits)} places)"
            return template.format(*shown[0], where)
        return joiner.join(template.format(*pair, e.site) for e, pair in zip(edits, shown, strict=True))


def edits_kept_code(patch: Patch, program: str, given: str) -> bool:
    """Whether every edit of ``patch`` to ``program`` is on lines that ``program`` kept unchanged from ``given``
    (aligned as ``difflib`` aligns them): then the patch edits the given program's code, not code the model wrote.

    Example:
        >>> given = "def f(x)\\n    return x // 2\\n"
        >>> program = "def f(x):\\n    return x // 2\\n"  # the model fixed the colon, and only that
        >>> edit = Edit(23, 25, "/", "replace_operator", 2, "x // 2", "x / 2")
        >>> edits_kept_code(Patch.of(edit), program, given)
        True
        >>> edits_kept_code(Patch.of(edit), program, "def f(x):\\n    return x\\n")
        False
    """
    lines = program.splitlines()
    matcher = difflib.SequenceMatcher(None, given.splitlines(), lines, autojunk=False)
    kept = {b + i + 1 for _, b, size in matcher.get_matching_blocks() for i in range(size)}
    # An edit may span lines (a call's arguments swapped across them): all of them must be kept ones.
    edited = {n for e in patch.edits for n in range(e.line, program.count("\n", 0, max(e.start, e.end - 1)) + 2)}
    return edited <= kept


def _occurrence(source: str, start: int, end: int) -> tuple[int, int] | None:
    """Which occurrence on its line ``source[start:end]`` is, and of how many, when there are several; a name
    counts only whole (``n`` is not in ``min``)."""
    snippet = source[start:end]
    if not snippet.strip() or "\n" in snippet:
        return None
    first = source.rfind("\n", 0, start) + 1
    last = source.find("\n", end)
    pattern = re.compile(
        (r"(?<!\w)" if re.match(r"\w", snippet[0]) else "")
        + re.escape(snippet)
        + (r"(?!\w)" if re.match(r"\w", snippet[-1]) else "")
    )
    starts = [match.start() for match in pattern.finditer(source, first, len(source) if last < 0 else last)]
    return (starts.index(start) + 1, len(starts)) if len(starts) > 1 and start in starts else None


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def same_edit_everywhere(source: str, edits: Iterable[Edit]) -> list[Patch]:
    """For each edit that can be made at two or more sites of one scope, the patch making it at all of them.

    Kadane's ``Math.min`` written for ``Math.max`` on two lines is one bug, fixed by one such patch.
    """
    groups: dict[tuple[str, str, str, str | None], list[Edit]] = {}
    for edit in edits:
        groups.setdefault(edit.key(source), []).append(edit)
    patches: list[Patch] = []
    for group in groups.values():
        sites = _disjoint(group)
        if len(sites) >= 2:
            patches.append(Patch(tuple(sites)))
    return patches


def _disjoint(edits: Sequence[Edit]) -> list[Edit]:
    """The edits in source order, dropping any that overlaps one already kept (and exact repeats)."""
    kept: list[Edit] = []
    for edit in sorted(edits, key=lambda e: (e.start, e.end)):
        if all(edit.start >= k.end or k.start >= edit.end for k in kept):
            kept.append(edit)
    return kept


def swapped(first: str, between: str, second: str, indent: str) -> str:
    """``second`` then ``first``, two statements on lines of their own (``between`` is the text between them, ``indent``
    the first's): the comment lines just above ``second`` move up with it, since they are about it.

    Example:
        >>> swapped("a = 1", "\\n    # then b\\n    ", "b = a", "    ")
        '# then b\\n    b = a\\n    a = 1'
    """
    lead, newline, rest = between.partition("\n")
    comments = rest[len(indent) :].rstrip(" \t")
    if indent.strip() or lead.strip() or not newline or not rest.startswith(indent) or not comments.strip():
        return second + between + first
    return f"{comments}{indent}{second}\n{indent}{first}"


def depend(first: tuple[set[str], set[str]], second: tuple[set[str], set[str]]) -> bool:
    """Whether one of two statements writes a path (``x``, ``self.items``) that the other names, each statement given
    as the paths it writes and the paths it names; a path inside another counts (``self.items.append``)."""

    def overlap(path: str, other: str) -> bool:
        return path == other or path.startswith(f"{other}.") or other.startswith(f"{path}.")

    (writes_a, named_a), (writes_b, named_b) = first, second
    return any(overlap(w, t) for w in writes_a for t in named_b) or any(
        overlap(w, t) for w in writes_b for t in named_a
    )
