"""One-bug mutants: each operator's exact changes, order, formatting kept, and the ``function=`` limit."""

from __future__ import annotations

import ast

import pytest

from autogen_selfdebug.edits import OPERATORS, Mutant, MutationOperator, mutants


def changes(source: str, operator: MutationOperator) -> list[tuple[str, str]]:
    return [(m.original, m.replacement) for m in mutants(source, operators=[operator])]


def test_swap_operator_table() -> None:
    source = "r = a + b - c * d / e // f % g ** h\n"
    assert changes(source, "swap_operator") == [
        ("a + b", "a - b"),
        ("a + b - c * d / e // f % g ** h", "a + b + c * d / e // f % g ** h"),
        ("c * d", "c / d"),
        ("c * d / e", "c * d * e"),
        ("c * d / e // f", "c * d / e / f"),
        ("c * d / e // f % g ** h", "c * d / e // f // g ** h"),
        # Plain ``f % g * h`` would regroup as ``(f % g) * h``.
        ("g ** h", "(g * h)"),
    ]


def test_swap_operator_on_augmented_assignment_and_booleans() -> None:
    assert changes("x += 1\n", "swap_operator") == [("x += 1", "x -= 1")]
    assert changes("ok = a and b and c\n", "swap_operator") == [("a and b and c", "a or b or c")]
    # The inner ``and`` keeps its grouping by gaining parentheses.
    assert [m.source for m in mutants("ok = a and b or c\n", operators=["swap_operator"])] == [
        "ok = (a or b) or c\n",
        "ok = (a and b) and c\n",
    ]


def test_off_by_one_only_on_bounds_and_compared_values() -> None:
    source = "for i in range(1, len(xs) - 1):\n    y = xs[i] + xs[:2][0] * 5\n    z = n % 2 == 0\n"
    assert [m.description for m in mutants(source, operators=["off_by_one"])] == [
        "`range(1, len(xs) - 1)` changed to `range(2, len(xs) - 1)` on line 1",
        "`range(1, len(xs) - 1)` changed to `range(0, len(xs) - 1)` on line 1",
        "`range(1, len(xs) - 1)` changed to `range(1, len(xs) - 2)` on line 1",
        "`range(1, len(xs) - 1)` changed to `range(1, len(xs) - 0)` on line 1",
        "`xs[:2]` changed to `xs[:3]` on line 2",
        "`xs[:2]` changed to `xs[:1]` on line 2",
        "`xs[:2][0]` changed to `xs[:2][1]` on line 2",
        "`xs[:2][0]` changed to `xs[:2][-1]` on line 2",
        "`n % 2 == 0` changed to `n % 3 == 0` on line 3",
        "`n % 2 == 0` changed to `n % 1 == 0` on line 3",
        "`n % 2 == 0` changed to `n % 2 == 1` on line 3",
        "`n % 2 == 0` changed to `n % 2 == -1` on line 3",
    ]


def test_off_by_one_parenthesises_a_negative_base() -> None:
    assert [m.source for m in mutants("ok = 0 ** 2 < x\n", operators=["off_by_one"])][1] == "ok = (-1) ** 2 < x\n"


def test_flip_comparison_table() -> None:
    source = "t = (a < b, a <= b, a > b, a >= b, a == b, a != b, a is b, a is not b, a in b, a not in b)\n"
    assert [new for _, new in changes(source, "flip_comparison")] == [
        "a <= b",
        "a < b",
        "a >= b",
        "a > b",
        "a != b",
        "a == b",
        "a is not b",
        "a is b",
        "a not in b",
        "a in b",
    ]


def test_flip_comparison_changes_one_link_of_a_chain() -> None:
    assert changes("ok = 0 < x < 9\n", "flip_comparison") == [("0 < x < 9", "0 <= x < 9"), ("0 < x < 9", "0 < x <= 9")]


