"""Tiny INI-style config reader for the deploy tool.

Supports [sections], key = value pairs, full-line and inline comments
(# or ;), quoted strings, and simple type coercion.
"""

TRUE_WORDS = {"true", "yes", "on", "1"}
FALSE_WORDS = {"false", "no", "off", "0"}


class ConfigError(ValueError):
    def __init__(self, lineno, message):
        super().__init__(f"line {lineno}: {message}")
        self.lineno = lineno


def _strip_inline_comment(value):
    for marker in ("#", ";"):
        idx = value.find(marker)
        if idx != -1:
            value = value[:idx]
    return value.strip()


def _coerce(raw):
    if len(raw) >= 2 and raw[0] == raw[-1] and raw[0] in "\"'":
        return raw[1:-1]
    lowered = raw.lower()
    if lowered in TRUE_WORDS:
        return True
    if lowered in FALSE_WORDS:
        return False
    try:
        return int(raw)
    except ValueError:
        pass
    try:
        return float(raw)
    except ValueError:
        return raw


def parse_config(text, defaults=None):
    config = {}
    section = None
    for lineno, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped[0] in "#;":
            continue
        if stripped.startswith("["):
            if not stripped.endswith("]"):
                raise ConfigError(lineno, "unterminated section header")
            section = stripped[1:-1].strip()
            if not section:
                raise ConfigError(lineno, "empty section name")
            config.setdefault(section, {})
            continue
        if "=" not in stripped:
            raise ConfigError(lineno, f"expected key = value, got {stripped!r}")
        if section is None:
            raise ConfigError(lineno, "key outside of any section")
        key, _, value = stripped.partition("=")
        key = key.strip().lower()
        if not key:
            raise ConfigError(lineno, "missing key")
        config[section][key] = _coerce(_strip_inline_comment(value))
    if defaults:
        for sec, values in defaults.items():
            merged = dict(values)
            merged.update(config.get(sec, {}))
            config[sec] = merged
    return config


def get(config, dotted, fallback=None):
    section, _, key = dotted.partition(".")
    return config.get(section, {}).get(key, fallback)
