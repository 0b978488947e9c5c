"""One hostile-code contract, run against every command-line sandbox with a real backend.

Each case checks that the host is untouched and that the sandbox keeps working afterwards.
"""

from __future__ import annotations

import asyncio
import re
import signal
import sys
import time
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any, ClassVar

import docker
import pytest
from autogen_core import CancellationToken, ComponentModel
from autogen_core.code_executor import CodeBlock, CodeExecutor, CodeResult

from autogen_selfdebug import SandboxError, Verifier
from autogen_selfdebug._feedback import no_input_note
from autogen_selfdebug.sandboxes import DockerSandbox, LocalSandbox
from helpers import CTRL_C_HANDLER

SECRETS = {
    "OPENAI_API_KEY": "sk-test-secret",
    "ANTHROPIC_API_KEY": "sk-ant-secret",
    "AWS_SECRET_ACCESS_KEY": "aws-secret",
    "GITHUB_TOKEN": "ghp_secret",
    "DB_PASSWORD": "hunter2",
}

PROGRAMS = {
    "python": "import sys\nprint('hello from', sys.version_info[0])",
    "bash": 'words=(hello from bash); echo "${words[@]}"',
    "sh": "echo hello from sh",
    "javascript": "const f = (n) => (n <= 1 ? 1 : n * f(n - 1));\nconsole.log('hello from js', f(5));",
    "typescript": (
        "interface Point { x: number; y: number }\n"
        "function norm(p: Point): number { return Math.sqrt(p.x * p.x + p.y * p.y); }\n"
        "console.log('hello from ts', norm({ x: 3, y: 4 }));"
    ),
}
EXPECTED = {
    "python": "hello from 3",
    "bash": "hello from bash",
    "sh": "hello from sh",
    "javascript": "hello from js 120",
    "typescript": "hello from ts 5",
}


async def run(sandbox: CodeExecutor, code: str, language: str = "python") -> CodeResult:
    return await sandbox.execute_code_blocks([CodeBlock(code=code, language=language)], CancellationToken())


async def assert_still_works(sandbox: CodeExecutor) -> None:
    result = await run(sandbox, "print('still alive')")
    assert (result.exit_code, result.output.strip()) == (0, "still alive")


def process_gone(pid: int) -> bool:
    """The process has exited (a zombie waiting to be reaped counts as gone)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z"
    except FileNotFoundError:
        return True


def peak_rss_reset() -> bool:
    """Reset this process's peak RSS (Linux only); False where that is not possible."""
    try:
        Path("/proc/self/clear_refs").write_text("5")
    except OSError:
        return False
    return True


def peak_rss_bytes() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmHWM in /proc/self/status")


