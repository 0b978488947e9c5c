"""The three example programs (Python, JavaScript, TypeScript) through the agent, in each sandbox.

A scripted model first sends the broken program (exit code 0, but the fixed tests fail), then the
fix; the agent must see the failure in the tests and pass on the second attempt.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from autogen_agentchat.messages import CodeExecutionEvent
from autogen_core.code_executor import CodeExecutor

from autogen_selfdebug import RunSummary, SelfDebuggingCodeExecutorAgent, create_sandbox
from autogen_selfdebug.cli import EXAMPLES, BrokenProgram, fix_prompt
from helpers import scripted

FIXES = {
    "python": [("right - left", "left - right"), ("right // left", "left // right")],
    "javascript": [("text[i - 1] + run", "run + text[i - 1]")],
    "typescript": [("Math.min", "Math.max")],
}


def fixed(program: BrokenProgram) -> str:
    source = program.source
    for old, new in FIXES[program.language]:
        assert old in source
        source = source.replace(old, new)
    return source


@pytest.fixture(params=["local", pytest.param("docker", marks=[pytest.mark.docker])])
async def sandbox(request: pytest.FixtureRequest) -> AsyncIterator[CodeExecutor]:
    if request.param == "docker":
        request.getfixturevalue("require_docker")
    async with create_sandbox(request.param, timeout=60) as started:
        yield started


@pytest.mark.parametrize("program", EXAMPLES, ids=[e.language for e in EXAMPLES])
async def test_example_fails_its_tests_then_passes(sandbox: CodeExecutor, program: BrokenProgram) -> None:
    # As the fix command runs it: the program as given first, then (the search failing) the model's fix.
    replies = [f"```{program.language}\n{fixed(program)}```"]
    agent = SelfDebuggingCodeExecutorAgent(
        "fixer",
        sandbox,
        model_client=scripted(replies),
        tests=program.tests,
        tests_language=program.language,
        default_language=program.language,
        reflect_on_success=False,
        initial_code=program.source,
    )
    result = await agent.run(task=fix_prompt(program.source, program.language, has_tests=True))
    first, second = [m for m in result.messages if isinstance(m, CodeExecutionEvent)]
    assert first.result.exit_code != 0 and "--- tests" in first.result.output
    assert second.result.exit_code == 0, second.result.output
    summary = RunSummary.from_metadata(result.messages[-1].metadata)
    assert summary is not None and summary.outcome == "success" and summary.attempts == 2
