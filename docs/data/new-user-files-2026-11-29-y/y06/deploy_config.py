"""Minimal INI-style config reader for the deploy scripts.

    # global settings
    [server]
    host = example.org   # inline comments are allowed
    port = 8080

Keys that appear before any section header go into the "default" section.
"""

TRUE_WORDS = {"1", "true", "yes", "on"}
FALSE_WORDS = {"0", "false", "no", "off"}


class ConfigError(ValueError):
    pass


def _strip_comment(line):
    idx = line.find("#")
    if idx:
        line = line[:idx]
    return line.strip()


def parse_config(text):
    """Parse config text into {section: {key: value}} with string values."""
    config = {"default": {}}
    section = "default"
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip().lower()
            config.setdefault(section, {})
            continue
        line = _strip_comment(line)
        if "=" not in line:
            raise ConfigError("line %d: expected 'key = value'" % lineno)
        key, value = line.split("=")
        config[section][key.strip().lower()] = value.strip()
    return config


class Config:
    def __init__(self, text):
        self.sections = parse_config(text)

    def get(self, section, key, default=None):
        return self.sections.get(section, {}).get(key, default)

    def get_int(self, section, key, default=0):
        value = self.get(section, key)
        return default if value is None else int(value)

    def get_bool(self, section, key, default=False):
        value = self.get(section, key)
        if value is None:
            return default
        word = value.lower()
        if word in TRUE_WORDS:
            return True
        if word in FALSE_WORDS:
            return False
        raise ConfigError("%s.%s: not a boolean: %r" % (section, key, value))
