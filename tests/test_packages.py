"""What the model is told about packages: the note on a missing module."""

from __future__ import annotations

import pytest

from autogen_selfdebug._packages import missing_module_note, shown_packages

MANY = [f"pkg{i:03d}" for i in range(200)]


def test_well_known_packages_lead_and_the_rest_is_alphabetical() -> None:
    names = ["zeta", "pytest", "Alpha", "numpy", "beta", "pandas", "requests"]
    assert shown_packages(names) == ["numpy", "pandas", "requests", "pytest", "Alpha", "beta", "zeta"]


def test_harness_internals_and_packaging_tools_are_hidden() -> None:
    names = ["pip", "setuptools", "wheel", "pkg_resources", "_distutils_hack", "_pytest", "autogen_core", "attrs"]
    assert shown_packages(names) == ["attrs"]


def test_note_names_the_missing_top_level_module_and_what_is_there() -> None:
    output = (
        "Traceback (most recent call last):\n"
        '  File "/workspace/tmp_code_1.py", line 1, in <module>\n'
        "    import sklearn.linear_model\n"
        "ModuleNotFoundError: No module named 'sklearn'\n"
    )
    note = missing_module_note(output, ["pytest", "numpy", "pip"])
    assert note == (
        "The module `sklearn` is not installed in this sandbox, and packages cannot be installed here. "
        "Use the standard library or one of the third-party packages installed here: numpy, pytest."
    )


def test_note_takes_the_top_level_of_a_dotted_name_and_the_old_import_error_form() -> None:
    note = missing_module_note("ImportError: No module named yaml.constructor", ["numpy"])
    assert note is not None and note.startswith("The module `yaml` is not installed")
    dotted = missing_module_note("ModuleNotFoundError: No module named 'helpers.io'", [])
    assert dotted is not None and "`helpers`" in dotted and "Only the standard library is available." in dotted
    assert "write helpers.py first" in dotted


def test_note_for_a_missing_submodule_of_an_installed_package() -> None:
    note = missing_module_note("ModuleNotFoundError: No module named 'numpy.linalgx'", ["numpy"])
    assert note is not None
    assert "`numpy` is installed" in note and "`numpy.linalgx`" in note


def test_note_with_install_allowed_and_with_an_unknown_listing() -> None:
    note = missing_module_note("ModuleNotFoundError: No module named 'requests'", None, can_install=True)
    assert note == (
        "The module `requests` is not installed in this sandbox. Install it with `pip install NAME` in a sh block "
        "(the PyPI name can differ from the import name), or do without it."
    )


def test_note_list_is_bounded() -> None:
    note = missing_module_note("ModuleNotFoundError: No module named 'torch'", MANY)
    assert note is not None and len(note) < 600 and "more)" in note


@pytest.mark.parametrize(
    "output",
    ["", "ImportError: cannot import name 'x' from 'os'", "NameError: name 'np' is not defined", "all passed"],
)
def test_no_note_without_a_missing_module(output: str) -> None:
    assert missing_module_note(output, ["numpy"]) is None
