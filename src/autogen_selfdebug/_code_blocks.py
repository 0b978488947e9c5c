"""Finding the code in a model's reply.

Upstream ``CodeExecutorAgent`` only matches fences whose tag is exactly one of its supported
languages, so ```` ```py ````, ```` ```python3 ````, ```` ```python  ```` (trailing space) and
untagged blocks are silently dropped. Here every fence is found, tags are normalised, and
anything that cannot run is reported instead of skipped.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from autogen_core.code_executor import CodeBlock

from .edits import with_missing_imports
from .sandboxes._languages import normalize_language

__all__ = ["ExtractedCode", "extract_code_blocks", "format_code_blocks", "normalize_language"]

# Fences that hold data or sample output rather than a program: they are never executed.
_NOT_CODE = frozenset({"text", "txt", "output", "plaintext", "plain", "json", "yaml", "yml", "csv", "markdown", "md"})

# A fence opens at the start of a line with 3+ backticks and an optional tag (spaces allowed on
# either side of it), and closes with a line of backticks of at least the same length.
_FENCE = re.compile(
    r"^(?P<fence>`{3,})[ \t]*(?P<tag>[^\s`]*)[^\n]*\n(?P<body>.*?)^[ \t]*(?P=fence)`*[ \t]*$",
    re.MULTILINE | re.DOTALL,
)
_OPEN_FENCE = re.compile(r"^`{3,}", re.MULTILINE)


@dataclass
class ExtractedCode:
    """What a reply holds: runnable blocks, blocks in languages that cannot run here, whether it was cut off,
    and the import lines added to its blocks (:meth:`with_missing_imports`)."""

    blocks: list[CodeBlock] = field(default_factory=list[CodeBlock])
    unsupported: list[str] = field(default_factory=list[str])
    unterminated: bool = False
    imports_added: list[str] = field(default_factory=list[str])

    def with_missing_imports(self) -> ExtractedCode:
        """The same, with the standard imports each Python block uses and lacks added to it
        (``edits.with_missing_imports``): a model rewriting a program often drops them."""
        blocks: list[CodeBlock] = []
        added: list[str] = []
        for block in self.blocks:
            if block.language == "python":
                code, lines = with_missing_imports(block.code)
                block, added = CodeBlock(code=code, language=block.language), [*added, *lines]
            blocks.append(block)
        return replace(self, blocks=blocks, imports_added=added)

    @property
    def languages(self) -> list[str]:
        return sorted({block.language for block in self.blocks})


def extract_code_blocks(
    text: str,
    supported_languages: Iterable[str],
    *,
    default_language: str = "python",
) -> ExtractedCode:
    """Extract the runnable fenced code blocks from ``text``.

    Args:
        text: The model's reply, in markdown.
        supported_languages: Languages the executor can run (any alias is accepted).
        default_language: Language given to untagged blocks.

    Example:
        >>> found = extract_code_blocks("```py \\nprint(1)\\n```", ["python"])
        >>> found.blocks[0].language, found.blocks[0].code
        ('python', 'print(1)\\n')
    """
    supported = {normalize_language(lang) for lang in supported_languages}
    result = ExtractedCode()
    consumed_to = 0
    for match in _FENCE.finditer(text):
        consumed_to = match.end()
        tag = match.group("tag")
        language = normalize_language(tag) if tag else normalize_language(default_language)
        if language in _NOT_CODE:
            continue
        if language not in supported:
            if language not in result.unsupported:
                result.unsupported.append(language)
            continue
        result.blocks.append(CodeBlock(code=match.group("body"), language=language))
    # An opening fence after the last complete block means the reply stopped mid-block.
    result.unterminated = _OPEN_FENCE.search(text, consumed_to) is not None
    return result


def format_code_blocks(blocks: Sequence[CodeBlock]) -> str:
    """Render blocks back to markdown fences, for summaries and metadata."""
    return "\n\n".join(f"```{block.language}\n{block.code.rstrip()}\n```" for block in blocks)
