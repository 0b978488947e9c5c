import pytest

from receipt import format_line, print_receipt


def test_format_line_pads_to_width():
    line = format_line("Milk", 1.5)
    assert line == "Milk                    1.50"
    assert len(line) == 28


def test_receipt_lines(capsys):
    print_receipt([("Coffee", 2, 2.50), ("Bagel", 1, 3.25)])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].strip() == "CORNER SHOP"
    assert lines[2] == "Coffee x2               5.00"
    assert lines[3] == "Bagel                   3.25"


def test_receipt_tax_line_shows_percentage(capsys):
    print_receipt([("Coffee", 2, 2.50), ("Bagel", 1, 3.25)])
    out = capsys.readouterr().out
    assert "Tax (8%)                0.66" in out.splitlines()


def test_receipt_custom_tax_rate(capsys):
    print_receipt([("Book", 1, 20.00)], tax_rate=0.2)
    out = capsys.readouterr().out
    assert "Tax (20%)" in out
    assert out.splitlines()[-1] == "TOTAL                  24.00"


def test_receipt_returns_total(capsys):
    total = print_receipt([("Coffee", 2, 2.50), ("Bagel", 1, 3.25)])
    assert total == pytest.approx(8.91)
    capsys.readouterr()
