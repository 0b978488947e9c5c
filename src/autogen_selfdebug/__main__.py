"""``python -m autogen_selfdebug`` is the ``autogen-selfdebug`` command."""

from .cli import run

run()
