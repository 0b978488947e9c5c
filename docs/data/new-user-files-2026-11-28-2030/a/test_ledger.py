import pytest
from ledger import total, write_ledger


@pytest.fixture
def ledger_file(tmp_path):
    path = tmp_path / "ledger.csv"
    write_ledger(path, [("rent", 700.0), ("food", 120.5), ("refund", -20.0)])
    return path


def test_total_ignores_refunds(ledger_file):
    assert total(ledger_file) == pytest.approx(820.5)


def test_empty(tmp_path):
    path = tmp_path / "empty.csv"
    write_ledger(path, [])
    assert total(path) == 0
