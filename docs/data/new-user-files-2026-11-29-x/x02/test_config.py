import pytest

from config import ConfigError, get, get_bool, get_int, get_list, parse_config

SAMPLE = """
# service settings
[server]
Host = example.org
port = 8080
debug = off

[database]
; connection string contains '=' characters
url = postgres://db/app?sslmode=require&connect_timeout=5
pool = 4

[features]
enabled = search, export , ,beta
"""


@pytest.fixture
def cfg():
    return parse_config(SAMPLE)


def test_sections_and_keys(cfg):
    assert set(cfg) == {"server", "database", "features"}
    assert cfg["server"] == {"host": "example.org", "port": "8080", "debug": "off"}


def test_value_containing_equals_sign(cfg):
    assert get(cfg, "database", "url") == "postgres://db/app?sslmode=require&connect_timeout=5"


def test_empty_value_after_equals():
    cfg = parse_config("[a]\npassword =\n")
    assert cfg == {"a": {"password": ""}}


def test_key_lookup_is_case_insensitive(cfg):
    assert get(cfg, "server", "HOST") == "example.org"
    assert get(cfg, "server", "missing", "dflt") == "dflt"


def test_typed_getters(cfg):
    assert get_int(cfg, "server", "port") == 8080
    assert get_int(cfg, "database", "pool") == 4
    assert get_bool(cfg, "server", "debug") is False
    assert get_bool(cfg, "server", "absent", default=True) is True
    assert get_list(cfg, "features", "enabled") == ["search", "export", "beta"]


def test_repeated_section_is_merged():
    cfg = parse_config("[a]\nx = 1\n[b]\ny = 2\n[a]\nz = a=b\n")
    assert cfg["a"] == {"x": "1", "z": "a=b"}


def test_errors():
    with pytest.raises(ConfigError):
        parse_config("x = 1\n")
    with pytest.raises(ConfigError):
        parse_config("[a]\njust a line\n")
    with pytest.raises(ConfigError):
        parse_config("[ ]\n")
    with pytest.raises(ConfigError):
        get_bool(parse_config("[a]\nflag = maybe\n"), "a", "flag")
