"""``python -m autogen_selfdebug.models._serve``: llama.cpp's server, sampling like the in-process client.

It takes the same arguments as ``python -m llama_cpp.server``, with two differences:

* Under some virtual machines llama.cpp's AMX weight repacking crashes the first decode (see
  ``_llama``); the in-process client turns it off, and so does this entry point.
* The server's default ``repeat_penalty`` is 1.1, against 1.0 in process. A penalty on tokens
  already seen is wrong for code, which repeats its names: asked to fix ``len(value)``, the 0.5B
  model behind the stock server resent the typo four times (``values`` was penalised), while in
  process it fixed it at once. Requests that name a penalty still get theirs.
"""

from __future__ import annotations

from ._llama import _extra_buffer_types_unsafe, _without_extra_buffer_types


def _no_default_repeat_penalty() -> None:
    from llama_cpp.server import types

    for request in (types.CreateChatCompletionRequest, types.CreateCompletionRequest):
        request.model_fields["repeat_penalty"].default = 1.0
        request.model_rebuild(force=True)


def main() -> None:
    _no_default_repeat_penalty()  # before the app's routes are built from these models
    from llama_cpp.server.__main__ import main as serve

    with _without_extra_buffer_types(_extra_buffer_types_unsafe()):
        serve()  # type: ignore[no-untyped-call]


if __name__ == "__main__":
    main()
