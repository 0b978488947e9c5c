import pytest

from money import Money


def test_from_string_simple():
    assert Money.from_string("12.34") == Money(1234)


def test_from_string_with_symbol_and_commas():
    assert Money.from_string(" $1,299.99 ").cents == 129999


def test_from_string_tricky_float():
    assert Money.from_string("19.99").cents == 1999
    assert Money.from_string("0.29").cents == 29


def test_amount_and_str():
    m = Money(250050, "eur")
    assert m.amount == 2500.5
    assert str(m) == "2,500.50 EUR"


def test_repr():
    assert repr(Money(5, "gbp")) == "Money(5, 'GBP')"


def test_equality_and_hash():
    assert Money(100) == Money(100, "usd")
    assert Money(100, "USD") != Money(100, "EUR")
    assert len({Money(1), Money(1), Money(2)}) == 2


def test_add_and_mismatch():
    assert Money(150) + Money(250) == Money(400)
    with pytest.raises(ValueError):
        Money(1, "USD") + Money(1, "EUR")


def test_split_keeps_total():
    parts = Money.from_string("10.00").split(3)
    assert parts == [Money(334), Money(333), Money(333)]
    assert sum(parts, Money.zero()) == Money(1000)


def test_cents_must_be_int():
    with pytest.raises(TypeError):
        Money(1.5)
