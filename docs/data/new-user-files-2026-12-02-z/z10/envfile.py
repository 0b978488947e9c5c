"""Minimal .env file parser."""
import re

_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_REF = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")


class EnvSyntaxError(ValueError):
    pass


def parse_env(text: str) -> dict:
    """Parse KEY=VALUE lines.

    Supports blank lines, full-line and trailing ' # comments', an optional
    'export ' prefix, and single or double quoted values (a '#' inside quotes
    is part of the value). Double quoted values understand \\n escapes.
    """
    result = {}
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("export "):
            line = line[len("export "):].lstrip()
        key, sep, value = line.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not _KEY.match(key):
            raise EnvSyntaxError(f"line {lineno}: expected KEY=VALUE, got {raw!r}")
        value = value.split(" #", 1)[0].rstrip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            quote, value = value[0], value[1:-1]
            if quote == '"':
                value = value.replace("\\n", "\n")
        result[key] = value
    return result


def expand(env: dict, outer: dict = None) -> dict:
    """Replace ${NAME} references using earlier keys, then `outer`."""
    outer = outer or {}
    resolved = {}
    for key, value in env.items():
        resolved[key] = _REF.sub(
            lambda m: resolved.get(m.group(1), outer.get(m.group(1), "")), value)
    return resolved
