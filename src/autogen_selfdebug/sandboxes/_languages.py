"""The languages a sandbox runs, their aliases, and how each is turned into a command.

Both the local and the Docker sandbox write a code block into their work directory and run
it there with the command built here, so a language behaves the same in both.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from ..edits import is_es_module, needs_es_module

__all__ = [
    "LANGUAGE_ALIASES",
    "SUPPORTED_LANGUAGES",
    "Script",
    "UnsupportedLanguage",
    "executor_languages",
    "normalize_language",
    "prepare_script",
    "rename_snippets",
]

SUPPORTED_LANGUAGES: tuple[str, ...] = ("python", "bash", "sh", "javascript", "typescript")
"""The canonical languages every command-line sandbox runs."""

LANGUAGE_ALIASES: Mapping[str, str] = MappingProxyType(
    {
        "py": "python",
        "python3": "python",
        "shell": "sh",
        "js": "javascript",
        "node": "javascript",
        "nodejs": "javascript",
        "mjs": "javascript",
        "cjs": "javascript",
        "ts": "typescript",
    }
)
"""Code-block tags a model may write, mapped to the canonical language they mean."""

_FALLBACK_LANGUAGES = ("python", "bash", "sh")

_EXTENSIONS: Mapping[str, str] = MappingProxyType(
    {"python": "py", "bash": "sh", "sh": "sh", "javascript": "js", "typescript": "ts"}
)
_DIGEST_CHARS = 12
# A file _file_name named from the code's hash, with the run directory (host or container) before it.
_SNIPPET_PATH = re.compile(
    rf"(?:[^\s\"'()]*/)?snippet_[0-9a-f]{{{_DIGEST_CHARS}}}\.(?:{'|'.join(sorted(set(_EXTENSIONS.values())))})\b"
)

# What else node's assert module has, typed `any`.
_ASSERT_MEMBERS = (
    "equal notEqual deepEqual notDeepEqual strictEqual notStrictEqual deepStrictEqual notDeepStrictEqual"
    " partialDeepStrictEqual throws doesNotThrow rejects doesNotReject ifError fail match doesNotMatch"
    " AssertionError CallTracker"
)

# Node's globals and modules, typed loosely: the sandbox has no @types/node, and a model's
# TypeScript that uses `process` or `import fs from "fs"` must still compile.
_NODE_GLOBALS_DTS = """\
declare var process: any;
declare var require: any;
declare var module: any;
declare var exports: any;
declare var Buffer: any;
declare var __dirname: string;
declare var __filename: string;
declare module "*";
""" + "".join(
    # node's assert, typed as @types/node types it where tests rely on it: `assert.ok(err instanceof E)` narrows
    # `err` (with every module `any`, `err.line` on an `unknown` would not compile), every other member loosely.
    f"""declare module "{prefix}assert" {{
  function assert(value: unknown, message?: unknown): asserts value;
  namespace assert {{
    function ok(value: unknown, message?: unknown): asserts value;
    const strict: typeof assert;
    const {", ".join(f"{name}: any" for name in _ASSERT_MEMBERS.split())};
  }}
  export = assert;
}}
declare module "{prefix}assert/strict" {{
  import {{ strict }} from "{prefix}assert";
  export = strict;
}}
"""
    for prefix in ("", "node:")
)
_NODE_GLOBALS_FILE = ".sandbox-node-globals.d.ts"
# The source map lets node's stack traces name the TypeScript file's lines rather than the emitted JavaScript's.
_TSC_FLAGS = (
    "--pretty false --target es2020 --module commonjs --lib es2020,dom "
    "--esModuleInterop --skipLibCheck --sourceMap --outDir .tsc-out"
)
# Each file is compiled as a module, as the search's transpiler does: a script's top-level `const name`
# (or `top`, `status`) would clash with the DOM's globals. A last line makes a script a module with any
# tsc (`--moduleDetection force` needs 4.7; Ubuntu 22.04 has 4.5), and keeps every line where it was.
_AS_MODULE = "\nexport {};\n"
_FILENAME_COMMENT = re.compile(r"^\s*(?:#|//)\s*filename:\s*(\S+)\s*$")


def normalize_language(tag: str) -> str:
    """Map a code-block tag to its canonical language name.

    Unknown tags are returned lower-cased and stripped; the sandbox reports them as
    unsupported when asked to run them.

    Example:
        >>> normalize_language("JS"), normalize_language("py"), normalize_language("shell")
        ('javascript', 'python', 'sh')
    """
    key = tag.strip().lower()
    return LANGUAGE_ALIASES.get(key, key)


class UnsupportedLanguage(ValueError):
    """A code block's language (or file name) cannot be run; the message goes back to the model."""


