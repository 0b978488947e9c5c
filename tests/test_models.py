"""Model-spec parsing and model selection (no model is loaded and no network is used here)."""

from __future__ import annotations

import builtins
import json
import warnings
from pathlib import Path
from typing import Any

import pytest
from autogen_core import CancellationToken
from autogen_core.models import ModelInfo, UserMessage
from autogen_ext.models.openai import OpenAIChatCompletionClient

from autogen_selfdebug._decision import RetryDecision
from autogen_selfdebug._errors import ModelSelectionError
from autogen_selfdebug._model_call import call_model
from autogen_selfdebug.models import (
    DEFAULT_OPENAI_MODEL,
    OPENAI_COMPATIBLE_MODEL_INFO,
    ModelSpec,
    local_model_file,
    parse_model_spec,
    resolve_model,
)


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("OPENAI_API_KEY", "AUTOGEN_SELFDEBUG_MODEL", "OPENAI_BASE_URL"):
        monkeypatch.delenv(name, raising=False)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("local", ModelSpec(kind="local")),
        (" LOCAL ", ModelSpec(kind="local")),
        ("local-1.5b", ModelSpec(kind="local-1.5b")),
        ("openai:gpt-4o-mini", ModelSpec(kind="openai", model="gpt-4o-mini")),
        ("openai:qwen2.5-coder:7b", ModelSpec(kind="openai", model="qwen2.5-coder:7b")),
        ("OpenAI:gpt-4o", ModelSpec(kind="openai", model="gpt-4o")),
        ("gguf:/models/m.gguf", ModelSpec(kind="gguf", path=Path("/models/m.gguf"))),
        ("gguf:C:/models/m.gguf", ModelSpec(kind="gguf", path=Path("C:/models/m.gguf"))),
    ],
)
def test_parse_valid_specs(text: str, expected: ModelSpec) -> None:
    assert parse_model_spec(text) == expected


def test_gguf_path_expands_home() -> None:
    assert parse_model_spec("gguf:~/m.gguf").path == Path.home() / "m.gguf"


@pytest.mark.parametrize("text", ["local", "local-1.5b", "openai:gpt-4o-mini", "gguf:/m.gguf"])
def test_spec_str_round_trips(text: str) -> None:
    assert str(parse_model_spec(text)) == text
    assert parse_model_spec(str(parse_model_spec(text))) == parse_model_spec(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "valid forms are: local, local-1.5b, gguf:PATH, openai:MODEL"),
        ("llama3", "Did you mean openai:llama3?"),
        ("anthropic:claude-3", "valid forms are"),
        ("local-7b", "valid forms are"),
        ("openai:", "names no model"),
        ("gguf:", "names no file"),
    ],
)
def test_unknown_specs_are_refused_in_one_line(text: str, message: str) -> None:
    with pytest.raises(ModelSelectionError, match=message) as info:
        parse_model_spec(text)
    assert "\n" not in str(info.value)


def test_resolve_refuses_unknown_spec() -> None:
    with pytest.raises(ModelSelectionError, match="Unknown model spec"):
        resolve_model("gpt-99")


def test_openai_spec_uses_the_api_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    resolved = resolve_model("openai:gpt-4o-mini", max_tokens=77)
    assert isinstance(resolved.client, OpenAIChatCompletionClient)
    assert resolved.spec == ModelSpec(kind="openai", model="gpt-4o-mini")
    assert resolved.description == "openai:gpt-4o-mini"
    assert resolved.client.model_info["structured_output"] is True
    config = resolved.client.dump_component().config
    assert config["max_tokens"] == 77 and config["temperature"] == 0.0 and config["seed"] == 0


def test_openai_spec_without_key_is_refused() -> None:
    with pytest.raises(ModelSelectionError, match="OPENAI_API_KEY"):
        resolve_model("openai:gpt-4o-mini")


def test_default_is_openai_when_key_is_set_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    resolved = resolve_model()
    assert resolved.spec == ModelSpec(kind="openai", model=DEFAULT_OPENAI_MODEL)
    assert resolved.description == "openai:gpt-4o-mini (picked because OPENAI_API_KEY is set)"


