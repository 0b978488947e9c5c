import pytest

from account import Account, InsufficientFunds, transfer


def test_deposit_increases_balance():
    acct = Account("ana", 100)
    assert acct.deposit(50) == 150
    assert acct.history == [("deposit", 50)]


@pytest.mark.parametrize("amount", [0, -5])
def test_deposit_must_be_positive(amount):
    acct = Account("ana")
    with pytest.raises(ValueError, match="must be positive"):
        acct.deposit(amount)


def test_negative_opening_balance_rejected():
    with pytest.raises(ValueError, match=r"cannot be negative"):
        Account("bob", -1)


def test_withdraw_reduces_balance():
    acct = Account("ana", 100)
    assert acct.withdraw(30) == 70


def test_withdraw_entire_balance():
    acct = Account("ana", 100)
    assert acct.withdraw(100) == 0
    assert acct.history == [("withdraw", 100)]


def test_overdraw_raises_with_details():
    acct = Account("ana", 40)
    with pytest.raises(InsufficientFunds, match=r"balance 40, requested 41"):
        acct.withdraw(41)
    assert acct.balance == 40


def test_transfer_moves_money():
    a, b = Account("a", 70), Account("b", 5)
    assert transfer(a, b, 70) == (0, 75)


def test_failed_transfer_changes_nothing():
    a, b = Account("a", 10), Account("b", 5)
    with pytest.raises(InsufficientFunds, match="insufficient funds"):
        transfer(a, b, 11)
    assert (a.balance, b.balance) == (10, 5)
