import pytest

from settings import ConfigError, load_config, parse_lines, parse_value


@pytest.mark.parametrize(
    "raw, expected",
    [
        ("yes", True),
        (" On ", True),
        ("false", False),
        ("8080", 8080),
        ("-3", -3),
        ('"hello world"', "hello world"),
        ("'quoted'", "quoted"),
        ("plain text", "plain text"),
    ],
)
def test_parse_value(raw, expected):
    assert parse_value(raw) == expected


def test_skips_comments_and_blank_lines():
    lines = ["# server", "", "   ", "host = example.org", "  # port = 1"]
    assert parse_lines(lines) == {"host": "example.org"}


def test_keys_are_lowercased_and_trimmed():
    assert parse_lines(["  Debug = on  "]) == {"debug": True}


def test_value_may_contain_equals_sign():
    lines = ["database_url = postgres://app@db/main?sslmode=require"]
    assert parse_lines(lines) == {
        "database_url": "postgres://app@db/main?sslmode=require"
    }


def test_quoted_value_with_equals():
    assert parse_lines(['greeting = "a=b"']) == {"greeting": "a=b"}


def test_missing_equals_reports_line_number():
    with pytest.raises(ConfigError, match="line 2"):
        parse_lines(["name = demo", "oops"])


def test_empty_key_is_rejected():
    with pytest.raises(ConfigError, match="empty key"):
        parse_lines([" = value"])


def test_load_config_merges_defaults(tmp_path):
    path = tmp_path / "app.conf"
    path.write_text("port = 9000\nlog_format = level=%(levelname)s\n", encoding="utf-8")
    config = load_config(path, defaults={"port": 80, "debug": False})
    assert config == {"port": 9000, "debug": False, "log_format": "level=%(levelname)s"}


def test_load_config_does_not_mutate_defaults(tmp_path):
    path = tmp_path / "app.conf"
    path.write_text("debug = yes\n", encoding="utf-8")
    defaults = {"debug": False}
    load_config(path, defaults=defaults)
    assert defaults == {"debug": False}