class SandboxContract:
    """The cases every sandbox passes. Subclasses say how to build the sandbox."""

    timeout: ClassVar[int] = 4
    # tsc alone takes about 3 s on the Docker sandbox's one CPU, and longer on a busy machine.
    compile_timeout: ClassVar[int] = 30
    max_output_bytes: ClassVar[int] = 100_000

    def make(self, **options: Any) -> CodeExecutor:
        raise NotImplementedError

    @pytest.fixture
    async def sandbox(self) -> AsyncIterator[CodeExecutor]:
        sandbox = self.make(timeout=self.timeout, max_output_bytes=self.max_output_bytes)
        async with sandbox:
            yield sandbox

    @pytest.fixture
    async def compiling_sandbox(self) -> AsyncIterator[CodeExecutor]:
        """For runs through tsc, whose time is not what these tests check."""
        sandbox = self.make(timeout=self.compile_timeout, max_output_bytes=self.max_output_bytes)
        async with sandbox:
            yield sandbox

    @pytest.mark.parametrize("language", sorted(PROGRAMS))
    async def test_runs_each_language(self, compiling_sandbox: CodeExecutor, language: str) -> None:
        assert language in compiling_sandbox.supported_languages  # type: ignore[attr-defined]
        result = await run(compiling_sandbox, PROGRAMS[language], language)
        assert result.exit_code == 0, result.output
        assert result.output.strip() == EXPECTED[language]

    @pytest.mark.parametrize(("alias", "language"), [("py", "python"), ("JS", "javascript"), ("ts", "typescript")])
    async def test_aliases_are_normalised(self, compiling_sandbox: CodeExecutor, alias: str, language: str) -> None:
        result = await run(compiling_sandbox, PROGRAMS[language], alias)
        assert result.output.strip() == EXPECTED[language]

    async def test_typescript_type_errors_fail_the_run(self, compiling_sandbox: CodeExecutor) -> None:
        result = await run(compiling_sandbox, "const n: number = 'text';\nconsole.log('ran');", "typescript")
        assert result.exit_code != 0
        assert "TS2322" in result.output
        assert "ran" not in result.output

    async def test_a_javascript_es_module_runs_as_commonjs_as_the_search_runs_it(
        self, compiling_sandbox: CodeExecutor
    ) -> None:
        # Before, node 18 (the Docker image's) refused it ("SyntaxError: Unexpected token 'export'"), and node 20 ran
        # it as a module without `require`, which the tests' harness needs.
        code = (
            'import { EOL } from "os";\nexport function twice(x) {\n  return x * 2;\n}\n'
            "console.log(twice(2), typeof require, typeof module.exports.twice, EOL.length);"
        )
        result = await run(compiling_sandbox, code, "javascript")
        assert (result.exit_code, result.output.strip()) == (0, "4 function function 1"), result.output

    async def test_typescript_names_the_dom_declares_are_the_programs_own(
        self, compiling_sandbox: CodeExecutor
    ) -> None:
        # As a script, each of these failed to compile (TS2451, "Cannot redeclare block-scoped variable").
        code = 'const name = "ann";\nconst top = [1, 2].pop();\nlet status = 3;\nconsole.log(name, top, status);'
        result = await run(compiling_sandbox, code, "typescript")
        assert (result.exit_code, result.output.strip()) == (0, "ann 2 3"), result.output

    @pytest.mark.parametrize(
        "code",
        [
            'import * as os from "os";\nconst name = "ann";\nconsole.log(name, typeof os.EOL);',
            'const name = "ann";\nconsole.log(name, "string");\nexport = name;',
        ],
        ids=["import", "export-assignment"],
    )
    async def test_typescript_modules_run_as_written(self, compiling_sandbox: CodeExecutor, code: str) -> None:
        # The sandbox ends every TypeScript file with `export {}`: it must not get in a module's way.
        result = await run(compiling_sandbox, code, "typescript")
        assert (result.exit_code, result.output.strip()) == (0, "ann string"), result.output

    async def test_typescript_stack_traces_name_the_typescript_lines(self, compiling_sandbox: CodeExecutor) -> None:
        # The interface is erased from the emitted JavaScript, so its lines would be off by three without the map.
        code = (
            'interface P {\n  x: number;\n}\nfunction f(p: P): number {\n  throw new Error("boom " + p.x);\n}\n'
            "f({ x: 1 });"
        )
        result = await run(compiling_sandbox, code, "typescript")
        assert result.exit_code != 0 and "Error: boom 1" in result.output
        assert ".ts:5:" in result.output and ".ts:7:" in result.output, result.output

    async def test_unsupported_language_is_reported_as_data(self, sandbox: CodeExecutor) -> None:
        result = await run(sandbox, "puts 1", "ruby")
        assert result.exit_code != 0
        assert "unsupported language" in result.output
        await assert_still_works(sandbox)

    async def test_failure_reports_exit_code_and_traceback(self, sandbox: CodeExecutor) -> None:
        result = await run(sandbox, "print('before')\nraise SystemExit(3)")
        assert result.exit_code == 3
        assert "before" in result.output

    async def test_reading_input_finds_none_at_once_and_the_note_says_why(self, sandbox: CodeExecutor) -> None:
        started = time.monotonic()
        result = await run(sandbox, 'name = input("name? ")\nprint("got", name)')
        assert result.exit_code == 1 and "got" not in result.output
        assert time.monotonic() - started < self.timeout  # never waits for a person to type
        assert no_input_note(result.output) is not None

    async def test_files_persist_between_executions(self, sandbox: CodeExecutor) -> None:
        await run(sandbox, "open('state.txt', 'w').write('kept')")
        result = await run(sandbox, "print(open('state.txt').read())")
        assert result.output.strip() == "kept"

    async def test_infinite_loop_times_out_and_keeps_partial_output(self, sandbox: CodeExecutor) -> None:
        started = time.monotonic()
        result = await run(sandbox, "print('partial output', flush=False)\nwhile True:\n    pass")
        # Guaranteed: the in-sandbox timeout, or at worst the host-side guard 10 s later.
        assert time.monotonic() - started < self.timeout + 15
        assert result.exit_code == 124
        assert "partial output" in result.output
        assert "timeout" in result.output
        await assert_still_works(sandbox)

    async def test_a_program_stopped_by_the_limit_says_where_it_was(self, sandbox: CodeExecutor) -> None:
        # No tests, so no harness to stop it early: the limit's Ctrl-C makes Python print its traceback.
        program = "def spin(n):\n    while n != 1:\n        n = 3 * n - 1\n    return n\n\n\nprint(spin(7))\n"
        result = await run(sandbox, program)
        assert result.exit_code == 124 and "timeout" in result.output
        # Stopped inside the loop, on its test or its body.
        assert "line 7, in <module>" in result.output and re.search("line [23], in spin", result.output), result.output
        check = await Verifier(sandbox).check([CodeBlock(code=program, language="python")], CancellationToken())
        assert check.exit_code == 124 and check.error_name() == "TimeoutError"
        await assert_still_works(sandbox)

    async def test_a_hanging_check_stops_before_the_limit_and_says_where(self, sandbox: CodeExecutor) -> None:
        # Newton's square root with the loop's test on guess, not guess squared: sqrt(4) never ends.
        program = (
            "def sqrt(x, epsilon=1e-9):\n"
            "    guess = x / 2 or 1.0\n"
            "    while abs(x - guess) > epsilon:\n"
            "        guess = (guess + x / guess) / 2\n"
            "    return guess\n"
        )
        tests = "assert abs(sqrt(1) - 1) < 1e-6\nassert abs(sqrt(4) - 2) < 1e-6\nassert sqrt(9) == 3\n"
        started = time.monotonic()
        blocks = [CodeBlock(code=program, language="python")]
        check = await Verifier(sandbox, tests=tests).check(blocks, CancellationToken())
        assert time.monotonic() - started < self.timeout
        assert check.exit_code == 124 and check.error_name() == "TimeoutError"
        assert check.report is not None and check.report.unfinished is None
        passed, hung = check.report.results  # the third check never runs
        assert passed.passed and hung.source == "abs(sqrt(4) - 2) < 1e-6"
        assert hung.hung is not None and hung.hung.startswith("still running after")
        assert hung.where == "line 3: while abs(x - guess) > epsilon:" and hung.locals is not None
        assert "guess=2.0" in hung.locals
        assert hung.trace is not None and any(step.startswith("line 4: guess = ") for step in hung.trace)
        await assert_still_works(sandbox)

    async def test_shell_timeout_kills_child_processes(self, sandbox: CodeExecutor) -> None:
        result = await run(sandbox, "echo started; sleep 600; echo never", "sh")
        assert result.exit_code == 124
        assert "started" in result.output and "never" not in result.output
        await assert_still_works(sandbox)

    async def test_huge_output_is_capped_and_memory_stays_bounded(self, sandbox: CodeExecutor) -> None:
        code = "import sys\nfor _ in range(50):\n    sys.stdout.write('x' * (1 << 20))\nprint('THE END')"
        can_measure = peak_rss_reset()
        before = peak_rss_bytes() if can_measure else 0
        result = await run(sandbox, code)
        assert result.exit_code == 0
        assert len(result.output) < self.max_output_bytes + 200
        assert "bytes of output omitted" in result.output
        assert result.output.rstrip().endswith("THE END")
        if can_measure:
            assert peak_rss_bytes() - before < 30 * 2**20
        await assert_still_works(sandbox)

    async def test_secrets_are_not_visible(self, sandbox: CodeExecutor, monkeypatch: pytest.MonkeyPatch) -> None:
        for name, value in SECRETS.items():
            monkeypatch.setenv(name, value)
        code = "import os, json\nprint(json.dumps(dict(os.environ)))"
        result = await run(sandbox, code)
        assert result.exit_code == 0
        for name, value in SECRETS.items():
            assert name not in result.output
            assert value not in result.output
        shell = await run(sandbox, 'echo "key=${OPENAI_API_KEY:-absent}"', "sh")
        assert shell.output.strip() == "key=absent"

    async def test_cancellation_stops_the_run(self, sandbox: CodeExecutor) -> None:
        token = CancellationToken()
        task = asyncio.create_task(sandbox.execute_code_blocks([CodeBlock(code="sleep 600", language="sh")], token))
        await asyncio.sleep(1)
        started = time.monotonic()
        token.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert time.monotonic() - started < 5
        await assert_still_works(sandbox)

    async def test_fork_bomb_is_contained(self, sandbox: CodeExecutor) -> None:
        pytest.skip("only sandboxes with a process limit run the fork bomb")

    async def test_restart_gives_a_fresh_work_dir(self, sandbox: CodeExecutor) -> None:
        await run(sandbox, "open('state.txt', 'w').write('old')")
        await sandbox.restart()
        result = await run(sandbox, "import os\nprint(os.path.exists('state.txt'))")
        assert result.output.strip() == "False"

    async def test_work_dir_is_removed_on_stop(self) -> None:
        sandbox = self.make(timeout=self.timeout)
        await sandbox.start()
        work_dir: Path = sandbox.work_dir  # type: ignore[attr-defined]
        await run(sandbox, "open('f.txt', 'w').write('x')")
        assert (work_dir / "f.txt").exists()
        await sandbox.stop()
        assert not await asyncio.to_thread(work_dir.exists)
        await sandbox.stop()  # twice is fine

    async def test_execute_before_start_is_a_clear_error(self) -> None:
        with pytest.raises(SandboxError, match="not started"):
            await run(self.make(), "print(1)")

    def test_config_round_trip(self) -> None:
        sandbox = self.make(timeout=17, max_output_bytes=1234)
        dumped = sandbox.dump_component()
        again = ComponentModel.model_validate(dumped.model_dump()).model_dump()
        assert CodeExecutor.load_component(dumped).dump_component().model_dump() == again
        assert dumped.config["timeout"] == 17


