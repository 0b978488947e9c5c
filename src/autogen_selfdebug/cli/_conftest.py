"""pytest's ``conftest.py`` files: the fixtures a tests file may ask for without defining them.

pytest loads the ``conftest.py`` of a tests file's folder and of the folders above it, up to the project's root,
and a test may ask for any fixture they define (``def test_remove(stocked):``). ``fix`` runs the tests after
the program in one file, where those fixtures did not exist: such tests were left out, and a program whose
only failing tests asked for one "passed". Their fixtures now go after the tests (so the tests keep their line
numbers), outermost file first, as pytest would find them; imports of the program are dropped as in the tests.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path

from .._test_report import fixture_functions, unset_autouse_fixtures
from ._imports import drop_program_imports

__all__ = ["ConftestFixtures", "conftest_fixtures"]

# What marks a project's root for pytest (its rootdir): conftest files above it are not loaded.
_ROOT_MARKERS = ("pytest.ini", "pyproject.toml", "setup.cfg", "tox.ini", ".git")


@dataclass(frozen=True)
class ConftestFixtures:
    """The tests with the fixtures of the ``conftest.py`` files around them, and what was taken from where."""

    tests: str
    taken: list[tuple[Path, list[str]]]
    """Each conftest file whose fixtures were taken, with their names."""
    unreadable: list[tuple[Path, str]]
    """Each conftest file left out, and why (it does not parse, or cannot be read)."""
    unset: list[tuple[Path, dict[str, str]]] = field(default_factory=list)
    """Each conftest file left out although it has autouse fixtures, with why each cannot be set up."""

    def describe(self) -> str | None:
        parts = [f"{_shown(path)} ({', '.join(names)})" for path, names in self.taken]
        lines = [f"Took the fixtures of {'; '.join(parts)} with the tests, as pytest would."] if parts else []
        lines += [f"Left out {_shown(path)}: {why}." for path, why in self.unreadable]
        for path, unset in self.unset:
            listed = "; ".join(f"{name} ({why})" for name, why in unset.items())
            lines.append(
                f"The tests run without the autouse fixtures of {_shown(path)}, which pytest would set up: {listed}."
            )
        return "\n".join(lines) or None


def _shown(path: Path) -> Path:
    """``path`` from the working folder when it is below it, else as it is."""
    try:
        return path.relative_to(Path.cwd())
    except ValueError:
        return path


def conftest_files(tests_file: Path) -> list[Path]:
    """The ``conftest.py`` files pytest would load for ``tests_file``, outermost first: in its folder and those
    above it up to the project's root (the first folder with ``pytest.ini``, ``pyproject.toml``, ``setup.cfg``,
    ``tox.ini`` or ``.git``); with no root above it, only its own folder's."""
    start = tests_file.resolve().parent
    found: list[Path] = []
    for folder in (start, *start.parents):
        if (folder / "conftest.py").is_file():
            found.append(folder / "conftest.py")
        if any((folder / marker).exists() for marker in _ROOT_MARKERS):
            return found[::-1]
    return [start / "conftest.py"] if (start / "conftest.py").is_file() else []


def conftest_fixtures(tests: str, tests_file: Path, module: str, package: str | None = None) -> ConftestFixtures:
    """``tests`` (Python, read from ``tests_file``) followed by the fixtures of its ``conftest.py`` files.
    ``module``: the program's module name, whose imports are dropped from them (``package``: its folder's name)."""
    unreadable: list[tuple[Path, str]] = []
    found: list[tuple[Path, str, set[str]]] = []
    for path in conftest_files(tests_file):
        if path.resolve() == tests_file.resolve():
            continue
        try:
            source = path.read_text(encoding="utf-8")
            defined = {node.name for node in ast.parse(source).body if isinstance(node, ast.FunctionDef)}
        except (OSError, UnicodeDecodeError) as error:
            unreadable.append((path, f"it cannot be read ({error})"))
            continue
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            unreadable.append((path, "it does not parse"))
            continue
        found.append((path, drop_program_imports(source, module, package=package) or source, defined))
    # A fixture may ask for one of an outer conftest file (as pytest allows): which can be set up is read off
    # all of them together.
    whole = "\n".join([tests, *(source for _, source, _ in found)])
    try:
        parsed = ast.parse(whole)
        usable, unset = set(fixture_functions(parsed)), unset_autouse_fixtures(parsed)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        usable, unset = set(), {}  # the tests themselves do not parse: they say so when they run
    taken = [(path, sorted(defined & usable)) for path, _, defined in found]
    for (path, source, _), (_, names) in zip(found, taken, strict=True):
        if names:
            tests = f"{tests.rstrip()}\n\n\n# ---- {path.name} from {path.parent} (pytest's fixtures) ----\n{source}"
    # A file taken brings its autouse fixtures that cannot be set up along, and the tests' note names them.
    left = [
        (path, {n: why for n, why in unset.items() if n in defined})
        for (path, _, defined), (_, names) in zip(found, taken, strict=True)
        if not names
    ]
    return ConftestFixtures(
        tests, [(path, names) for path, names in taken if names], unreadable, [(p, u) for p, u in left if u]
    )
