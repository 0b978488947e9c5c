import pytest

from password_policy import check_password, has_run, is_acceptable


@pytest.mark.parametrize(
    "text, length, expected",
    [
        ("aaa", 3, True),
        ("abcccd", 3, True),
        ("aabbaa", 3, False),
        ("bookkeeper", 3, False),
        ("", 3, False),
    ],
)
def test_has_run(text, length, expected):
    assert has_run(text, length) is expected


@pytest.mark.parametrize(
    "password",
    ["Tr0ub4dor&3x", "Coffee-Mug42", "correct-Horse-9", "N0t!my-Passw0rd"],
)
def test_strong_passwords_are_accepted(password):
    assert check_password(password) == []


@pytest.mark.parametrize(
    "password, problem",
    [
        ("Sh0rt!", "must be at least 10 characters"),
        ("ALLUPPER123!", "needs a lowercase letter"),
        ("alllower123!", "needs an uppercase letter"),
        ("NoDigitsHere!", "needs a digit"),
        ("NoSymbols1234", "needs a symbol"),
        ("Paaassword1!", "must not repeat a character 3 times in a row"),
    ],
)
def test_weak_passwords_report_problem(password, problem):
    assert problem in check_password(password)


def test_common_password_is_rejected_case_insensitively():
    assert "is a commonly used password" in check_password("PASSWORD1", min_length=6)


@pytest.mark.parametrize("username", ["alice", "ALICE"])
def test_password_containing_username_is_rejected(username):
    assert not is_acceptable("Alice-2024!x", username=username)