class TestLocalSandbox(SandboxContract):
    def make(self, **options: Any) -> CodeExecutor:
        return LocalSandbox(**options)

    async def test_fork_bomb_is_contained(self, sandbox: CodeExecutor) -> None:
        pytest.skip(
            "the local sandbox has no process limit (RLIMIT_NPROC counts all of a user's processes and "
            "does not bind root); a fork bomb would take down the machine. Use the Docker sandbox."
        )

    async def test_background_processes_are_killed_after_the_run(self, sandbox: CodeExecutor) -> None:
        marker = f"selfdebug-{uuid.uuid4().hex}"
        result = await run(sandbox, f"sleep 600 & echo {marker} $!", "sh")
        assert result.exit_code == 0
        pid = int(result.output.split()[-1])
        await asyncio.sleep(0.2)
        assert process_gone(pid)

    async def test_a_host_that_ignores_ctrl_c_still_learns_where_the_program_was(self, sandbox: CodeExecutor) -> None:
        # A host started in the background by a script ignores SIGINT, and its children inherit that.
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            result = await run(sandbox, "while True:\n    pass\n")
        finally:
            signal.signal(signal.SIGINT, previous)
        assert result.exit_code == 124 and "KeyboardInterrupt" in result.output, result.output
        assert re.search("line [12], in <module>", result.output), result.output

    async def test_home_is_the_work_dir(self, sandbox: CodeExecutor) -> None:
        result = await run(sandbox, "import os\nprint(os.environ['HOME'])")
        assert result.output.strip() == str(sandbox.work_dir)  # type: ignore[attr-defined]

    async def test_extra_env_and_pass_env(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setenv("MY_SETTING", "from-parent")
        sandbox = LocalSandbox(pass_env=["MY_SETTING"], extra_env={"OTHER": "set"})
        async with sandbox:
            result = await run(sandbox, "import os\nprint(os.environ['MY_SETTING'], os.environ['OTHER'])")
        assert result.output.strip() == "from-parent set"

    async def test_work_dir_parent_is_used(self, tmp_path: Path) -> None:
        async with LocalSandbox(work_dir=tmp_path, keep_work_dir=True) as sandbox:
            run_dir = sandbox.work_dir
        assert run_dir.parent == tmp_path and run_dir.exists()


@pytest.mark.docker
@pytest.mark.usefixtures("require_docker")
class TestDockerSandbox(SandboxContract):
    def make(self, **options: Any) -> CodeExecutor:
        return DockerSandbox(**options)

    async def test_fork_bomb_is_contained(self, sandbox: CodeExecutor) -> None:
        result = await run(sandbox, ":(){ :|:& };:\nsleep 2", "bash")
        assert result.exit_code is not None
        await assert_still_works(sandbox)

    async def test_memory_limit_holds(self) -> None:
        async with DockerSandbox(timeout=20, mem_limit="128m") as sandbox:
            result = await run(sandbox, "blocks = []\nwhile True:\n    blocks.append(bytearray(10 * 2**20))")
            assert result.exit_code == 137
            await assert_still_works(sandbox)

    async def test_network_is_disabled(self, sandbox: CodeExecutor) -> None:
        # Checked from inside without sending traffic anywhere: loopback is the only interface,
        # there is no route, and name resolution fails.
        code = (
            "import os, socket\n"
            "print('interfaces:', sorted(os.listdir('/sys/class/net')))\n"
            "routes = open('/proc/net/route').read().splitlines()[1:]\n"
            "print('routes:', len(routes))\n"
            "try:\n"
            "    socket.getaddrinfo('pypi.org', 443)\n"
            "    print('RESOLVED')\n"
            "except OSError as error:\n"
            "    print('no dns:', error)\n"
        )
        result = await run(sandbox, code)
        assert "interfaces: ['lo']" in result.output and "routes: 0" in result.output, result.output
        assert "no dns:" in result.output and "RESOLVED" not in result.output

    async def test_container_is_reused_across_executions(self, sandbox: DockerSandbox) -> None:
        first = sandbox.container_id
        for _ in range(3):
            assert (await run(sandbox, "print('again')")).exit_code == 0
        assert first is not None and sandbox.container_id == first

    async def test_writes_outside_the_work_dir_do_not_reach_the_host(self, sandbox: CodeExecutor) -> None:
        name = f"selfdebug-escape-{uuid.uuid4().hex}"
        code = (
            "import os\n"
            f"for path in ['/tmp/{name}', '/{name}', '../{name}', os.path.expanduser('~/../{name}')]:\n"
            "    try:\n"
            "        open(path, 'w').write('escaped')\n"
            "    except OSError as error:\n"
            "        print('refused', path, error)\n"
            "open('inside.txt', 'w').write('ok')\n"
        )
        result = await run(sandbox, code)
        assert result.exit_code == 0, result.output
        work_dir: Path = sandbox.work_dir  # type: ignore[attr-defined]
        for host_path in (Path("/tmp") / name, Path("/") / name, work_dir.parent / name):
            assert not host_path.exists()
        assert (work_dir / "inside.txt").read_text() == "ok"

    async def test_container_killed_mid_run_is_a_clear_error_then_recovers(self, sandbox: DockerSandbox) -> None:
        first = sandbox.container_id
        assert first is not None
        task = asyncio.create_task(run(sandbox, "echo running; sleep 600", "sh"))
        await asyncio.sleep(1.5)
        client = docker.from_env()
        await asyncio.to_thread(client.api.kill, first)
        with pytest.raises(SandboxError, match="container stopped"):
            await task
        await assert_still_works(sandbox)
        assert sandbox.container_id not in (None, first)
        client.close()

    async def test_stop_removes_the_container(self) -> None:
        sandbox = DockerSandbox(timeout=5)
        await sandbox.start()
        container_id = sandbox.container_id
        await sandbox.stop()
        client = docker.from_env()
        assert not client.api.containers(all=True, filters={"id": container_id})
        client.close()

    async def test_exception_inside_async_with_removes_the_container(self) -> None:
        sandbox = DockerSandbox(timeout=5)
        with pytest.raises(RuntimeError):
            async with sandbox:
                container_id = sandbox.container_id
                raise RuntimeError("boom")
        client = docker.from_env()
        assert not client.api.containers(all=True, filters={"id": container_id})
        client.close()

    @pytest.mark.parametrize("how", ["SIGINT", "SIGKILL"])
    async def test_no_container_left_behind_when_the_process_dies(self, how: str, tmp_path: Path) -> None:
        script = tmp_path / "run.py"
        script.write_text(
            CTRL_C_HANDLER + "import asyncio\n"
            "from autogen_selfdebug.sandboxes import DockerSandbox\n"
            "async def main():\n"
            "    async with DockerSandbox(timeout=5) as sandbox:\n"
            "        print(sandbox.container_id, flush=True)\n"
            "        await asyncio.sleep(600)\n"
            "asyncio.run(main())\n"
        )
        proc = await asyncio.create_subprocess_exec(
            sys.executable, str(script), stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL
        )
        assert proc.stdout is not None
        container_id = (await asyncio.wait_for(proc.stdout.readline(), 60)).decode().strip()
        assert container_id
        proc.send_signal(2 if how == "SIGINT" else 9)
        await asyncio.wait_for(proc.wait(), 60)
        client = docker.from_env()
        if how == "SIGKILL":
            # Killed outright, nothing in the process could clean up: the next sandbox does.
            assert client.api.containers(all=True, filters={"id": container_id})
            async with DockerSandbox(timeout=5):
                pass
        assert not client.api.containers(all=True, filters={"id": container_id})
        client.close()


class TestDockerEngineMissing:
    async def test_bogus_docker_host_is_a_clear_error(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setenv("DOCKER_HOST", "unix:///nonexistent/docker.sock")
        sandbox = DockerSandbox()
        with pytest.raises(SandboxError, match=r"scripts/docker-engine\.sh"):
            await sandbox.start()
        with pytest.raises(SandboxError, match="not started"):
            await run(sandbox, "print(1)")
        await sandbox.stop()

    async def test_bogus_docker_host_option(self) -> None:
        with pytest.raises(SandboxError, match="No Docker engine answers"):
            await DockerSandbox(docker_host="tcp://127.0.0.1:1").start()

    @pytest.mark.docker
    @pytest.mark.usefixtures("require_docker")
    async def test_missing_image_is_a_clear_error(self) -> None:
        with pytest.raises(SandboxError, match=r"scripts/build-sandbox-image\.sh"):
            await DockerSandbox("autogen-selfdebug-no-such-image:0").start()
