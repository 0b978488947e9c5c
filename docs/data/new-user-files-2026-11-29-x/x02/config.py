"""A small reader for INI-style configuration files."""


class ConfigError(ValueError):
    pass


TRUE_WORDS = {"1", "true", "yes", "on"}
FALSE_WORDS = {"0", "false", "no", "off"}


def parse_config(text: str) -> dict[str, dict[str, str]]:
    sections: dict[str, dict[str, str]] = {}
    current = None
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            name = line[1:-1].strip()
            if not name:
                raise ConfigError(f"line {lineno}: empty section name")
            current = sections.setdefault(name, {})
            continue
        if "=" not in line:
            raise ConfigError(f"line {lineno}: expected 'key = value'")
        if current is None:
            raise ConfigError(f"line {lineno}: key outside of any section")
        key, value = line.split("=")
        key = key.strip().lower()
        if not key:
            raise ConfigError(f"line {lineno}: empty key")
        current[key] = value.strip()
    return sections


def get(sections, section, key, default=None):
    return sections.get(section, {}).get(key.lower(), default)


def get_bool(sections, section, key, default=False):
    value = get(sections, section, key)
    if value is None:
        return default
    word = value.lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
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


def get_list(sections, section, key):
    value = get(sections, section, key, "")
    return [item.strip() for item in value.split(",") if item.strip()]
