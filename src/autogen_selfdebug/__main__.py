"""``python -m autogen_selfdebug`` is the ``autogen-selfdebug`` command."""

from ._cli import run

run()
