import pytest

from confparse import ConfigError, get, get_bool, get_int, parse_config

SAMPLE = """
# service configuration
[Server]
Host = example.org
Port = 8080  # default port
Debug = yes

[database]
url = "postgres://db:5432/app"
pool_size = 5
; legacy setting
timeout = 30
"""


def test_reads_sections_and_values():
    cfg = parse_config(SAMPLE)
    assert set(cfg) == {"server", "database"}
    assert cfg["database"]["url"] == "postgres://db:5432/app"


def test_keys_are_case_insensitive():
    cfg = parse_config(SAMPLE)
    assert get(cfg, "server", "host") == "example.org"
    assert get(cfg, "SERVER", "HOST") == "example.org"


def test_inline_comment_is_stripped():
    cfg = parse_config(SAMPLE)
    assert get_int(cfg, "server", "port") == 8080


def test_typed_getters():
    cfg = parse_config(SAMPLE)
    assert get_bool(cfg, "server", "debug") is True
    assert get_int(cfg, "database", "pool_size") == 5
    assert get_int(cfg, "database", "retries", default=3) == 3


def test_invalid_boolean_raises():
    cfg = parse_config("[a]\nflag = maybe\n")
    with pytest.raises(ConfigError):
        get_bool(cfg, "a", "flag")


def test_key_outside_section_is_an_error():
    with pytest.raises(ConfigError, match="line 1"):
        parse_config("name = value\n[s]\n")


def test_unterminated_header_is_an_error():
    with pytest.raises(ConfigError, match="unterminated"):
        parse_config("[server\nhost = x\n")


def test_repeated_section_merges_and_later_keys_win():
    cfg = parse_config("[app]\nName = first\n[APP]\nname = second\nmode = dev\n")
    assert cfg == {"app": {"name": "second", "mode": "dev"}}
