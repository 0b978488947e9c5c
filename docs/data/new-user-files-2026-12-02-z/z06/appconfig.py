"""Layered application config: built-in defaults < config file < environment."""
DEFAULTS = {
    "server": {"host": "127.0.0.1", "port": 8080, "workers": 2},
    "logging": {"level": "INFO", "handlers": ["console"]},
    "features": {},
}


def deep_merge(base: dict, override: dict) -> dict:
    """Return a new dict with `override` applied on top of `base`.

    Nested dicts are merged key by key, lists are combined (without
    duplicates), and any other value in `override` replaces the base value.
    """
    result = dict(base)
    for key, value in override.items():
        current = result.get(key)
        if isinstance(current, dict) and isinstance(value, dict):
            result[key] = deep_merge(current, value)
        elif isinstance(current, list) and isinstance(value, list):
            current.extend(v for v in value if v not in current)
        else:
            result[key] = value
    return result


def _coerce(raw: str):
    if raw.lower() in ("true", "false"):
        return raw.lower() == "true"
    try:
        return int(raw)
    except ValueError:
        return raw


def env_overrides(environ: dict, prefix: str = "APP_") -> dict:
    """APP_SERVER__PORT=9000 -> {"server": {"port": 9000}}"""
    out = {}
    for name, raw in environ.items():
        if not name.startswith(prefix):
            continue
        path = name[len(prefix):].lower().split("__")
        node = out
        for part in path[:-1]:
            node = node.setdefault(part, {})
        node[path[-1]] = _coerce(raw)
    return out


def load_config(file_settings: dict, environ: dict = None) -> dict:
    config = deep_merge(DEFAULTS, file_settings)
    return deep_merge(config, env_overrides(environ or {}))


if __name__ == "__main__":
    cfg = load_config({"server": {"port": 9000}})
    assert cfg["server"] == {"host": "127.0.0.1", "port": 9000, "workers": 2}

    cfg = load_config({}, {"APP_SERVER__WORKERS": "8", "APP_FEATURES__BETA": "true", "HOME": "/root"})
    assert cfg["server"]["workers"] == 8
    assert cfg["features"] == {"beta": True}

    api = load_config({"logging": {"handlers": ["file"]}})
    assert api["logging"] == {"level": "INFO", "handlers": ["console", "file"]}

    worker = load_config({"logging": {"level": "DEBUG", "handlers": ["syslog"]}})
    assert worker["logging"] == {"level": "DEBUG", "handlers": ["console", "syslog"]}, worker["logging"]

    plain = load_config({})
    assert plain == DEFAULTS
    assert plain["logging"]["handlers"] == ["console"]
    print("config checks passed")
