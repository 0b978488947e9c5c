"""JavaScript and TypeScript, parsed with tree-sitter's grammars: the parser, and repair edits.

(Work in progress: the repair templates for JavaScript and TypeScript land here.)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import tree_sitter
import tree_sitter_javascript
import tree_sitter_typescript

from ._edit import Edit
from ._python import RepairTemplate

__all__ = ["parser_for", "tree_sitter_edits", "tree_sitter_parses"]


@cache
def _language(language: str) -> tree_sitter.Language:
    if language == "javascript":
        return tree_sitter.Language(tree_sitter_javascript.language())
    if language == "typescript":
        return tree_sitter.Language(tree_sitter_typescript.language_typescript())
    raise ValueError(f"tree-sitter grammars here are javascript and typescript, not {language!r}.")


def parser_for(language: str) -> tree_sitter.Parser:
    """A parser for ``javascript`` or ``typescript`` (a new one each call: parsers are not shared)."""
    return tree_sitter.Parser(_language(language))


def tree_sitter_parses(source: str, language: str) -> bool:
    """Whether ``source`` parses with no error or missing node."""
    tree = parser_for(language).parse(source.encode("utf-8"))
    return not tree.root_node.has_error


def tree_sitter_edits(
    source: str, language: str, *, templates: Sequence[RepairTemplate], lines: set[int] | None = None
) -> list[Edit]:
    """Candidate one-node repairs of a JavaScript or TypeScript program (see ``_python`` for the templates)."""
    return []
