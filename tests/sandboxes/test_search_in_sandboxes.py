"""The patch search runs inside the Docker sandbox, never on the host, in all three languages."""

from __future__ import annotations

import pytest
from autogen_core import CancellationToken
from autogen_core.code_executor import CodeBlock, CodeResult

from autogen_selfdebug import create_sandbox
from autogen_selfdebug.cli import EXAMPLES, BrokenProgram
from autogen_selfdebug.repair import search_patches


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
