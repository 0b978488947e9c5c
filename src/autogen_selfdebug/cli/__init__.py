"""The ``autogen-selfdebug`` command line: ``fix`` a broken file, run the ``examples``, or ``bench``."""

from __future__ import annotations

from .. import fix_prompt, fixed_source
from ._examples import EXAMPLES, BrokenProgram
from ._fix import LANGUAGE_BY_SUFFIX, language_of
from ._main import main, read_program, run

__all__ = [
    "EXAMPLES",
    "LANGUAGE_BY_SUFFIX",
    "BrokenProgram",
    "fix_prompt",
    "fixed_source",
    "language_of",
    "main",
    "read_program",
    "run",
]