@dataclass(frozen=True)
class Script:
    """A code block written to the work directory, ready to run from there.

    Attributes:
        language: The canonical language.
        path: Where the code was written on the host.
        argv: The command to run, with paths relative to the work directory.
    """

    language: str
    path: Path
    argv: tuple[str, ...]


def prepare_script(code: str, language: str, work_dir: Path, *, python: str) -> Script:
    """Write ``code`` into ``work_dir`` and build the command that runs it.

    A first line ``# filename: name.ext`` (or ``// filename: ...``) chooses the file name, so
    a later block can import an earlier one; it must stay inside the work directory.

    Args:
        code: The source code.
        language: A tag, normalised with :func:`normalize_language`.
        work_dir: The directory the command runs in.
        python: The Python interpreter to call.

    Raises:
        UnsupportedLanguage: The language is not one of :data:`SUPPORTED_LANGUAGES`, or the
            file name leaves the work directory.
    """
    lang = normalize_language(language)
    if lang not in SUPPORTED_LANGUAGES:
        raise UnsupportedLanguage(
            f"unsupported language {language!r}; this sandbox runs {', '.join(SUPPORTED_LANGUAGES)}"
        )
    name = _file_name(code, lang, work_dir)
    path = work_dir / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(code + _AS_MODULE if lang == "typescript" else code, encoding="utf-8")
    if lang == "python":
        argv: tuple[str, ...] = (python, name)
    elif lang in ("bash", "sh"):
        argv = (lang, name)
    elif lang == "javascript" and (not is_es_module(code) or needs_es_module(code)):
        argv = ("node", name)
    else:
        # TypeScript, and JavaScript written as an ES module (``import``, ``export``), run as CommonJS, as the repair
        # search runs them: node 18 refuses module syntax in a .js file, and node 20 runs it as a module without
        # ``require``, which the tests' harness and a tests file's ``module.exports`` need. A module that needs to be
        # one (a top-level ``await``, ``import.meta``) runs as node runs it.
        (work_dir / _NODE_GLOBALS_FILE).write_text(_NODE_GLOBALS_DTS, encoding="utf-8")
        js_name = ".tsc-out/" + Path(name).with_suffix(".js").name
        flags = _TSC_FLAGS + (" --allowJs" if lang == "javascript" else "")
        # Type errors fail the run: tsc's messages are what the model needs to fix its code.
        command = f'tsc {flags} "$1" {_NODE_GLOBALS_FILE} && exec node --enable-source-maps "$2"'
        if lang == "javascript":  # without tsc, as node runs it
            command = f'if command -v tsc >/dev/null; then {command}; else exec node "$1"; fi'
        argv = ("sh", "-c", command, "tsc", name, js_name)
    return Script(language=lang, path=path, argv=argv)


def _file_name(code: str, lang: str, work_dir: Path) -> str:
    first_line = code.split("\n", 1)[0]
    match = _FILENAME_COMMENT.match(first_line)
    if match is None:
        digest = hashlib.sha256(code.encode()).hexdigest()[:_DIGEST_CHARS]
        return f"snippet_{digest}.{_EXTENSIONS[lang]}"
    root = work_dir.resolve()
    target = (root / match.group(1)).resolve()
    if not target.is_relative_to(root) or target == root:
        raise UnsupportedLanguage(f"file name {match.group(1)!r} is outside the work directory")
    return target.relative_to(root).as_posix()


def rename_snippets(output: str, name: str) -> str:
    """``output`` with every file a sandbox named from the code's hash (with its directory) called ``name``:
    a traceback of ``/tmp/selfdebug-run-x/snippet_<hash>.py`` names the user's own file."""
    return _SNIPPET_PATH.sub(lambda _: name, output)


def executor_languages(executor: object, explicit: Sequence[str] | None = None) -> list[str]:
    """Canonical language names to run: the explicit list, or what the executor says it supports."""
    found: object = explicit
    if found is None:
        found = getattr(executor, "supported_languages", None) or getattr(executor, "SUPPORTED_LANGUAGES", None)
    names = [str(lang) for lang in found] if isinstance(found, list | tuple) else list(_FALLBACK_LANGUAGES)
    canonical = [normalize_language(lang) for lang in names]
    if explicit is None:
        # Upstream's local executor lists PowerShell, which is rarely installed: don't offer it to the model.
        canonical = [lang for lang in canonical if lang not in ("pwsh", "powershell", "ps1")]
    return list(dict.fromkeys(canonical))
