import os


def port():
    """The port from $APP_PORT, else 8000."""
    return int(os.environ.get("APP_PORT", "8000"))


def debug():
    """Whether $APP_DEBUG is set to 1, true or yes (any case)."""
    return os.environ.get("APP_DEBUG", "").lower() in ("1", "true", "yes")


def workers():
    """$APP_WORKERS, at least 1, at most 8; 2 when unset."""
    value = int(os.environ.get("APP_WORKERS", "2"))
    return max(1, max(value, 8))
