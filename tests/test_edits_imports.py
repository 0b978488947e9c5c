"""The standard imports a model's program forgot, added before it runs."""

from __future__ import annotations

import pytest

from autogen_selfdebug.edits import with_missing_imports


def test_modules_used_by_attribute_and_typing_names_are_imported() -> None:
    source = "def f(xs: List[int]) -> Tuple[int, str]:\n    return math.floor(sum(xs)), string.digits\n"
    patched, lines = with_missing_imports(source)
    assert lines == ["import math", "import string", "from typing import List, Tuple"]
    assert patched == "import math\nimport string\nfrom typing import List, Tuple\n" + source
    exec(compile(patched, "<patched>", "exec"), {})  # the patched program defines f: its names resolve


def test_names_taken_from_a_standard_module_by_name_are_imported() -> None:
    # Seen in `fix` on a new user's file: the 0.5B model's rewrite kept `@dataclass` and dropped its import, and the
    # attempt failed on "NameError: name 'dataclass' is not defined".
    source = (
        "@dataclass\nclass Invoice:\n    lines: list\n\n\n"
        "def totals(rows):\n    seen = defaultdict(int)\n    for key, n in rows:\n        seen[key] += n\n"
        "    return reduce(lambda a, b: a + b, seen.values(), 0), Counter(seen)\n"
    )
    patched, lines = with_missing_imports(source)
    assert lines == [
        "from collections import Counter, defaultdict",
        "from dataclasses import dataclass",
        "from functools import reduce",
    ]
    namespace: dict[str, object] = {}
    exec(compile(patched, "<patched>", "exec"), namespace)
    assert namespace["totals"]([("a", 1), ("a", 2)]) == (3, {"a": 3})  # type: ignore[operator]
    # A name the program binds itself is its own.
    assert with_missing_imports("def f(Path):\n    return Path\n") == ("def f(Path):\n    return Path\n", [])


def test_the_imports_go_after_the_docstring_and_future_imports() -> None:
    source = '"""A module."""\nfrom __future__ import annotations\n# a comment\ndef f():\n    return math.pi\n'
    patched, _ = with_missing_imports(source)
    assert patched == source.replace("annotations\n", "annotations\nimport math\n")
    # A program that is only a docstring and a use, with no final newline.
    assert with_missing_imports('"""Doc."""\nx = re.sub("a", "b", "abc")')[0] == (
        '"""Doc."""\nimport re\nx = re.sub("a", "b", "abc")'
    )


@pytest.mark.parametrize(
    "source",
    [
        "import math\n\ndef f():\n    return math.pi\n",  # imported already
        "import math as m\n\ndef f():\n    return m.pi\n",  # under another name
        "def f(string):\n    return string.upper()\n",  # a parameter, not the module
        "def f(xs):\n    return [math.sqrt(x) for x in xs]\n\nmath = None\n",  # bound somewhere: left to the program
        "from typing import *\n\ndef f(xs: List[int]):\n    return xs\n",  # a star import may bind it
        "def f(self):\n    return self.items.count(0)\n",  # an attribute of a name that is not a module
        "def f(tokens):\n    return [token.value for t in tokens]\n",  # a variable it forgot, not the `token` module
        "def f():\n    return this.s\n",  # a module that acts when imported is never imported
        "def f(:\n    return math.pi\n",  # does not parse
        "print(len([1, 2]))\n",  # nothing missing
    ],
)
def test_nothing_is_added(source: str) -> None:
    assert with_missing_imports(source) == (source, [])
