from __future__ import annotations

import pytest

from inventory import Item, restock


def test_restock() -> None:
    assert restock([Item("a", 1)], 2) == [Item("a", 3)]


if __name__ == "__main__":
    pytest.main([__file__])
