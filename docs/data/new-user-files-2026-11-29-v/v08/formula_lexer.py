import re
from typing import List, NamedTuple


class Token(NamedTuple):
    kind: str
    value: str
    pos: int


TOKEN_SPEC = [
    ("NUMBER", r"\d+(?:\.\d+)?"),
    ("NAME", r"[A-Za-z_][A-Za-z0-9_]*"),
    ("OP", r"[-+*/%^(),]|\*\*|==|!=|<=|>=|<|>"),
    ("STRING", r'"(?:[^"\\]|\\.)*"'),
    ("SKIP", r"[ \t]+"),
    ("MISMATCH", r"."),
]

MASTER = re.compile("|".join(f"(?P<{name}>{pattern})" for name, pattern in TOKEN_SPEC))
KEYWORDS = {"and", "or", "not", "if", "else"}


class LexError(ValueError):
    pass


def tokenize(source: str) -> List[Token]:
    tokens = []
    for match in MASTER.finditer(source):
        kind = match.lastgroup
        value = match.group()
        if kind == "SKIP":
            continue
        if kind == "MISMATCH":
            raise LexError(f"unexpected {value!r} at {match.start()}")
        if kind == "NAME" and value in KEYWORDS:
            kind = "KEYWORD"
        if kind == "STRING":
            value = bytes(value[1:-1], "utf-8").decode("unicode_escape")
        tokens.append(Token(kind, value, match.start()))
    return tokens


def values(source):
    return [t.value for t in tokenize(source)]


if __name__ == "__main__":
    assert values("price * qty") == ["price", "*", "qty"]
    assert values("1.5+2") == ["1.5", "+", "2"]
    assert [t.kind for t in tokenize("x if y else 3")] == ["NAME", "KEYWORD", "NAME", "KEYWORD", "NUMBER"]
    assert tokenize("  total")[0].pos == 2
    assert values("base ** 2") == ["base", "**", "2"]
    assert values("a <= b") == ["a", "<=", "b"]
    assert values("count != 0") == ["count", "!=", "0"]
    assert values('name == "O\\"Neil"') == ["name", "==", 'O"Neil']
    assert values("round(x, 2)") == ["round", "(", "x", ",", "2", ")"]
    try:
        tokenize("a $ b")
    except LexError as exc:
        assert "at 2" in str(exc)
    else:
        raise AssertionError("expected LexError")
    print("all lexer checks passed")
