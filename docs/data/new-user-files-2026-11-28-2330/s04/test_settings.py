import pytest

import settings as settings_mod
from settings import bind_address, load_settings

APP_VARS = ["APP_HOST", "APP_PORT", "APP_DEBUG", "APP_WORKERS"]


@pytest.fixture(autouse=True)
def clean_env(monkeypatch):
    for name in APP_VARS:
        monkeypatch.delenv(name, raising=False)


def test_defaults_when_nothing_set():
    assert load_settings() == settings_mod.DEFAULTS


def test_defaults_are_not_shared():
    s = load_settings()
    s["host"] = "example.org"
    assert settings_mod.DEFAULTS["host"] == "127.0.0.1"


def test_port_is_parsed_as_int(monkeypatch):
    monkeypatch.setenv("APP_PORT", "9090")
    s = load_settings()
    assert s["port"] == 9090
    assert isinstance(s["port"], int)


@pytest.mark.parametrize("raw, expected", [("1", True), ("TRUE", True), (" yes ", True), ("0", False), ("off", False)])
def test_debug_flag(monkeypatch, raw, expected):
    monkeypatch.setenv("APP_DEBUG", raw)
    assert load_settings()["debug"] is expected


def test_workers_override(monkeypatch):
    monkeypatch.setenv("APP_WORKERS", "8")
    assert load_settings()["workers"] == 8


@pytest.mark.parametrize("bad", ["0", "-3"])
def test_workers_must_be_positive(monkeypatch, bad):
    monkeypatch.setenv("APP_WORKERS", bad)
    with pytest.raises(ValueError, match="at least 1"):
        load_settings()


def test_explicit_environ_mapping_is_used(monkeypatch):
    monkeypatch.setenv("APP_HOST", "ignored.example")
    s = load_settings({"APP_HOST": "0.0.0.0", "APP_PORT": "80"})
    assert bind_address(s) == "0.0.0.0:80"
    assert s["port"] == 80
