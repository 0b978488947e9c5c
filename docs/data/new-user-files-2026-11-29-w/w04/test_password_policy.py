import pytest

from password_policy import Policy, check_password, is_valid, longest_run


@pytest.fixture
def strict():
    return Policy(min_length=12, require_symbol=True, max_repeat=2)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("", 0),
        ("a", 1),
        ("abc", 1),
        ("aab", 2),
        ("aaab", 3),
        ("abbbc", 3),
        ("xyzzzz", 4),
        ("aabbaa", 2),
    ],
)
def test_longest_run(text, expected):
    assert longest_run(text) == expected


@pytest.mark.parametrize("pw", ["Correct1Horse", "Tr0ubadour&3x", "Summer2024Rain"])
def test_good_passwords_pass_default_policy(pw):
    assert is_valid(pw)


def test_short_password_reports_length():
    assert check_password("Ab1") == ["must be at least 10 characters"]


def test_missing_upper_and_digit():
    problems = check_password("alllowercase")
    assert "must contain an uppercase letter" in problems
    assert "must contain a digit" in problems


def test_repeated_characters_at_start():
    assert "must not repeat a character more than 2 times in a row" in check_password("aaaPassword1")


def test_repeated_characters_in_middle():
    assert "must not repeat a character more than 2 times in a row" in check_password("Passsword123")


def test_strict_policy_requires_symbol(strict):
    assert check_password("Correct1Horse!", strict) == []
    assert check_password("Correct1Horse9", strict) == ["must contain a symbol"]


def test_username_not_allowed(strict):
    problems = check_password("Hi-Jsmith-2024!", strict, username="jsmith")
    assert problems == ["must not contain the username"]
