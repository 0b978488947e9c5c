"""Tracebacks cut to the program's own frames, and the name of the error that ended a run.

A traceback through ``json`` or ``pydantic`` can be dozens of frames the model cannot change;
what it can fix is in its own program. Library frames (site-packages, the standard library,
``<frozen ...>`` and Node.js's ``node:internal``) are replaced by one line saying how many were
hidden. Everything else in the output is kept, in order.
"""

from __future__ import annotations

import re

__all__ = ["final_error", "trim_traceback", "waited_for_input"]

_PY_FRAME = re.compile(r'^\s*File "(?P<file>[^"]+)", line \d+')
_LIBRARY_FILE = re.compile(r"(site-packages|dist-packages)[/\\]|[/\\]lib[/\\]python\d+(\.\d+)?[/\\]|^<frozen ")
_NODE_INTERNAL = re.compile(r"^\s*at (?:.*\()?node:internal/")
_PY_ERROR = re.compile(r"^(?:[\w.]+\.)?(?P<name>[A-Z]\w*(?:Error|Exception|Exit|Interrupt|Warning)|StopIteration)\b")
_NODE_ERROR = re.compile(r"^(?:Uncaught )?(?P<name>[A-Z]\w*Error|Error)\b(?::|$)")
_TS_ERROR = re.compile(r"error (?P<name>TS\d+):")
# Python's input() at the end of an empty standard input; a Jupyter kernel, which takes no input from a sandbox.
_NO_INPUT = ("EOFError: EOF when reading a line", "StdinNotImplementedError")


def trim_traceback(text: str) -> str:
    """``text`` with library frames of Python and Node.js tracebacks replaced by a count.

    Example:
        >>> frame = '  File "/usr/lib/python3.11/json/decoder.py", line 9, in f\\n    x()\\n'
        >>> print(trim_traceback(frame + "ValueError: bad"))
          [1 library frame hidden]
        ValueError: bad
    """
    lines = text.splitlines()
    kept: list[str] = []
    hidden = 0
    i = 0
    while i < len(lines):
        line = lines[i]
        frame = _PY_FRAME.match(line)
        if frame and _LIBRARY_FILE.search(frame.group("file")):
            hidden += 1
            i += 1
            # The frame's source line and caret lines belong to it: indented deeper than "File".
            indent = len(line) - len(line.lstrip())
            while i < len(lines) and lines[i].strip() and len(lines[i]) - len(lines[i].lstrip()) > indent:
                if _PY_FRAME.match(lines[i]):
                    break
                i += 1
            continue
        if _NODE_INTERNAL.match(line):
            hidden += 1
            i += 1
            continue
        if hidden:
            kept.append(f"  [{hidden} library frame{'s' if hidden > 1 else ''} hidden]")
            hidden = 0
        kept.append(line)
        i += 1
    if hidden:
        kept.append(f"  [{hidden} library frame{'s' if hidden > 1 else ''} hidden]")
    return "\n".join(kept)


def final_error(text: str) -> str | None:
    """The class name of the last error in a run's output (``NameError``, ``ReferenceError``,
    ``TS2304``...), or ``None`` when the output names none."""
    found: str | None = None
    for line in text.splitlines():
        stripped = line.strip()
        match = _TS_ERROR.search(stripped) or _PY_ERROR.match(stripped) or _NODE_ERROR.match(stripped)
        if match:
            found = match.group("name")
    return found


def waited_for_input(text: str) -> bool:
    """Whether a run's output shows it stopped reading standard input that was not there (``input()``)."""
    return any(sign in text for sign in _NO_INPUT)
