"""ISBN validation and ISBN-10 -> ISBN-13 conversion for the library catalogue."""


def clean(raw):
    return raw.replace("-", "").replace(" ", "").upper()


def isbn10_check_digit(first9):
    total = sum((10 - i) * int(d) for i, d in enumerate(first9))
    check = (11 - total % 11) % 11
    return "X" if check == 10 else str(check)


def isbn13_check_digit(first12):
    total = sum(int(d) * (3 if i % 2 == 0 else 1) for i, d in enumerate(first12))
    return str((10 - total % 10) % 10)


def is_valid_isbn10(raw):
    s = clean(raw)
    if len(s) != 10 or not s[:9].isdigit() or not (s[9].isdigit() or s[9] == "X"):
        return False
    return isbn10_check_digit(s[:9]) == s[9]


def is_valid_isbn13(raw):
    s = clean(raw)
    if len(s) != 13 or not s.isdigit() or not s.startswith(("978", "979")):
        return False
    return isbn13_check_digit(s[:12]) == s[12]


def to_isbn13(raw):
    s = clean(raw)
    if not is_valid_isbn10(s):
        raise ValueError(f"invalid ISBN-10: {raw}")
    body = "978" + s[:9]
    return body + isbn13_check_digit(body)


def normalize(raw):
    """Return the ISBN-13 form of any valid ISBN, or None."""
    s = clean(raw)
    if is_valid_isbn13(s):
        return s
    if is_valid_isbn10(s):
        return to_isbn13(s)
    return None


assert clean("0-306-40615-2") == "0306406152"
assert is_valid_isbn10("0-306-40615-2")
assert is_valid_isbn10("0-8044-2957-X")
assert is_valid_isbn10("0 19 853453 1")
assert not is_valid_isbn10("0-306-40615-3")
assert not is_valid_isbn10("0-306-4061")
assert not is_valid_isbn13("978-0-306-40615-8")
assert not is_valid_isbn13("123-0-306-40615-7")
assert is_valid_isbn13("978-0-306-40615-7")
assert is_valid_isbn13("9781861972712")
assert to_isbn13("0-306-40615-2") == "9780306406157"
assert to_isbn13("0-8044-2957-X") == "9780804429573"
assert normalize("978-1-86197-271-2") == "9781861972712"
assert normalize("not an isbn") is None
print("isbn checks passed")
