"""Password policy checks used by the sign-up form."""
import string
from dataclasses import dataclass


@dataclass(frozen=True)
class Policy:
    min_length: int = 10
    require_upper: bool = True
    require_digit: bool = True
    require_symbol: bool = False
    max_repeat: int = 2  # longest allowed run of the same character


def longest_run(text):
    if not text:
        return 0
    longest = run = 1
    for prev, cur in zip(text, text[1:]):
        if cur == prev:
            run += 1
            longest = max(longest, run)
        else:
            run = 0
    return longest


def check_password(password, policy=Policy(), username=None):
    """Return a list of human-readable problems; empty list means OK."""
    problems = []
    if len(password) < policy.min_length:
        problems.append(f"must be at least {policy.min_length} characters")
    if policy.require_upper and not any(c.isupper() for c in password):
        problems.append("must contain an uppercase letter")
    if policy.require_digit and not any(c.isdigit() for c in password):
        problems.append("must contain a digit")
    if policy.require_symbol and not any(c in string.punctuation for c in password):
        problems.append("must contain a symbol")
    if longest_run(password) > policy.max_repeat:
        problems.append(f"must not repeat a character more than {policy.max_repeat} times in a row")
    if username and username.lower() in password.lower():
        problems.append("must not contain the username")
    return problems


def is_valid(password, policy=Policy(), username=None):
    return not check_password(password, policy, username)
