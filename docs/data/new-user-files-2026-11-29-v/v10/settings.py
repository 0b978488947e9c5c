class ConfigError(ValueError):
    pass


def _coerce(raw):
    lowered = raw.lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    try:
        return int(raw)
    except ValueError:
        pass
    try:
        return float(raw)
    except ValueError:
        pass
    if len(raw) >= 2 and raw[0] == raw[-1] and raw[0] in "\"'":
        return raw[1:-1]
    return raw


class Settings:
    def __init__(self, values=None):
        self.values = dict(values or {})

    @classmethod
    def parse(cls, text):
        values = {}
        section = ""
        for lineno, line in enumerate(text.splitlines(), start=1):
            line = line.strip()
            if not line or line.startswith(("#", ";")):
                continue
            if line.startswith("[") and line.endswith("]"):
                section = line[1:-1].strip() + "."
                continue
            if "=" not in line:
                raise ConfigError(f"line {lineno}: expected key = value")
            key, raw = line.split("=", 1)
            values[section + key.strip()] = _coerce(raw.strip())
        return cls(values)

    def get(self, key, default=None):
        return self.values.get(key) or default

    def require(self, key):
        if key not in self.values:
            raise ConfigError(f"missing required setting {key!r}")
        return self.values[key]


if __name__ == "__main__":
    cfg = Settings.parse("""
    # service settings
    name = "billing"
    debug = off
    [db]
    host = localhost
    port = 5432
    pool_size = 0
    timeout = 2.5
    password = ''
    """)
    assert cfg.get("name") == "billing"
    assert cfg.get("db.port") == 5432
    assert cfg.get("db.timeout") == 2.5
    assert cfg.get("db.pool_size", 10) == 0
    assert cfg.get("debug", True) is False
    assert cfg.get("db.password", "changeme") == ""
    assert cfg.get("db.user", "postgres") == "postgres"
    assert cfg.require("db.host") == "localhost"
    try:
        cfg.require("db.user")
    except ConfigError:
        pass
    else:
        raise AssertionError("require() should fail for a missing key")
    try:
        Settings.parse("just some text")
    except ConfigError as exc:
        assert "line 1" in str(exc)
    else:
        raise AssertionError("parse() should reject malformed lines")
    print("settings OK")
