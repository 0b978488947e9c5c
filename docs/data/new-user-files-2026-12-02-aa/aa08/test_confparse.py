import unittest

from confparse import ConfigError, get, parse_config

SAMPLE = """
# deploy settings
[server]
host = example.internal
port = 8080
debug = off   ; never in prod
timeout = 2.5

[paths]
root = /srv/app
log_dir = "/var/log/my app"
"""


class ParseConfigTest(unittest.TestCase):
    def test_sections_and_types(self):
        cfg = parse_config(SAMPLE)
        self.assertEqual(cfg["server"]["host"], "example.internal")
        self.assertEqual(cfg["server"]["port"], 8080)
        self.assertIs(cfg["server"]["debug"], False)
        self.assertEqual(cfg["server"]["timeout"], 2.5)
        self.assertEqual(cfg["paths"]["log_dir"], "/var/log/my app")

    def test_keys_are_case_insensitive(self):
        cfg = parse_config("[db]\nUser = admin\n")
        self.assertEqual(cfg["db"], {"user": "admin"})

    def test_inline_comment_after_quoted_value(self):
        cfg = parse_config('[ui]\ntitle = "Dashboard"  # shown in the tab\n')
        self.assertEqual(cfg["ui"]["title"], "Dashboard")

    def test_hash_inside_quotes_is_not_a_comment(self):
        cfg = parse_config('[theme]\naccent = "#ff8800"\nmuted = "#999" ; grey\n')
        self.assertEqual(cfg["theme"]["accent"], "#ff8800")
        self.assertEqual(cfg["theme"]["muted"], "#999")

    def test_semicolon_inside_quotes(self):
        cfg = parse_config('[db]\ndsn = "host=db;port=5432"\n')
        self.assertEqual(cfg["db"]["dsn"], "host=db;port=5432")

    def test_defaults_are_merged(self):
        cfg = parse_config("[server]\nport = 9000\n", defaults={"server": {"port": 80, "host": "localhost"}})
        self.assertEqual(cfg["server"], {"port": 9000, "host": "localhost"})

    def test_dotted_get(self):
        cfg = parse_config(SAMPLE)
        self.assertEqual(get(cfg, "server.port"), 8080)
        self.assertEqual(get(cfg, "server.missing", "n/a"), "n/a")

    def test_errors_report_line_numbers(self):
        with self.assertRaises(ConfigError) as ctx:
            parse_config("[a]\nok = 1\nthis line is wrong\n")
        self.assertEqual(ctx.exception.lineno, 3)
        with self.assertRaises(ConfigError):
            parse_config("orphan = 1\n")
        with self.assertRaises(ConfigError):
            parse_config("[broken\n")


if __name__ == "__main__":
    unittest.main()
