import csv

from report import print_summary, write_report

ROWS = [("ann", 3), ("bob", 9), ("cy", 5)]


def test_write_report(tmp_path):
    target = tmp_path / "scores.csv"
    write_report(target, ROWS)
    with open(target, newline="") as handle:
        lines = list(csv.reader(handle))
    assert lines == [["name", "score"], ["bob", "9"], ["cy", "5"], ["ann", "3"]]


def test_print_summary(capsys):
    print_summary(ROWS)
    assert capsys.readouterr().out == "3 players, best: bob (9)\n"
