from report import banner, print_table


def test_table(capsys):
    print_table([("a", 1), ("bbb", 22)])
    out = capsys.readouterr().out
    assert out.splitlines() == ["a   |     1", "bbb |    22"]


def test_banner(capsys):
    banner("hi", width=4)
    assert capsys.readouterr().out == "====\nhi  \n====\n"
