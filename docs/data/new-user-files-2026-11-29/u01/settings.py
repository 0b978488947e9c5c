"""Load simple KEY=VALUE settings files."""

from pathlib import Path

TRUE_WORDS = {"true", "yes", "on"}
FALSE_WORDS = {"false", "no", "off"}


class ConfigError(ValueError):
    pass


def parse_value(raw):
    text = raw.strip()
    lowered = text.lower()
    if lowered in TRUE_WORDS:
        return True
    if lowered in FALSE_WORDS:
        return False
    try:
        return int(text)
    except ValueError:
        pass
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        return text[1:-1]
    return text


def parse_lines(lines):
    settings = {}
    for lineno, line in enumerate(lines, start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if "=" not in line:
            raise ConfigError(f"line {lineno}: expected KEY=VALUE, got {line!r}")
        key, value = line.split("=")
        key = key.strip().lower()
        if not key:
            raise ConfigError(f"line {lineno}: empty key")
        settings[key] = parse_value(value)
    return settings


def load_config(path, defaults=None):
    settings = dict(defaults or {})
    text = Path(path).read_text(encoding="utf-8")
    settings.update(parse_lines(text.splitlines()))
    return settings
