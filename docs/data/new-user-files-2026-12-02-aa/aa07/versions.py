"""Version comparison for the plugin update checker (semver-ish)."""
import re
from functools import cmp_to_key

_VERSION = re.compile(
    r"^v?(?P<core>\d+(?:\.\d+){0,2})(?:-(?P<pre>[0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$"
)


def parse_version(text):
    match = _VERSION.match(text.strip())
    if not match:
        raise ValueError(f"not a version: {text!r}")
    core = match.group("core").split(".")
    while len(core) < 3:
        core.append("0")
    pre = match.group("pre")
    pre_parts = tuple(pre.split(".")) if pre else ()
    return tuple(core), pre_parts


def _cmp(a, b):
    return (a > b) - (a < b)


def _cmp_pre_ids(a, b):
    if a.isdigit() and b.isdigit():
        return _cmp(int(a), int(b))
    if a.isdigit() != b.isdigit():
        return -1 if a.isdigit() else 1  # numeric ids sort before alphanumeric
    return _cmp(a, b)


def compare_versions(a, b):
    core_a, pre_a = parse_version(a)
    core_b, pre_b = parse_version(b)
    if core_a != core_b:
        return _cmp(core_a, core_b)
    for x, y in zip(pre_a, pre_b):
        result = _cmp_pre_ids(x, y)
        if result:
            return result
    return _cmp(len(pre_a), len(pre_b))


def sort_versions(versions):
    return sorted(versions, key=cmp_to_key(compare_versions))


def latest(versions, include_prerelease=False):
    candidates = [v for v in versions if include_prerelease or not parse_version(v)[1]]
    return sort_versions(candidates)[-1] if candidates else None
