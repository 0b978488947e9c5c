import pytest

from minesweeper import Board


@pytest.fixture
def corner_board():
    # 4x3 board with a single mine in the top-left corner
    return Board(4, 3, [(0, 0)])


@pytest.fixture
def two_mines():
    return Board(3, 3, [(0, 0), (2, 2)])


def test_counts_around_single_mine(corner_board):
    assert corner_board.counts[0][1] == 1
    assert corner_board.counts[1][0] == 1
    assert corner_board.counts[1][1] == 1
    assert corner_board.counts[2][3] == 0


def test_counts_row_by_row(two_mines):
    assert two_mines.counts == [
        [0, 1, 0],
        [1, 2, 1],
        [0, 1, 0],
    ]


def test_revealing_mine_returns_false(corner_board):
    assert corner_board.reveal(0, 0) is False
    assert corner_board.revealed == set()


def test_reveal_numbered_cell_only_opens_that_cell(corner_board):
    assert corner_board.reveal(1, 1) is True
    assert corner_board.revealed == {(1, 1)}


def test_reveal_empty_cell_flood_fills(corner_board):
    corner_board.reveal(3, 2)
    assert len(corner_board.revealed) == 11
    assert corner_board.is_won()


def test_render(corner_board):
    corner_board.reveal(3, 2)
    assert corner_board.render() == "#1..\n11..\n...."
    assert corner_board.render(show_mines=True).startswith("*1..")


def test_not_won_initially(two_mines):
    assert not two_mines.is_won()


def test_mine_outside_board_rejected():
    with pytest.raises(ValueError, match="outside"):
        Board(2, 2, [(2, 0)])


def test_zero_size_rejected():
    with pytest.raises(ValueError):
        Board(0, 5, [])
