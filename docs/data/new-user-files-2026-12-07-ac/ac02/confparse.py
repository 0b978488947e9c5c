"""A small INI-style configuration reader.

Section and key names are case-insensitive; values keep their case.
"""


class ConfigError(Exception):
    pass


_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def _clean_value(value):
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        return value[1:-1]
    # strip trailing inline comments: "port = 8080  # default"
    for marker in (" #", " ;"):
        idx = value.find(marker)
        if idx != -1:
            value = value[:idx]
    return value.rstrip()


def parse_config(text):
    sections = {}
    current = None
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            if not line.endswith("]"):
                raise ConfigError(f"line {lineno}: unterminated section header")
            name = line[1:-1].strip().lower()
            if not name:
                raise ConfigError(f"line {lineno}: empty section name")
            current = sections.setdefault(name, {})
            continue
        if current is None:
            raise ConfigError(f"line {lineno}: key outside of any section")
        if "=" not in line:
            raise ConfigError(f"line {lineno}: expected 'key = value'")
        key, value = line.split("=", 1)
        key = key.strip()
        if not key:
            raise ConfigError(f"line {lineno}: missing key")
        current[key] = _clean_value(value)
    return sections


def get(sections, section, key, default=None):
    return sections.get(section.lower(), {}).get(key.lower(), default)


def get_bool(sections, section, key, default=False):
    value = get(sections, section, key)
    if value is None:
        return default
    lowered = value.lower()
    if lowered in _TRUE:
        return True
    if lowered in _FALSE:
        return False
    raise ConfigError(f"{section}.{key}: not a boolean: {value!r}")


def get_int(sections, section, key, default=0):
    value = get(sections, section, key)
    if value is None:
        return default
    try:
        return int(value)
    except ValueError:
        raise ConfigError(f"{section}.{key}: not an integer: {value!r}") from None
