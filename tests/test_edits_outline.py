"""A program in outline: what a restart sees after the model resent a program it cannot fix."""

from __future__ import annotations

import pytest

from autogen_selfdebug.cli import EXAMPLES
from autogen_selfdebug.edits import outline, parses

PYTHON = '''\
import math


def area(r):
    """The area of a circle of radius r."""
    # a comment inside the body goes too
    return math.pi * r - r


class Stack:
    def push(self, item):
        self.items.append(item)

    def size(self): return len(self.items)


print(area(2))
'''


def test_python_bodies_are_left_out_and_the_rest_is_kept() -> None:
    assert outline(PYTHON, "python") == (
        'import math\n\n\ndef area(r):\n    """The area of a circle of radius r."""\n    ...\n\n\n'
        "class Stack:\n    def push(self, item):\n        ...\n\n    def size(self): return len(self.items)\n\n\n"
        "print(area(2))\n"
    )


def test_python_nested_functions_go_with_their_outer_body() -> None:
    source = "def outer(x):\n    def inner(y):\n        return y + 1\n    return inner(x)\n"
    assert outline(source, "python") == "def outer(x):\n    ...\n"


@pytest.mark.parametrize("language", ["javascript", "typescript"])
def test_javascript_and_typescript_bodies_are_left_out(language: str) -> None:
    typed = ": number" if language == "typescript" else ""
    source = (
        f"/** Twice x. */\nfunction double(x{typed}){typed} {{\n  const y = x + x;\n  return y + 1;\n}}\n"
        f"const half = (x{typed}) => {{\n  return x / 3;\n}};\nconst inc = (x{typed}) => x + 1;\n"
        "console.log(double(2));\n"
    )
    outlined = outline(source, language)
    assert outlined == (
        f"/** Twice x. */\nfunction double(x{typed}){typed} {{ /* ... */ }}\n"
        f"const half = (x{typed}) => {{ /* ... */ }};\nconst inc = (x{typed}) => x + 1;\n"
        "console.log(double(2));\n"
    )
    assert parses(outlined, language)


@pytest.mark.parametrize(
    ("source", "language", "outlined"),
    [
        # Characters of more than one byte before a body: the splice is at character offsets, not bytes.
        (
            '// café ☕\nfunction f(s) {\n  return s + "é";\n}\nconsole.log(f("x"));',
            "javascript",
            '// café ☕\nfunction f(s) { /* ... */ }\nconsole.log(f("x"));',
        ),
        (
            's = "é ☕"\ndef f(x):\n    """Plus one."""\n    return x + 1',
            "python",
            's = "é ☕"\ndef f(x):\n    """Plus one."""\n    ...',
        ),
    ],
    ids=["javascript", "python-no-final-newline"],
)
def test_outline_of_text_beyond_ascii(source: str, language: str, outlined: str) -> None:
    assert outline(source, language) == outlined


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.language)
def test_the_examples_outlines_parse_and_keep_their_names(example: object) -> None:
    source, language = example.source, example.language  # type: ignore[attr-defined]
    outlined = outline(source, language)
    assert outlined is not None and parses(outlined, language) and len(outlined) < len(source)


@pytest.mark.parametrize(
    ("source", "language"),
    [
        ("print(1 + 2)\n", "python"),  # no function
        ("def f(:\n    pass\n", "python"),  # does not parse
        ("def f(): return 1\n", "python"),  # a one-line body is kept, so nothing is left out
        ("function f( {\n", "javascript"),
        ("fn main() {}\n", "rust"),
    ],
)
def test_no_outline(source: str, language: str) -> None:
    assert outline(source, language) is None


def test_python_comments_at_the_top_of_an_undocumented_body_go_with_it() -> None:
    source = "def f(x):\n    # add one\n    return x + 1\n"
    assert outline(source, "python") == "def f(x):\n    ...\n"
