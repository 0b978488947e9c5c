from cli_tool import main


def test_plain(capsys):
    assert main(["ann"]) == 0
    assert capsys.readouterr().out == "hello ann\n"


def test_shout_twice(capsys):
    main(["bo", "--shout", "--times", "2"])
    assert capsys.readouterr().out == "HELLO BO\nHELLO BO\n"
