import pytest

from logrotate import rotate


@pytest.fixture
def logdir(tmp_path):
    (tmp_path / "app.log").write_text("current\n")
    return tmp_path


def test_first_rotation_creates_backup(logdir):
    names = rotate(logdir / "app.log")
    assert names == ["app.log.1"]
    assert (logdir / "app.log.1").read_text() == "current\n"
    assert (logdir / "app.log").read_text() == ""


def test_existing_backups_shift_up(logdir):
    (logdir / "app.log.1").write_text("one\n")
    (logdir / "app.log.2").write_text("two\n")

    names = rotate(logdir / "app.log", keep=3)

    assert names == ["app.log.1", "app.log.2", "app.log.3"]
    assert (logdir / "app.log.1").read_text() == "current\n"
    assert (logdir / "app.log.2").read_text() == "one\n"
    assert (logdir / "app.log.3").read_text() == "two\n"


def test_oldest_backup_is_dropped(logdir):
    for n, text in [(1, "one"), (2, "two"), (3, "three")]:
        (logdir / f"app.log.{n}").write_text(text)

    rotate(logdir / "app.log", keep=3)

    contents = sorted(p.read_text() for p in logdir.glob("app.log.*"))
    assert contents == ["current\n", "one", "two"]


def test_missing_file_is_noop(tmp_path):
    assert rotate(tmp_path / "nope.log") == []
    assert list(tmp_path.iterdir()) == []


def test_keep_zero_rejected(logdir):
    with pytest.raises(ValueError):
        rotate(logdir / "app.log", keep=0)
