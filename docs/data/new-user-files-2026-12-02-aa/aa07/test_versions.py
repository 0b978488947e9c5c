import pytest

from versions import compare_versions, latest, parse_version, sort_versions


@pytest.mark.parametrize(
    "text, core, pre",
    [
        ("1.2.3", (1, 2, 3), ()),
        ("v2.0", (2, 0, 0), ()),
        ("3", (3, 0, 0), ()),
        ("1.0.0-rc.1", (1, 0, 0), ("rc", "1")),
        ("1.0.0+build.7", (1, 0, 0), ()),
    ],
)
def test_parse_version(text, core, pre):
    parsed_core, parsed_pre = parse_version(text)
    assert tuple(int(p) for p in parsed_core) == core
    assert parsed_pre == pre


@pytest.mark.parametrize("bad", ["", "1.2.3.4", "one.two", "1..2", "-1.0"])
def test_parse_version_rejects_invalid(bad):
    with pytest.raises(ValueError):
        parse_version(bad)


@pytest.mark.parametrize(
    "a, b, expected",
    [
        ("1.0.0", "1.0.0", 0),
        ("1.0.0", "2.0.0", -1),
        ("1.2.0", "1.1.9", 1),
        ("v1.4", "1.4.0", 0),
        ("1.9.0", "1.10.0", -1),
        ("10.0.0", "9.5.2", 1),
        ("1.0.0-alpha", "1.0.0-beta", -1),
        ("1.0.0-rc.2", "1.0.0-rc.10", -1),
        ("1.0.0-rc.1", "1.0.0", -1),
        ("2.0.0", "2.0.0-beta.3", 1),
        ("1.0.0-alpha", "1.0.0-alpha.1", -1),
    ],
)
def test_compare_versions(a, b, expected):
    assert compare_versions(a, b) == expected
    assert compare_versions(b, a) == -expected


def test_sort_versions():
    assert sort_versions(["1.10.0", "1.2.0", "1.2.0-rc.1", "0.9.9"]) == [
        "0.9.9",
        "1.2.0-rc.1",
        "1.2.0",
        "1.10.0",
    ]


@pytest.mark.parametrize(
    "versions, include_pre, expected",
    [
        (["1.0.0", "1.1.0", "1.0.5"], False, "1.1.0"),
        (["1.0.0", "1.1.0-beta.1"], False, "1.0.0"),
        (["1.0.0", "1.1.0-beta.1"], True, "1.1.0-beta.1"),
        (["2.0.0-rc.1", "2.0.0"], True, "2.0.0"),
        ([], False, None),
    ],
)
def test_latest(versions, include_pre, expected):
    assert latest(versions, include_prerelease=include_pre) == expected
