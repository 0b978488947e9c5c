from contextlib import nullcontext as does_not_raise

import pytest

from tree import Node, height, inorder, insert


def build(keys):
    root = None
    for key in keys:
        root = insert(root, key)
    return root


@pytest.mark.parametrize(
    "keys, expected",
    [([5, 3, 8, 1], [1, 3, 5, 8]), ([2, 1], [1, 2]), ([], [])],
    ids=["four", "two", "empty"],
)
def test_inorder_is_sorted(keys, expected):
    assert inorder(build(keys)) == expected


@pytest.mark.parametrize(
    "keys, expectation",
    [([1, 2, 3], does_not_raise()), (["a", 1], pytest.raises(TypeError))],
)
def test_insert_types(keys, expectation):
    with expectation:
        build(keys)


def test_height():
    assert height(build([2, 1, 3])) == 2
    assert height(Node(1)) == 1
