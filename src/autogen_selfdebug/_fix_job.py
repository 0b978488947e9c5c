"""The fix-a-broken-program job: the task text given to the agent, and the fixed code read back.

The command line, the examples, the notebooks and the benchmark all phrase the job the same way,
so a result in one is comparable with the others.
"""

from __future__ import annotations

from ._attempts import RunSummary
from ._code_blocks import extract_code_blocks, normalize_language

__all__ = ["fix_prompt", "fixed_source"]


def fix_prompt(source: str, language: str, *, has_tests: bool) -> str:
    """The task given to the agent for a broken program."""
    checked = " It will be checked by tests that run after it." if has_tests else ""
    return (
        f"This {language} program has a bug.{checked} Find the bug and fix it, keeping the program's "
        f"names and behaviour otherwise unchanged. Reply with the complete fixed program in one "
        f"```{language} code block.\n\n```{language}\n{source.rstrip()}\n```"
    )


def fixed_source(summary: RunSummary, language: str) -> str | None:
    """The fixed program from a run's summary: its code blocks in ``language``, joined."""
    language = normalize_language(language)
    found = extract_code_blocks(summary.code, [language], default_language=language)
    if not found.blocks:
        return None
    return "\n\n".join(block.code.rstrip("\n") for block in found.blocks) + "\n"
