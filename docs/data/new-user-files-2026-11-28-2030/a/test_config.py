import pytest
from config import get_port


def test_default(monkeypatch):
    monkeypatch.delenv("APP_PORT", raising=False)
    assert get_port() == 8080


def test_from_env(monkeypatch):
    monkeypatch.setenv("APP_PORT", "9000")
    assert get_port() == 9000


def test_out_of_range(monkeypatch):
    monkeypatch.setenv("APP_PORT", "70000")
    with pytest.raises(ValueError, match="out of range"):
        get_port()
