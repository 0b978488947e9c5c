"""The models wing: model specs, the embedded weights, the llama.cpp client and model selection.

``_spec`` and ``_local_weights`` import nothing heavy; ``_resolve`` builds clients and imports
``_llama`` (and so ``llama_cpp``) only when a local model is asked for; ``_server`` runs an
OpenAI-compatible server in a child process: llama-cpp-python's (``_serve``) or llama.cpp's own C++
``llama-server`` (``_llama_server`` finds the built binary). None imports another in a circle.
"""

from ._llama_server import llama_server_binary
from ._local_weights import LOCAL_WEIGHTS, LocalKind, LocalWeights, local_model_installed, local_model_path
from ._resolve import DEFAULT_OPENAI_MODEL, OPENAI_COMPATIBLE_MODEL_INFO, ResolvedModel, resolve_model, retry_base_url
from ._server import LocalServer, ServerEngine
from ._spec import ModelKind, ModelSpec, local_model_file, parse_model_spec

__all__ = [
    "DEFAULT_OPENAI_MODEL",
    "LOCAL_WEIGHTS",
    "OPENAI_COMPATIBLE_MODEL_INFO",
    "LocalKind",
    "LocalServer",
    "LocalWeights",
    "ModelKind",
    "ModelSpec",
    "ResolvedModel",
    "ServerEngine",
    "llama_server_binary",
    "local_model_file",
    "local_model_installed",
    "local_model_path",
    "parse_model_spec",
    "resolve_model",
    "retry_base_url",
]
