import os


def get_port(default: int = 8080) -> int:
    value = os.environ.get("APP_PORT")
    if value is None:
        return default
    port = int(value)
    if port < 1 or port > 65535:
        raise ValueError(f"port out of range: {port}")
    return default
