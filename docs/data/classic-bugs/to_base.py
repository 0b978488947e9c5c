import string


def to_base(num, base):
    digits = string.digits + string.ascii_uppercase
    result = ""
    while num > 0:
        num, rem = divmod(num, base)
        result = result + digits[rem]
    return result or "0"


assert to_base(10, 2) == "1010"
assert to_base(255, 16) == "FF"
assert to_base(31, 16) == "1F"
assert to_base(0, 7) == "0"