def test_swap_arguments() -> None:
    source = "r = f(a, b, c) - g(x)\nq = max(a, b) < n\nw = k in d\nv = a == b\n"
    assert changes(source, "swap_arguments") == [
        ("f(a, b, c) - g(x)", "g(x) - f(a, b, c)"),
        ("f(a, b, c)", "f(b, a, c)"),
        ("max(a, b) < n", "n < max(a, b)"),
        ("k in d", "d in k"),
    ]


def test_swap_arguments_keeps_the_grouping_of_operands() -> None:
    assert [m.source for m in mutants("r = a - b - c\n", operators=["swap_arguments"])] == [
        "r = c - (a - b)\n",
        "r = b - a - c\n",
    ]


def test_wrong_return() -> None:
    source = "def f(x):\n    if x:\n        return True\n    if x is None:\n        return None\n    return x + 1\n"
    assert [m.description for m in mutants(source, operators=["wrong_return"])] == [
        "`return True` changed to `return False` on line 3",
        "`return x + 1` changed to `return None` on line 6",
    ]


SAMPLE = '''\
import math


def helper(a, b):
    return a + b


def solve(xs: list[int], n: int) -> int:  # the entry point
    """Sum of 1 < 2 things; strings are never mutated: "a + b"."""
    total = 0
    for i in range(len(xs) - 1):  # pairs
        if xs[i] < xs[i + 1] and n != 0:
            total += xs[i] * 2
    return helper(total, n) % 7
'''


def test_every_mutant_parses_differs_and_is_unique() -> None:
    found = mutants(SAMPLE)
    assert {m.operator for m in found} == set(OPERATORS)
    assert len({m.source for m in found}) == len(found)
    for m in found:
        ast.parse(m.source)
        assert m.source != SAMPLE
        assert m.original in SAMPLE and m.replacement in m.source
        assert m.original != m.replacement


def test_each_mutant_changes_one_line_and_keeps_comments_and_layout() -> None:
    for m in mutants(SAMPLE):
        before, after = SAMPLE.splitlines(), m.source.splitlines()
        assert len(before) == len(after)
        differing = [i + 1 for i, (b, a) in enumerate(zip(before, after, strict=True)) if b != a]
        assert differing == [m.line], m.description
        assert "# the entry point" in m.source and "  # pairs" in m.source
        assert '"a + b"' in m.source


def test_order_is_by_operator_then_position_and_deterministic() -> None:
    order: list[MutationOperator] = ["wrong_return", "flip_comparison"]
    found = mutants(SAMPLE, operators=order)
    assert found == mutants(SAMPLE, operators=order)
    kinds = [m.operator for m in found]
    assert kinds == sorted(kinds, key=order.index)
    lines = [m.line for m in found if m.operator == "flip_comparison"]
    assert lines == sorted(lines)


def test_function_limits_mutants_to_that_body() -> None:
    inside = mutants(SAMPLE, function="solve")
    assert inside and all(m.line >= 10 for m in inside)
    assert [m.description for m in mutants(SAMPLE, function="helper")] == [
        "`a + b` changed to `a - b` on line 5",
        "`return a + b` changed to `return None` on line 5",
    ]
    assert mutants(SAMPLE, function="missing") == []


def test_description() -> None:
    m = Mutant("flip_comparison", 7, "a < b", "a <= b", "")
    assert m.description == "`a < b` changed to `a <= b` on line 7"


def test_unparsable_source_has_no_mutants() -> None:
    assert mutants("def f(:\n    return 1 + 2\n") == []


def test_positions_count_characters_after_non_ascii_text() -> None:
    assert [m.source for m in mutants("s = 'héllo'; n = a - b\n", operators=["swap_operator"])] == [
        "s = 'héllo'; n = a + b\n"
    ]


def test_f_strings_are_left_alone() -> None:
    assert changes("s = f'{a + 1}' + t\n", "swap_operator") == [("f'{a + 1}' + t", "f'{a + 1}' - t")]


def test_unknown_operator_is_refused() -> None:
    with pytest.raises(ValueError, match="Unknown mutation operator"):
        mutants("x = 1\n", operators=["nonsense"])  # type: ignore[list-item]
