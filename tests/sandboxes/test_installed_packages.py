"""Each sandbox lists its packages at start; a missing module gets a note; images with extra packages; allow_install."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import docker
import pytest
from autogen_core import CancellationToken
from autogen_core.code_executor import CodeBlock, CodeExecutor, CodeResult

from autogen_selfdebug import SandboxError
from autogen_selfdebug._packages import missing_module_note, shown_packages
from autogen_selfdebug.sandboxes import DEFAULT_IMAGE, DockerSandbox, LocalSandbox, create_sandbox
from autogen_selfdebug.sandboxes._languages import executor_languages
from autogen_selfdebug.sandboxes._packages import (
    LISTING_SCRIPT,
    PACKAGES_REPOSITORY,
    derived_image_tag,
    parse_listing,
    validate_packages,
)

REPO = Path(__file__).resolve().parents[2]


async def run(sandbox: CodeExecutor, code: str, language: str = "python") -> CodeResult:
    return await sandbox.execute_code_blocks([CodeBlock(code=code, language=language)], CancellationToken())


# -- the listing itself -------------------------------------------------------------------------


def test_listing_of_this_interpreter_has_third_party_and_no_standard_library(tmp_path: Path) -> None:
    (tmp_path / "my_own_module.py").write_text("")
    done = subprocess.run(
        [sys.executable, "-c", LISTING_SCRIPT], cwd=tmp_path, capture_output=True, text=True, check=True
    )
    names = parse_listing(done.stdout)
    assert names is not None
    assert {"pytest", "docker", "autogen_core", "pydantic"} <= set(names)
    assert not {"os", "json", "asyncio", "sys", "test", "sitecustomize"} & set(names)
    assert "my_own_module" not in names  # the current directory holds the model's files, not packages
    assert all(name.isidentifier() for name in names)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('noise\nSELFDEBUG-PACKAGES:["b", "a", "a"]\nmore noise\n', ("a", "b")),
        ("'[\"numpy\"]'", ("numpy",)),
        ("SELFDEBUG-PACKAGES:[]", ()),
        ("Traceback ...\nSyntaxError", None),
        ("SELFDEBUG-PACKAGES:{not json", None),
        ('SELFDEBUG-PACKAGES:{"a": 1}', None),
        ("'[1, 2]'", None),
    ],
)
def test_parse_listing(text: str, expected: tuple[str, ...] | None) -> None:
    assert parse_listing(text) == expected


def test_package_names_are_requirements_not_pip_options() -> None:
    assert validate_packages([" numpy ", "pandas==2.2.3", "requests[socks]>=2"]) == (
        "numpy",
        "pandas==2.2.3",
        "requests[socks]>=2",
    )
    for bad in (["--index-url=https://evil.example/simple"], ["-e", "."], [""], ["numpy; rm -rf /$(x)"]):
        with pytest.raises(ValueError, match="Not a PyPI requirement"):
            validate_packages(bad)
    with pytest.raises(ValueError, match="not one string"):
        validate_packages("numpy")


def test_derived_tag_depends_on_the_base_image_and_the_set_of_packages() -> None:
    tag = derived_image_tag("sha256:aaa", ["numpy", "pandas"])
    assert tag.startswith(f"{PACKAGES_REPOSITORY}:")
    assert tag == derived_image_tag("sha256:aaa", ["pandas", "numpy", "numpy"])
    assert tag != derived_image_tag("sha256:bbb", ["numpy", "pandas"])
    assert tag != derived_image_tag("sha256:aaa", ["numpy"])


# -- local and Jupyter sandboxes --------------------------------------------------------------------


async def test_local_sandbox_lists_what_its_code_can_import(tmp_path: Path) -> None:
    lib = tmp_path / "lib" / "selfdebug_fake_pkg"
    lib.mkdir(parents=True)
    (lib / "__init__.py").write_text("VALUE = 1\n")
    sandbox = LocalSandbox(timeout=10, extra_env={"PYTHONPATH": str(lib.parent)})
    assert sandbox.installed_packages is None and sandbox.can_install is False
    started = time.perf_counter()
    async with sandbox:
        elapsed = time.perf_counter() - started
        packages = sandbox.installed_packages
        assert packages is not None
        # The code's own environment: a package on its PYTHONPATH is listed, and importable.
        assert "selfdebug_fake_pkg" in packages and "pytest" in packages
        assert (await run(sandbox, "import selfdebug_fake_pkg; print(selfdebug_fake_pkg.VALUE)")).output == "1\n"
        assert elapsed < 2.0, f"listing the packages took {elapsed:.2f}s"
        # Listed once: a restart keeps the list.
        await sandbox.restart()
        assert sandbox.installed_packages is packages


async def test_a_failed_listing_never_fails_start(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    async with LocalSandbox(timeout=10, python_executable=str(tmp_path / "no-such-python")) as sandbox:
        assert sandbox.installed_packages is None
        assert sandbox.work_dir.is_dir()
    assert "Could not list the packages" in caplog.text


async def test_missing_module_note_from_a_real_local_run() -> None:
    async with LocalSandbox(timeout=20) as sandbox:
        result = await run(sandbox, "import json\nimport selfdebug_not_installed.sub\n")
        assert result.exit_code == 1
        note = missing_module_note(result.output, sandbox.installed_packages, can_install=sandbox.can_install)
    assert note is not None
    assert note.startswith("The module `selfdebug_not_installed` is not installed in this sandbox")
    assert "numpy, pandas" in note and "autogen_core" not in note


async def test_jupyter_kernel_lists_the_same_packages_and_leaves_no_names() -> None:
    async with LocalSandbox(timeout=10) as local:
        expected = local.installed_packages
    jupyter = create_sandbox("jupyter", timeout=20)
    assert jupyter.installed_packages is None  # type: ignore[attr-defined]
    async with jupyter:
        assert jupyter.installed_packages == expected  # type: ignore[attr-defined]
        assert jupyter.can_install is False  # type: ignore[attr-defined]
        leaked = await run(jupyter, "print(sorted(n for n in dir() if 'selfdebug' in n or n == 'ns'), len(In))")
        assert leaked.output.strip() == "[] 2"  # In holds '' and this cell: the listing was no cell
        missing = await run(jupyter, "import selfdebug_not_installed")
        note = missing_module_note(missing.output, jupyter.installed_packages)  # type: ignore[attr-defined]
        assert note is not None and "`selfdebug_not_installed` is not installed" in note


# -- Docker -----------------------------------------------------------------------------------------


def test_allow_install_needs_a_network_and_round_trips(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="allow_install=True needs a network"):
        DockerSandbox(allow_install=True)
    with pytest.raises(ValueError, match="Not a PyPI requirement"):
        DockerSandbox(packages=["--index-url=https://evil.example/simple"])
    sandbox = create_sandbox(
        "docker",
        timeout=7,
        work_dir=tmp_path,
        packages=["numpy", "pandas==2.2.3"],
        allow_install=True,
        network_mode="host",
    )
    assert isinstance(sandbox, DockerSandbox) and sandbox.can_install and sandbox.installed_packages is None
    first = sandbox.dump_component()
    assert first.config["packages"] == ["numpy", "pandas==2.2.3"] and first.config["allow_install"] is True
    again = DockerSandbox.load_component(first).dump_component()
    assert again.model_dump() == first.model_dump()
    assert DockerSandbox().dump_component().config["packages"] == []


@pytest.mark.docker
@pytest.mark.usefixtures("require_docker")
class TestDockerPackages:
    @pytest.fixture
    async def sandbox(self) -> AsyncIterator[DockerSandbox]:
        async with DockerSandbox(timeout=60) as sandbox:
            yield sandbox

    async def test_the_image_lists_pytest_and_runs_it(self, sandbox: DockerSandbox) -> None:
        packages = sandbox.installed_packages
        assert packages is not None and {"pytest", "pip"} <= set(packages)
        assert not {"os", "test", "sitecustomize", "xxlimited"} & set(packages)
        assert shown_packages(packages)[0] == "pytest"
        tests = "# filename: test_add.py\ndef test_add():\n    assert 1 + 1 == 2\n"
        assert (await run(sandbox, tests)).exit_code == 0
        result = await run(sandbox, "python -m pytest -q test_add.py", "sh")
        assert result.exit_code == 0 and "1 passed" in result.output

    async def test_missing_module_note_from_a_real_container(self, sandbox: DockerSandbox) -> None:
        result = await run(sandbox, "import numpy as np\nprint(np.zeros(2))")
        assert result.exit_code == 1
        note = missing_module_note(result.output, sandbox.installed_packages, can_install=sandbox.can_install)
        assert note is not None
        assert note.startswith("The module `numpy` is not installed in this sandbox, and packages cannot be installed")
        assert "pytest" in note

    async def test_packages_are_built_into_an_image_and_the_network_stays_off(self) -> None:
        client = docker.from_env()
        base_id = client.images.get(DEFAULT_IMAGE).id
        tag = derived_image_tag(base_id, ["six"])
        if any(tag in image.tags for image in client.images.list(name=PACKAGES_REPOSITORY)):
            client.images.remove(tag, force=True)  # build it for real, not from an earlier run's cache
        sandbox = DockerSandbox(timeout=60, packages=["six"])
        assert sandbox.run_image == DEFAULT_IMAGE
        async with sandbox:
            assert sandbox.run_image == tag
            assert sandbox.installed_packages is not None and "six" in sandbox.installed_packages
            result = await run(sandbox, "import six\nprint(six.__file__)")
            assert result.output.strip() == "/usr/local/lib/python3.11/dist-packages/six.py"
            container = client.api.inspect_container(sandbox.container_id)
            assert container["HostConfig"]["NetworkMode"] == "none"
            assert container["Config"]["Image"] == tag
        # The build script shares the build and its tag: the image is found, not built again.
        started = time.perf_counter()
        script = await asyncio.to_thread(
            subprocess.run,
            ["bash", "scripts/build-sandbox-image.sh", "--packages", "six"],
            cwd=REPO,
            capture_output=True,
            text=True,
            check=True,
            env={"PATH": "/usr/local/bin:/usr/bin:/bin", "SELFDEBUG_PYTHON": sys.executable},
        )
        assert script.stdout.strip().splitlines()[-1] == tag
        assert time.perf_counter() - started < 30
        labels = client.images.get(tag).labels
        assert labels["autogen-selfdebug.packages"] == "six" and labels["autogen-selfdebug.base"] == DEFAULT_IMAGE
        client.close()

    async def test_a_package_that_does_not_exist_is_a_clear_error(self) -> None:
        sandbox = DockerSandbox(timeout=60, packages=["selfdebug-no-such-package-zz9"])
        with pytest.raises(
            SandboxError, match=r"Could not install selfdebug-no-such-package-zz9 into the sandbox image"
        ):
            await sandbox.start()
        with pytest.raises(SandboxError, match="not started"):
            await run(sandbox, "print(1)")

    async def test_allow_install_gives_pip_and_a_user_install_target(self) -> None:
        # The engine here has no bridge; "host" is the network that exists. No package is installed:
        # see docs/sandboxes.md for why PyPI is not reachable from a container on this machine.
        async with DockerSandbox(timeout=60, network_mode="host", allow_install=True) as sandbox:
            assert sandbox.can_install
            code = "python3 -m pip --version && echo $PIP_BREAK_SYSTEM_PACKAGES $PIP_USER $PYTHONUSERBASE"
            result = await run(sandbox, code, "sh")
            assert result.exit_code == 0, result.output
            assert "pip 23" in result.output and "1 1 /tmp/selfdebug-pip" in result.output
            note = missing_module_note(
                "ModuleNotFoundError: No module named 'numpy'", sandbox.installed_packages, can_install=True
            )
            assert note is not None and "pip install NAME" in note


def test_build_script_rejects_bad_arguments() -> None:
    for argv, message in (
        (["--packages"], "--packages needs at least one package"),
        (["--tag", "x:1"], "--tag names the image built with --packages"),
        (["--bogus"], "unknown option --bogus"),
    ):
        done = subprocess.run(
            ["bash", "scripts/build-sandbox-image.sh", *argv], cwd=REPO, capture_output=True, text=True, check=False
        )
        assert done.returncode == 2 and message in done.stderr


async def test_the_agent_lists_no_packages_up_front_and_explains_a_missing_module(tmp_path: Path) -> None:
    from autogen_selfdebug import SelfDebuggingCodeExecutorAgent
    from helpers import decision, py, scripted

    client = scripted([py("import numpyy\nprint(numpyy.zeros(3))"), decision(True, "typo"), py("print(3)")])
    async with LocalSandbox(timeout=30, work_dir=tmp_path) as sandbox:
        agent = SelfDebuggingCodeExecutorAgent("coder", sandbox, model_client=client, reflect_on_success=False)
        await agent.run(task="Print three zeros.")
        assert sandbox.installed_packages
    # A list of the ~150 packages here made the 0.5B model answer with imports: the system message
    # is the default one, whatever the sandbox has.
    system = str(client.create_calls[0]["messages"][0].content)
    languages = ", ".join(executor_languages(sandbox, None))
    assert system == SelfDebuggingCodeExecutorAgent.DEFAULT_SYSTEM_MESSAGE.replace("{languages}", languages)
    feedback = agent.attempts[0].output
    assert "numpyy" in feedback and "not installed" in feedback
    # The note on the missing module was in the context the next attempt saw.
    assert any(
        "numpyy" in str(m.content) and "not installed" in str(m.content) for m in client.create_calls[2]["messages"]
    )