def test_default_comes_from_env_var_first(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    monkeypatch.setenv("AUTOGEN_SELFDEBUG_MODEL", "openai:gpt-4o")
    resolved = resolve_model()
    assert resolved.spec.model == "gpt-4o"
    assert "AUTOGEN_SELFDEBUG_MODEL" in resolved.description


def test_default_is_local_without_key(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}

    def fake_local(spec: ModelSpec, **kwargs: Any) -> tuple[Any, str]:
        seen["spec"] = spec
        return object(), "local Qwen2.5-Coder-0.5B-Instruct (Q4_K_M, llama.cpp)"

    monkeypatch.setattr("autogen_selfdebug.models._resolve._local_client", fake_local)
    resolved = resolve_model()
    assert seen["spec"] == ModelSpec(kind="local")
    assert resolved.description.startswith("local Qwen2.5-Coder-0.5B-Instruct (Q4_K_M, llama.cpp) (the default")


def test_base_url_with_unknown_model_gets_compatible_model_info() -> None:
    resolved = resolve_model("openai:qwen2.5-coder:7b", base_url="http://localhost:11434/v1")
    assert isinstance(resolved.client, OpenAIChatCompletionClient)
    assert resolved.client.model_info == OPENAI_COMPATIBLE_MODEL_INFO
    assert resolved.description == "openai:qwen2.5-coder:7b at http://localhost:11434/v1"
    assert resolved.client.dump_component().config["base_url"] == "http://localhost:11434/v1"


def test_caller_overrides_model_info() -> None:
    info = ModelInfo(vision=True, function_calling=False, json_output=True, family="mine", structured_output=False)
    resolved = resolve_model("openai:my-model", base_url="http://127.0.0.1:8000/v1", model_info=info)
    assert resolved.client.model_info == info


def test_reasoning_models_get_no_temperature(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    config = resolve_model("openai:o3-mini").client.dump_component().config
    assert "temperature" not in config and "max_tokens" not in config


def test_base_url_needs_an_openai_spec() -> None:
    with pytest.raises(ModelSelectionError, match="base_url"):
        resolve_model(base_url="http://localhost:11434/v1")
    with pytest.raises(ModelSelectionError, match="base_url"):
        resolve_model("local", base_url="http://localhost:11434/v1")


def test_gguf_file_must_exist_and_be_gguf(tmp_path: Path) -> None:
    with pytest.raises(ModelSelectionError, match="Cannot read"):
        local_model_file(parse_model_spec(f"gguf:{tmp_path / 'missing.gguf'}"))
    bad = tmp_path / "bad.gguf"
    bad.write_bytes(b"<html>not a model</html>")
    with pytest.raises(ModelSelectionError, match="not a GGUF file"):
        local_model_file(parse_model_spec(f"gguf:{bad}"))
    good = tmp_path / "good.gguf"
    good.write_bytes(b"GGUF" + bytes(10))
    assert local_model_file(parse_model_spec(f"gguf:{good}")) == good


def test_missing_llama_cpp_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    real_import = builtins.__import__

    def no_llama(name: str, *args: Any, **kwargs: Any) -> Any:
        if name in ("_llama", "autogen_selfdebug.models._llama") or (
            args and args[2] == ("LocalLlamaChatCompletionClient",)
        ):
            raise ImportError("No module named 'llama_cpp'", name="llama_cpp")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_llama)
    with pytest.raises(ModelSelectionError, match=r"pip install 'autogen-selfdebug\[local\]'"):
        resolve_model("local")


def test_the_models_wing_has_no_import_cycle() -> None:
    """Every import between the models modules, lazy ones included, goes one way."""
    import ast
    import graphlib

    import autogen_selfdebug.models as models

    folder = Path(models.__file__).parent
    graph: dict[str, set[str]] = {}
    for path in folder.glob("_*.py"):
        if path.name == "__init__.py":
            continue
        siblings = {
            node.module
            for node in ast.walk(ast.parse(path.read_text()))
            if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module
        }
        graph[path.stem] = siblings
    assert {"_spec", "_llama", "_resolve", "_local_weights"} <= graph.keys()
    assert "_spec" in graph["_llama"] and "_llama" in graph["_resolve"]  # the edges that once made a circle
    list(graphlib.TopologicalSorter(graph).static_order())  # raises CycleError on a circle


async def test_a_structured_reply_over_http_prints_no_serializer_warning() -> None:
    """AutoGen dumps each parsed OpenAI reply for its log, which warns (openai-python#2872): only that is hidden."""
    from helpers import ScriptedServer

    reply = json.dumps({"reason": "off by one", "retry": True, "approach": "restart"})
    with ScriptedServer(lambda body: reply) as server:
        client = resolve_model("openai:scripted", base_url=server.base_url).client

        async def decide() -> None:
            messages = [UserMessage(content="Retry?", source="user")]
            token = CancellationToken()
            await call_model(
                client, messages, purpose="retry decision", cancellation_token=token, json_output=RetryDecision
            )

        def warn_once() -> None:
            warnings.warn("shown once from here", UserWarning, stacklevel=1)

        with warnings.catch_warnings(record=True) as caught:
            await decide()
            warn_once()
            # Later calls leave the filters alone: each change to them lets shown warnings show again.
            await decide()
            warn_once()
        assert not [w for w in caught if "PydanticSerializationUnexpectedValue" in str(w.message)]
        assert [str(w.message) for w in caught] == ["shown once from here"]
        # The warning is real: with every warning shown, the same call prints it.
        with warnings.catch_warnings(record=True) as shown:
            warnings.simplefilter("always")
            await decide()
        assert any("field_name='parsed'" in str(w.message) for w in shown)
        await client.close()
