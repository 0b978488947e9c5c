"""What the model is told about the sandbox's Python packages: a note when its code imports a missing one."""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["missing_module_note", "shown_packages"]

# Packages a task is likely to want, most likely first; they lead the list, the rest follow alphabetically.
_WELL_KNOWN: tuple[str, ...] = (
    "numpy",
    "pandas",
    "scipy",
    "matplotlib",
    "requests",
    "pytest",
    "sklearn",
    "sympy",
    "networkx",
    "PIL",
    "yaml",
    "bs4",
    "seaborn",
    "statsmodels",
    "torch",
    "tensorflow",
    "httpx",
    "aiohttp",
    "pydantic",
    "attrs",
    "dateutil",
    "pytz",
    "tqdm",
    "rich",
    "click",
    "jinja2",
    "lxml",
    "openpyxl",
    "polars",
    "pyarrow",
)
_RANK = {name: rank for rank, name in enumerate(_WELL_KNOWN)}

# Packaging tools and this harness's own code: no use to the model's code, and noise in the prompt.
_HIDDEN = frozenset({"pip", "setuptools", "wheel", "pkg_resources", "easy_install"})
_HIDDEN_PREFIXES = ("_", "autogen_")

_MISSING = re.compile(r"(?:ModuleNotFoundError|ImportError): No module named '?([A-Za-z0-9_.]+)'?")
_NOTE_LIST_CHARS = 400


def shown_packages(packages: Sequence[str]) -> list[str]:
    """The packages worth naming to the model, well-known ones first, the rest alphabetical."""
    names = {
        name
        for name in packages
        if name and name not in _HIDDEN and not name.startswith(_HIDDEN_PREFIXES) and name.isidentifier()
    }
    return sorted(names, key=lambda name: (_RANK.get(name, len(_RANK)), name.lower(), name))


def missing_module_note(output: str, packages: Sequence[str] | None, *, can_install: bool = False) -> str | None:
    """A note for the model when its code imported a module the sandbox does not have, else None.

    Reads the last ``ModuleNotFoundError: No module named 'x.y'`` (or the ``ImportError``
    form) in ``output`` and names the top-level module ``x``. ``packages`` is the sandbox's
    listing (None when unknown); the note names the available ones, bounded.

    Example:
        >>> note = missing_module_note("ModuleNotFoundError: No module named 'numpy.linalg'", ["pandas"])
        >>> note.split(".")[0]
        'The module `numpy` is not installed in this sandbox, and packages cannot be installed here'
    """
    found = _MISSING.findall(output)
    if not found:
        return None
    dotted = found[-1]
    top = dotted.split(".")[0]
    if packages is not None and top in packages:
        if dotted != top:
            return (
                f"The package `{top}` is installed in this sandbox, but it has no module `{dotted}`: "
                "check the name and where it lives in that package."
            )
        return (
            f"The package `{top}` is installed in this sandbox, yet importing it failed: does a file of yours hide it?"
        )
    if can_install:
        advice = (
            f"The module `{top}` is not installed in this sandbox. Install it with `pip install NAME` "
            "in a sh block (the PyPI name can differ from the import name), or do without it."
        )
    else:
        advice = f"The module `{top}` is not installed in this sandbox, and packages cannot be installed here."
    shown = shown_packages(packages or ())
    if packages is None:
        available = ""
    elif shown:
        available = (
            " Use the standard library or one of the third-party packages installed here: "
            f"{_bounded_list(shown, _NOTE_LIST_CHARS)}."
        )
    else:
        available = " Only the standard library is available."
    # A module nobody publishes is more likely one of the model's own files that it forgot to write.
    own_file = "" if top in _RANK else f" (If `{top}` is meant to be a file of yours, write {top}.py first.)"
    return advice + available + own_file


def _bounded_list(names: Sequence[str], budget: int) -> str:
    """``a, b, c (and N more)`` in at most about ``budget`` characters; at least one name is always kept."""
    kept: list[str] = []
    for index, name in enumerate(names):
        rest = len(names) - index - 1
        suffix = f" (and {rest} more)" if rest else ""
        candidate = ", ".join([*kept, name]) + suffix
        if kept and len(candidate) > budget:
            break
        kept.append(name)
    text = ", ".join(kept)
    if len(kept) < len(names):
        text += f" (and {len(names) - len(kept)} more)"
    return text
