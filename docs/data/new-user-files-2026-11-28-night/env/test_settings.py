import pytest

from settings import debug, port, workers


@pytest.fixture
def clean_env(monkeypatch):
    for name in ("APP_PORT", "APP_DEBUG", "APP_WORKERS"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


@pytest.mark.usefixtures("clean_env")
class TestDefaults:
    def test_port(self):
        assert port() == 8000

    def test_workers(self):
        assert workers() == 2


def test_set(clean_env):
    clean_env.setenv("APP_PORT", "9000")
    clean_env.setenv("APP_DEBUG", "TRUE")
    clean_env.setenv("APP_WORKERS", "3")
    assert (port(), debug(), workers()) == (9000, True, 3)


def test_workers_bounds(clean_env):
    clean_env.setenv("APP_WORKERS", "50")
    assert workers() == 8
