"""llama.cpp's own C++ server, ``llama-server``: where its binary is and the command that starts it.

``scripts/build-llama-server.sh`` builds the binary from the llama.cpp tree that the installed
llama-cpp-python's sdist vendors, so both engines of :class:`~._server.LocalServer` run the same
llama.cpp, and caches it as ``<cache>/llama-server/<llama-cpp-python version>/llama-server``
(``<cache>`` is :func:`~._local_weights.cache_dir`). Nothing here builds or downloads anything:
a missing binary is a :class:`ModelSelectionError` naming the command that builds it.
"""

from __future__ import annotations

import importlib.metadata
import os
import shlex
from pathlib import Path

from .._errors import ModelSelectionError
from ._local_weights import cache_dir

__all__ = ["llama_server_binary", "llama_server_build_command", "llama_server_command"]

_SCRIPT = Path(__file__).resolve().parents[3] / "scripts" / "build-llama-server.sh"


def llama_server_build_command() -> str:
    """The command that builds ``llama-server``: the checkout's script, by its full path when it is there."""
    if _SCRIPT.is_file():
        return f"bash {shlex.quote(str(_SCRIPT))}"
    return "bash scripts/build-llama-server.sh (in a checkout of autogen-selfdebug)"


def llama_server_binary() -> Path:
    """The cached ``llama-server`` built for the installed llama-cpp-python.

    Raises:
        ModelSelectionError: llama-cpp-python is not installed, or the binary is not built for its
            version; the message names the command to run.
    """
    try:
        version = importlib.metadata.version("llama_cpp_python")
    except importlib.metadata.PackageNotFoundError:
        raise ModelSelectionError(
            "llama-server is built from llama-cpp-python's sources, which are not installed. Install them "
            f"with: pip install 'autogen-selfdebug[server]', then build it with: {llama_server_build_command()}"
        ) from None
    path = cache_dir() / "llama-server" / version / "llama-server"
    if not (path.is_file() and os.access(path, os.X_OK)):
        raise ModelSelectionError(
            f"llama-server is not built for llama-cpp-python {version} (no {path}). "
            f"Build it with: {llama_server_build_command()}"
        )
    return path


def llama_server_command(binary: Path, model: Path, *, alias: str, port: int, n_ctx: int, parallel: int) -> list[str]:
    """The ``llama-server`` command line; ``n_ctx`` is per slot, ``parallel`` the number of slots.

    The settings follow the Python engine's, so the two can be compared:

    * llama-server splits ``--ctx-size`` evenly among its slots, so it gets ``n_ctx * parallel``,
      and every session keeps the context window it has in the Python engine.
    * Threads are llama-cpp-python's defaults, half the cores for generation and all of them for
      prompts, where llama-server's own default is every core for both.
    * Its default ``--repeat-penalty`` is already 1.0, the in-process client's; it is written out
      so the engines sample alike even if that default changes.
    * ``--no-repack`` is added where the other engines turn llama.cpp's extra buffer types off
      (see :func:`_repacking_unsafe`).
    """
    cores = os.cpu_count() or 1
    command = [
        str(binary),
        "--model", str(model),
        "--alias", alias,
        "--host", "127.0.0.1",
        "--port", str(port),
        "--ctx-size", str(n_ctx * parallel),
        "--parallel", str(parallel),
        "--threads", str(max(cores // 2, 1)),
        "--threads-batch", str(cores),
        "--repeat-penalty", "1.0",
        "--no-webui",
    ]  # fmt: skip
    if _repacking_unsafe():
        command.append("--no-repack")
    return command


def _repacking_unsafe() -> bool:
    """Whether llama-server must start with ``--no-repack``: the in-process client's AMX workaround.

    Under some virtual machines llama.cpp's AMX weight repacking crashes the first decode (see
    ``_llama._extra_buffer_types_unsafe``, which asks llama-cpp-python's build). The binary is built
    with ``GGML_NATIVE`` like that build, so it uses AMX exactly when the CPU has it (``amx_int8``
    in ``/proc/cpuinfo``). ``AUTOGEN_SELFDEBUG_LLAMA_EXTRA_BUFFERS=1`` (or ``0``) forces
    repacking on (or off), as for the other engines.
    """
    forced = os.environ.get("AUTOGEN_SELFDEBUG_LLAMA_EXTRA_BUFFERS")
    if forced in ("0", "1"):
        return forced == "0"
    try:
        return "amx_int8" in Path("/proc/cpuinfo").read_text(errors="replace").split()
    except OSError:  # not Linux: no AMX workaround is known to be needed there
        return False
