"""Semantic version parsing, ordering and bumping (MAJOR.MINOR.PATCH[-PRERELEASE])."""
import re

_VERSION = re.compile(r"^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z]+(?:\.[0-9A-Za-z]+)*))?$")


def parse(version):
    m = _VERSION.match(version.strip())
    if not m:
        raise ValueError(f"not a semantic version: {version!r}")
    major, minor, patch, pre = m.groups()
    return int(major), int(minor), int(patch), pre


def sort_key(version):
    major, minor, patch, pre = parse(version)
    if pre is None:
        return (major, minor, patch, 1, ())
    ids = tuple(pre.split("."))
    return (major, minor, patch, 0, ids)


def compare(a, b):
    ka, kb = sort_key(a), sort_key(b)
    return (ka > kb) - (ka < kb)


def latest(versions, include_prerelease=False):
    candidates = [v for v in versions if include_prerelease or parse(v)[3] is None]
    if not candidates:
        return None
    return max(candidates, key=sort_key)


def bump(version, part):
    major, minor, patch, pre = parse(version)
    if part == "major":
        return f"{major + 1}.0.0"
    if part == "minor":
        return f"{major}.{minor + 1}.0"
    if part == "patch":
        return f"{major}.{minor}.{patch}" if pre else f"{major}.{minor}.{patch + 1}"
    raise ValueError(f"unknown part {part!r}")


if __name__ == "__main__":
    assert parse("v1.2.3") == (1, 2, 3, None)
    assert parse("2.0.0-rc.1") == (2, 0, 0, "rc.1")
    for bad in ("1.2", "1.2.3.4", "1.2.x", "1.0.0-"):
        try:
            parse(bad)
        except ValueError:
            pass
        else:
            raise AssertionError(f"accepted {bad}")

    assert compare("1.10.0", "1.9.0") == 1
    assert compare("1.0.0-alpha", "1.0.0") == -1
    assert compare("1.0.0-alpha", "1.0.0-beta") == -1
    assert compare("1.0.0-alpha", "1.0.0-alpha.1") == -1
    assert compare("1.0.0-rc.2", "1.0.0-rc.10") == -1
    assert compare("1.0.0-alpha.beta", "1.0.0-alpha.1") == 1

    ordered = ["1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta",
               "1.0.0-beta.2", "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0"]
    assert sorted(reversed(ordered), key=sort_key) == ordered

    assert latest(["1.2.0", "1.10.0", "1.9.9", "2.0.0-rc.1"]) == "1.10.0"
    assert latest(["2.0.0-rc.9", "2.0.0-rc.12"], include_prerelease=True) == "2.0.0-rc.12"
    assert latest(["3.0.0-beta"]) is None

    assert bump("1.4.2", "minor") == "1.5.0"
    assert bump("1.4.2", "patch") == "1.4.3"
    assert bump("1.5.0-rc.1", "patch") == "1.5.0"
    print("all version checks passed")
