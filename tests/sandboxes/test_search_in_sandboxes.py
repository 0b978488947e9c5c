"""The patch search runs inside the Docker sandbox, never on the host, in all three languages."""

from __future__ import annotations

import asyncio
import time

import docker
import pytest
from autogen_core import CancellationToken
from autogen_core.code_executor import CodeBlock, CodeResult

from autogen_selfdebug import create_sandbox
from autogen_selfdebug.cli import EXAMPLES, BrokenProgram
from autogen_selfdebug.repair import SearchBudget, search_patches
from autogen_selfdebug.sandboxes import DockerSandbox
from helpers import cancel_a_search_then_search_again


@pytest.mark.docker
@pytest.mark.usefixtures("require_docker")
@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.language)
async def test_the_search_runs_in_docker(example: BrokenProgram) -> None:
    async with create_sandbox("docker", timeout=60) as box:
        languages: list[str] = []

        async def execute(blocks: list[CodeBlock], token: CancellationToken) -> CodeResult:
            languages.extend(b.language for b in blocks)
            return await box.execute_code_blocks(blocks, cancellation_token=token)

        result = await search_patches(
            example.source,
            language=example.language,
            tests=example.tests,
            execute=execute,
            cancellation_token=CancellationToken(),
        )
    assert result.fix is not None, result.summary()
    # Every run went through the container: the baseline, the localization and the batches.
    assert len(languages) >= 3


@pytest.mark.docker
@pytest.mark.usefixtures("require_docker")
@pytest.mark.parametrize(
    ("language", "program", "tests"),
    [
        ("python", "def f(a, b):\n    return a - b\n", "assert f(2, 2) == 4"),
        ("javascript", "function f(a, b) {\n  return a - b;\n}\n", "console.assert(f(2, 2) === 4);"),
        (
            "typescript",
            "function f(a: number, b: number): number {\n  return a - b;\n}\n",
            "console.assert(f(2, 2) === 4);",
        ),
    ],
)
async def test_weak_tests_budgets_and_hangs_in_docker(language: str, program: str, tests: str) -> None:
    async with create_sandbox("docker", timeout=60) as box:

        async def execute(blocks: list[CodeBlock], token: CancellationToken) -> CodeResult:
            return await box.execute_code_blocks(blocks, cancellation_token=token)

        weak = await search_patches(
            program, language=language, tests=tests, execute=execute, cancellation_token=CancellationToken()
        )
        assert weak.fix is not None and weak.fix.patch.description == "`a - b` changed to `a + b` on line 2"
        assert f"{len(weak.passing)} different patches pass these tests" in weak.summary()
        # A loop that a candidate makes endless is cut off inside the container.
        looping = (
            program.replace("a - b", "a - b + (() => { while (true) {} })()")
            if language != "python"
            else ("def f(a, b):\n    while a - b != 4:\n        pass\n    return a - b\n")
        )
        capped = await search_patches(
            looping,
            language=language,
            tests=tests,
            execute=execute,
            cancellation_token=CancellationToken(),
            budget=SearchBudget(max_candidates=6, batch_size=3, candidate_timeout=1.0),
        )
        # The endless baseline is cut off at 1 s, and the budget holds: no 60 s sandbox timeout is spent.
        assert capped.baseline is not None and not capped.baseline.all_passed
        assert capped.tried <= 6 and capped.seconds < 30


@pytest.mark.docker
@pytest.mark.usefixtures("require_docker")
async def test_a_cancelled_search_in_docker_leaves_its_folder_to_the_next_one() -> None:
    # Cancelled mid-batch, the container's processes are killed outright (`kill -9 -1`): the driver
    # cannot remove its folder, so the next driver in the same container does.
    engine = docker.from_env()
    async with DockerSandbox(timeout=60) as box:

        def drivers() -> list[str]:
            # A separate exec, outside the sandbox's own: listing through the sandbox would end the run.
            assert box.container_id is not None
            container = engine.containers.get(box.container_id)
            _, out = container.exec_run(["sh", "-c", "ls -d /tmp/sd-driver-* 2>/dev/null || true"])
            return str(out.decode()).split()

        after_cancel, after_next = await cancel_a_search_then_search_again(box, drivers)
    engine.close()
    assert after_cancel != [] and after_next == []


# Per language: a program whose every run hangs, and one the search fixes at once; the tests of each.
PROGRAMS = {
    "python": (
        ("def f(n):\n    while n > 0:\n        n += 1\n    return n\n", "assert f(3) == 0"),
        ("def g(a, b):\n    return a - b\n", "assert g(2, 3) == 5"),
    ),
    "javascript": (
        ("function f(n) {\n  while (n > 0) {\n    n += 1;\n  }\n  return n;\n}\n", "console.assert(f(3) === 0);"),
        ("function g(a, b) {\n  return a - b;\n}\n", "console.assert(g(2, 3) === 5);"),
    ),
    "typescript": (
        (
            "function f(n: number): number {\n  while (n > 0) {\n    n += 1;\n  }\n  return n;\n}\n",
            "console.assert(f(3) === 0);",
        ),
        ("function g(a: number, b: number): number {\n  return a - b;\n}\n", "console.assert(g(2, 3) === 5);"),
    ),
}


@pytest.mark.docker
@pytest.mark.usefixtures("require_docker")
async def test_a_search_cancelled_in_docker_stops_at_once_and_the_sandbox_runs_on() -> None:
    async with DockerSandbox(timeout=60) as box:  # one container for the three languages: each start takes seconds

        async def execute(blocks: list[CodeBlock], token: CancellationToken) -> CodeResult:
            return await box.execute_code_blocks(blocks, cancellation_token=token)

        for language, ((hangs, hang_tests), (subtracts, add_tests)) in PROGRAMS.items():
            token = CancellationToken()
            asyncio.get_running_loop().call_later(3.0, token.cancel)  # every run of it would take 30 s
            started = time.monotonic()
            with pytest.raises(asyncio.CancelledError):
                await search_patches(
                    hangs,
                    language=language,
                    tests=hang_tests,
                    execute=execute,
                    cancellation_token=token,
                    budget=SearchBudget(candidate_timeout=30.0),
                )
            assert time.monotonic() - started < 15, language
            fixed = await search_patches(
                subtracts, language=language, tests=add_tests, execute=execute, cancellation_token=CancellationToken()
            )
            assert fixed.fix is not None and "a + b" in fixed.fix.source, fixed.summary()
