"""Tiny log rotation helper: app.log -> app.log.1 -> app.log.2 ..."""

from pathlib import Path


def backup_name(path, n):
    return path.with_name(f"{path.name}.{n}")


def rotate(path, keep=3):
    """Rotate `path`, keeping at most `keep` numbered backups.

    The newest backup is always .1; the oldest (.keep) is deleted.
    Returns the sorted names of the backups that exist afterwards.
    """
    path = Path(path)
    if not path.exists():
        return []
    if keep < 1:
        raise ValueError("keep must be >= 1")

    oldest = backup_name(path, keep)
    if oldest.exists():
        oldest.unlink()

    # shift every existing backup up by one
    for n in range(1, keep):
        src = backup_name(path, n)
        if src.exists():
            src.rename(backup_name(path, n + 1))

    path.rename(backup_name(path, 1))
    path.touch()
    return sorted(p.name for p in path.parent.glob(path.name + ".*"))
