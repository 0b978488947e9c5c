"""Roman numeral conversion for chapter and clause numbering."""
import re

SYMBOLS = [
    (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"),
    (100, "C"), (90, "XC"), (50, "L"), (40, "XL"),
    (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
]
CANONICAL_RE = re.compile(r"^M{0,3}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})$")
VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


def to_roman(n):
    if not isinstance(n, int) or not 0 < n < 4000:
        raise ValueError(f"cannot write {n!r} in roman numerals")
    out = []
    for value, symbol in SYMBOLS:
        count, n = divmod(n, value)
        out.append(symbol * count)
    return "".join(out)


def from_roman(text):
    text = text.strip().upper()
    # rejects junk as well as non-canonical forms such as "IIII" or "VX"
    if not text or not CANONICAL_RE.match(text):
        raise ValueError(f"not a roman numeral: {text!r}")
    total = 0
    for i, ch in enumerate(text):
        value = VALUES[ch]
        nxt = VALUES[text[i + 1]] if i + 1 < len(text) else 0
        if nxt >= value:
            total -= value
        else:
            total += value
    return total


def label(n, style="upper"):
    numeral = to_roman(n)
    return numeral.lower() if style == "lower" else numeral


if __name__ == "__main__":
    assert to_roman(1) == "I"
    assert to_roman(4) == "IV"
    assert to_roman(14) == "XIV"
    assert to_roman(1994) == "MCMXCIV"
    assert to_roman(3999) == "MMMCMXCIX"
    assert label(9, "lower") == "ix"
    for bad in (0, 4000, -3, 2.5):
        try:
            to_roman(bad)
        except ValueError:
            pass
        else:
            raise AssertionError(f"to_roman({bad!r}) should fail")

    assert from_roman("IV") == 4
    assert from_roman("xiv") == 14
    assert from_roman("MCMXCIV") == 1994
    assert from_roman("III") == 3
    assert from_roman("MMXXIV") == 2024
    for n in range(1, 4000):
        assert from_roman(to_roman(n)) == n, n
    for bad in ("", "ABC", "IIII", "VX"):
        try:
            from_roman(bad)
        except ValueError:
            pass
        else:
            raise AssertionError(f"from_roman({bad!r}) should fail")
    print("all roman numeral checks passed")
