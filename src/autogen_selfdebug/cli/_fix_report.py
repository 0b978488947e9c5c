"""What people are told about a fix: the change as a unified diff against the input, and how it was found."""

from __future__ import annotations

import difflib

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from ._render import FixOrigin

__all__ = ["show_fix", "unified_diff"]

_OTHERS_SHOWN = 5


def unified_diff(before: str, after: str, name: str) -> str:
    """The change from ``before`` to ``after`` as a unified diff, the file named ``a/NAME`` and ``b/NAME``."""
    lines = difflib.unified_diff(
        before.splitlines(), after.splitlines(), fromfile=f"a/{name}", tofile=f"b/{name}", lineterm=""
    )
    return "".join(f"{line}\n" for line in lines)


def _styled(diff: str) -> Text:
    text = Text()
    for line in diff.splitlines():
        if line.startswith(("---", "+++")):
            style = "bold"
        elif line.startswith("@@"):
            style = "cyan"
        elif line.startswith("+"):
            style = "green"
        elif line.startswith("-"):
            style = "red"
        else:
            style = ""
        text.append(f"{line}\n", style=style)
    return text


def show_fix(console: Console, name: str, before: str, after: str, origin: FixOrigin | None) -> None:
    """Print the fix of ``name`` as a colored diff, then how it was found (and a warning when the
    tests let several different patches pass)."""
    diff = unified_diff(before, after, name)
    if diff:
        console.print(_styled(diff), end="", soft_wrap=True)
    else:
        console.print(f"[dim]no change to {escape(name)}")
    if origin is None:
        return
    console.print(f"[bold]{escape(name)}:[/bold] {escape(origin.describe())}", highlight=False)
    if origin.passing_patches > 1:
        others = origin.other_patches()[:_OTHERS_SHOWN]
        more = origin.passing_patches - 1 - len(others)
        # One patch a line: a patch of two edits is described as two, joined by "; ".
        shown = "".join(f"\n  - {escape(other)}" for other in others) + (f"\n  and {more} more" if more > 0 else "")
        console.print(
            f"[yellow]warning:[/yellow] {origin.passing_patches} different patches pass these tests, so the tests "
            f"do not pin the behaviour down: check that this change is the one you mean. The others:{shown}",
            highlight=False,
        )
