"""Helpers for tests: scripted model clients and reply builders."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Sequence
from pathlib import Path

from autogen_core.models import CreateResult, ModelInfo
from autogen_ext.models.replay import ReplayChatCompletionClient

STRUCTURED = ModelInfo(vision=False, function_calling=False, json_output=True, family="unknown", structured_output=True)
JSON_MODE = ModelInfo(vision=False, function_calling=False, json_output=True, family="unknown", structured_output=False)
PLAIN = ModelInfo(vision=False, function_calling=False, json_output=False, family="unknown", structured_output=False)


def scripted(replies: Sequence[str | CreateResult], model_info: ModelInfo = STRUCTURED) -> ReplayChatCompletionClient:
    """A model client that gives exactly these replies, in order, and records every call."""
    return ReplayChatCompletionClient(list(replies), model_info=model_info)


def py(code: str) -> str:
    return f"Here is the code:\n```python\n{code}\n```"


def decision(retry: bool, reason: str) -> str:
    return json.dumps({"retry": retry, "reason": reason})


def run_dirs(parent: Path | None = None) -> set[Path]:
    """The sandboxes' per-run work directories under ``parent`` (the system temp dir by default)."""
    return set((parent or Path(tempfile.gettempdir())).glob("selfdebug-run-*"))
