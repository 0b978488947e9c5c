"""create_sandbox, component round trips for every kind, and the Jupyter sandbox."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from autogen_core import CancellationToken, ComponentModel
from autogen_core.code_executor import CodeBlock, CodeExecutor, CodeResult

from autogen_selfdebug import SandboxError
from autogen_selfdebug._feedback import no_input_note
from autogen_selfdebug.sandboxes import (
    SANDBOX_KINDS,
    DockerSandbox,
    LocalSandbox,
    create_sandbox,
    normalize_language,
)


async def run(sandbox: CodeExecutor, code: str, language: str = "python") -> CodeResult:
    return await sandbox.execute_code_blocks([CodeBlock(code=code, language=language)], CancellationToken())


@pytest.mark.parametrize(
    ("tag", "expected"),
    [
        ("py", "python"),
        ("Python3", "python"),
        ("js", "javascript"),
        ("node", "javascript"),
        ("TS", "typescript"),
        ("shell", "sh"),
        ("bash", "bash"),
        (" ruby ", "ruby"),
    ],
)
def test_normalize_language(tag: str, expected: str) -> None:
    assert normalize_language(tag) == expected


def test_create_sandbox_builds_each_kind_without_side_effects(tmp_path: Path) -> None:
    local = create_sandbox("local", timeout=5, work_dir=tmp_path / "local")
    docker = create_sandbox("docker", timeout=5, work_dir=tmp_path / "docker", docker_host="tcp://127.0.0.1:1")
    assert isinstance(local, LocalSandbox) and isinstance(docker, DockerSandbox)
    assert not (tmp_path / "local").exists() and not (tmp_path / "docker").exists()
    assert set(SANDBOX_KINDS) == {"local", "docker", "jupyter"}


def test_create_sandbox_rejects_bad_input() -> None:
    with pytest.raises(SandboxError, match="Unknown sandbox kind"):
        create_sandbox("vm")  # type: ignore[arg-type]
    with pytest.raises(SandboxError, match="Bad option for the local sandbox"):
        create_sandbox("local", mem_limit="1g")


@pytest.mark.parametrize(
    ("kind", "options"),
    [
        ("local", {"keep_work_dir": True, "pass_env": ["FOO"], "extra_env": {"A": "b"}, "max_output_bytes": 99}),
        (
            "docker",
            {
                "image": "img:1",
                "mem_limit": "1g",
                "pids_limit": 64,
                "cpus": 0.5,
                "network_mode": "none",
                "user": "1000:1000",
                "extra_env": {"A": "b"},
                "docker_host": "unix:///x.sock",
            },
        ),
        ("jupyter", {"kernel_name": "python3", "pass_env": ["FOO"], "keep_work_dir": True}),
    ],
)
def test_dump_load_dump_is_identical(kind: str, options: dict[str, object], tmp_path: Path) -> None:
    sandbox = create_sandbox(kind, timeout=7, work_dir=tmp_path, **options)  # type: ignore[arg-type]
    first = sandbox.dump_component()
    assert first.provider == f"autogen_selfdebug.sandboxes.{type(sandbox).__name__}"
    loaded = CodeExecutor.load_component(ComponentModel.model_validate_json(first.model_dump_json()))
    assert type(loaded) is type(sandbox)
    assert loaded.dump_component().model_dump() == first.model_dump()
    for key, value in options.items():
        assert first.config[key] == value


@pytest.fixture
async def jupyter() -> object:
    sandbox = create_sandbox("jupyter", timeout=5)
    async with sandbox:
        yield sandbox


async def test_jupyter_state_survives_between_attempts(jupyter: CodeExecutor) -> None:
    assert jupyter.supported_languages == ["python"]  # type: ignore[attr-defined]
    assert (await run(jupyter, "answer = 41")).exit_code == 0
    result = await run(jupyter, "print(answer + 1)", "py")
    assert (result.exit_code, result.output.strip()) == (0, "42")


async def test_jupyter_timeout_keeps_output_and_state(jupyter: CodeExecutor) -> None:
    await run(jupyter, "kept = 'yes'")
    started = time.monotonic()
    result = await run(jupyter, "print('partial', flush=True)\nwhile True:\n    pass")
    assert time.monotonic() - started < 15
    assert result.exit_code == 124
    assert "partial" in result.output
    assert (await run(jupyter, "print(kept)")).output.strip() == "yes"


async def test_jupyter_errors_and_languages_are_data(jupyter: CodeExecutor) -> None:
    error = await run(jupyter, "1 / 0")
    assert error.exit_code == 1 and "ZeroDivisionError" in error.output
    other = await run(jupyter, "echo hi", "sh")
    assert other.exit_code == 1 and "unsupported language" in other.output
    # The kernel takes no input from a sandbox: input() fails at once, and the note says why.
    waits = await run(jupyter, 'input("name? ")')
    assert waits.exit_code == 1 and no_input_note(waits.output) is not None


async def test_jupyter_hides_secrets(jupyter: CodeExecutor, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-secret")
    result = await run(jupyter, "import os\nprint(os.environ.get('OPENAI_API_KEY', 'absent'), os.getcwd())")
    key, cwd = result.output.split()
    assert key == "absent"
    assert cwd == str(jupyter.work_dir)  # type: ignore[attr-defined]


async def test_jupyter_figures_are_saved_and_named_in_the_output(jupyter: CodeExecutor) -> None:
    code = "import matplotlib.pyplot as plt\nplt.bar(['a', 'b'], [3, 5])\nplt.show()"
    result = await run(jupyter, code)
    assert result.exit_code == 0, result.output
    figures = jupyter.figures  # type: ignore[attr-defined]
    assert len(figures) == 1 and f"[figure saved to {figures[0]}]" in result.output
    assert figures[0].read_bytes().startswith(b"\x89PNG")
