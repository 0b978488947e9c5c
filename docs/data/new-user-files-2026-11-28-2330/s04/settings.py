"""Read service settings from APP_* environment variables."""

import os

DEFAULTS = {
    "host": "127.0.0.1",
    "port": 8000,
    "debug": False,
    "workers": 2,
}

TRUTHY = ("1", "true", "yes", "on")


def _as_bool(value):
    return value.strip().lower() in TRUTHY


def load_settings(environ=None):
    env = os.environ if environ is None else environ
    settings = dict(DEFAULTS)

    if "APP_HOST" in env:
        settings["host"] = env["APP_HOST"]
    if "APP_PORT" in env:
        settings["port"] = env["APP_PORT"]
    if "APP_DEBUG" in env:
        settings["debug"] = _as_bool(env["APP_DEBUG"])
    if "APP_WORKERS" in env:
        workers = int(env["APP_WORKERS"])
        if workers < 0:
            raise ValueError("APP_WORKERS must be at least 1")
        settings["workers"] = workers
    return settings


def bind_address(settings):
    return f"{settings['host']}:{settings['port']}"
