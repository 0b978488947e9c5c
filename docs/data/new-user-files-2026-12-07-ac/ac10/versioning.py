"""Semantic version parsing, ordering and simple range matching."""
import functools
import re

_SEMVER = re.compile(
    r"^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$"
)


@functools.total_ordering
class Version:
    def __init__(self, major, minor, patch, prerelease=()):
        self.major, self.minor, self.patch = major, minor, patch
        self.prerelease = tuple(prerelease)

    @classmethod
    def parse(cls, text):
        match = _SEMVER.match(text.strip())
        if not match:
            raise ValueError(f"not a semantic version: {text!r}")
        major, minor, patch, pre = match.groups()
        return cls(int(major), int(minor), int(patch), pre.split(".") if pre else ())

    def _key(self):
        pre = tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in self.prerelease)
        # a release sorts after all of its pre-releases
        return (self.major, self.minor, self.patch, not self.prerelease, pre)

    def __eq__(self, other):
        return self._key() == other._key()

    def __lt__(self, other):
        return self._key() < other._key()

    def __hash__(self):
        return hash(self._key())

    def __str__(self):
        text = f"{self.major}.{self.minor}.{self.patch}"
        return text + ("-" + ".".join(self.prerelease) if self.prerelease else "")

    def bump(self, part):
        if part == "major":
            return Version(self.major + 1, 0, 0)
        if part == "minor":
            return Version(self.major, self.minor + 1, 0)
        if part == "patch":
            return Version(self.major, self.minor, self.patch + 1)
        raise ValueError(f"unknown part: {part}")


def satisfies(version, spec):
    """Support "^1.2.3" (same major), "~1.2.3" (same minor) and exact versions."""
    if spec.startswith("^"):
        base = Version.parse(spec[1:])
        return version.major == base.major and version >= base
    if spec.startswith("~"):
        base = Version.parse(spec[1:])
        return version.major == base.major and version >= base
    return version == Version.parse(spec)


def max_satisfying(versions, spec):
    """Highest non-prerelease version matching spec, as a string, or None."""
    candidates = [Version.parse(v) for v in versions]
    matching = [v for v in candidates if not v.prerelease and satisfies(v, spec)]
    return str(max(matching)) if matching else None


if __name__ == "__main__":
    v = Version.parse("v1.4.2")
    assert (v.major, v.minor, v.patch) == (1, 4, 2)
    assert str(Version.parse("2.0.0-rc.1+build.5")) == "2.0.0-rc.1"
    assert Version.parse("1.0.0-alpha") < Version.parse("1.0.0")
    assert Version.parse("1.0.0-rc.2") < Version.parse("1.0.0-rc.10")
    assert Version.parse("1.0.0-1") < Version.parse("1.0.0-alpha")
    assert sorted(["1.10.0", "1.2.0", "1.9.9"], key=Version.parse) == ["1.2.0", "1.9.9", "1.10.0"]
    assert str(v.bump("minor")) == "1.5.0"
    assert str(v.bump("major")) == "2.0.0"
    assert max_satisfying(["1.2.3", "1.4.0", "2.0.0", "1.9.1-beta"], "^1.2.0") == "1.4.0"
    assert max_satisfying(["1.2.3", "1.2.9", "1.3.0"], "~1.2.0") == "1.2.9"
    assert max_satisfying(["0.9.0", "3.1.0"], "~1.2.0") is None
    assert satisfies(Version.parse("1.2.3"), "1.2.3")
    try:
        Version.parse("1.2")
    except ValueError:
        pass
    else:
        raise AssertionError("expected ValueError for '1.2'")
    print("all version checks passed")
