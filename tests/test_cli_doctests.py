"""Doctest examples as the checks of a file whose main block runs ``doctest.testmod()``."""

from __future__ import annotations

import ast

import pytest
from autogen_core import CancellationToken
from autogen_core.code_executor import CodeBlock

from autogen_selfdebug import LocalSandbox, Verifier
from autogen_selfdebug.cli._checks import split_trailing_checks
from autogen_selfdebug.cli._doctests import doctest_checks

SHAPES = '''\
"""Shapes.

>>> area(1, 1)
1
"""
import math


class Box:
    """A box.

    >>> Box(2, 3).volume(4)
    24
    """

    def __init__(self, width, height):
        self.width, self.height = width, height

    def volume(self, depth):
        return self.width + self.height * depth


def area(width, height):
    """The area of a width by height rectangle.

    >>> area(2, 3)
    6
    >>> sides = [2, 5]
    >>> area(*sides)
    10
    >>> print(area(3, 3))
    9
    >>> round(area(0.5, 0.5), 2)
    0.25
    >>> describe(2, 2)
    Shape(area=4)
    >>> area(1, 2) is None
    False
    >>> [area(1, n) for n in range(3)]  # doctest: +ELLIPSIS
    [0, ...]
    >>> area("x", "y")
    Traceback (most recent call last):
    TypeError: ...
    >>> remember(area(1, 1))
    """
    return width + height


class Shape:
    def __init__(self, area):
        self.area = area

    def __repr__(self):
        return f"Shape(area={self.area})"


def describe(width, height):
    return Shape(area(width, height))


def remember(value):
    pass


if __name__ == "__main__":
    import doctest

    doctest.testmod(verbose=False)
'''


def test_examples_become_asserts_in_the_order_written() -> None:
    found = doctest_checks(ast.parse(SHAPES))
    assert found is not None
    checks = {n: line for n, line in enumerate(found.tests.splitlines(), 1) if line}
    # Each on the line of its example in the file, so that the reports name the file's lines.
    assert checks == {
        3: "assert area(1, 1) == 1",
        12: "assert Box(2, 3).volume(4) == 24",
        26: "assert area(2, 3) == 6",
        28: "sides = [2, 5]",
        29: "assert area(*sides) == 10",
        31: "assert str(area(3, 3)) == '9'",
        33: "assert round(area(0.5, 0.5), 2) == 0.25",
        35: "assert repr(describe(2, 2)) == 'Shape(area=4)'",  # not a literal: doctest's text, compared as text
        37: "assert (area(1, 2) is None) == False",
        # An exception: its class is checked, in the three lines the example takes in the docstring.
        41: "try: area('x', 'y'); _raised = None",
        42: "except Exception as _error: _raised = type(_error).__name__",
        43: """assert _raised == 'TypeError', "area('x', 'y') should raise TypeError\"""",
        44: "assert remember(area(1, 1)) is None",  # no output: doctest requires None
    }
    assert all(SHAPES.splitlines()[n - 1].strip().startswith(">>> ") for n in checks if n not in (42, 43))
    assert (found.count, found.skipped) == (10, 1)  # the example with a directive is left out


def test_a_file_run_by_testmod_has_its_examples_as_tests() -> None:
    split = split_trailing_checks(SHAPES, "python")
    assert split is not None and split.doctests_skipped == 1 and split.count == 10
    assert split.checks == SHAPES[SHAPES.index('if __name__ == "__main__":') :]
    assert split.rejoin(split.program) == SHAPES
    assert split.describe("shapes.py") == (
        "The 10 doctest examples of shapes.py, run by `doctest.testmod()` at the bottom (lines 65–68), are "
        "tests the model cannot edit. 1 more could not be made checks (they use doctest directives, or print "
        "from a statement)."
    )


@pytest.mark.parametrize(
    "source",
    [
        SHAPES.replace("    doctest.testmod(verbose=False)\n", "    doctest.testmod()\n    print('done')\n"),
        SHAPES.replace("    doctest.testmod(verbose=False)\n", ""),  # imports doctest, runs nothing
        'def f():\n    """No examples."""\n\nif __name__ == "__main__":\n    import doctest\n    doctest.testmod()\n',
    ],
    ids=["more-than-doctest", "nothing-run", "no-examples"],
)
def test_no_doctest_split_without_a_testmod_block_and_examples(source: str) -> None:
    assert split_trailing_checks(source, "python") is None


async def test_the_checks_pass_on_the_right_program_and_fail_on_the_wrong_one() -> None:
    split = split_trailing_checks(SHAPES, "python")
    assert split is not None
    async with LocalSandbox(timeout=20) as sandbox:
        verifier = Verifier(sandbox, tests=split.tests)
        wrong = await verifier.check([CodeBlock(code=split.program, language="python")], CancellationToken())
        fixed = split.program.replace("return width + height", "return width * height").replace(
            "self.width + self.height * depth", "self.width * self.height * depth"
        )
        right = await verifier.check([CodeBlock(code=fixed, language="python")], CancellationToken())
    assert not wrong.passed and wrong.test_counts() == (3, 10)
    assert right.passed and right.test_counts() == (10, 10)
