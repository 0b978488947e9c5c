"""Password policy checks used by the sign-up form."""
import string

COMMON_PASSWORDS = {
    "password", "password1", "123456", "12345678", "qwerty",
    "letmein", "welcome", "iloveyou", "admin", "monkey",
}


def has_run(text, length):
    """True if the same character appears `length` or more times in a row."""
    if length <= 1:
        return bool(text)
    run = 1
    for prev, cur in zip(text, text[1:]):
        if cur == prev:
            run += 1
            if run >= length:
                return True
    return False


def check_password(password, username=None, min_length=10):
    """Return a list of human-readable problems; an empty list means OK."""
    problems = []
    if len(password) < min_length:
        problems.append(f"must be at least {min_length} characters")
    if not any(c.islower() for c in password):
        problems.append("needs a lowercase letter")
    if not any(c.isupper() for c in password):
        problems.append("needs an uppercase letter")
    if not any(c.isdigit() for c in password):
        problems.append("needs a digit")
    if not any(c in string.punctuation for c in password):
        problems.append("needs a symbol")
    if password.lower() in COMMON_PASSWORDS:
        problems.append("is a commonly used password")
    if username and username.lower() in password.lower():
        problems.append("must not contain the username")
    if has_run(password, 3):
        problems.append("must not repeat a character 3 times in a row")
    return problems


def is_acceptable(password, username=None):
    return not check_password(password, username)
