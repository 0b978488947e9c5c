"""The test-writing job in each sandbox where Python runs: pytest is there, the mutants run, and the
score is the same wherever it runs. A scripted model first sends tests that assert nothing, then
tests that catch the bugs."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from autogen_core.code_executor import CodeExecutor

from autogen_selfdebug import RunSummary, SelfDebuggingTestWriterAgent, create_sandbox
from helpers import decision, py, scripted

CODE = """def clamp(x, low, high):
    if low > high:
        raise ValueError("low > high")
    if x < low:
        return low
    if x > high:
        return high
    return x
"""
NOTHING = "from clamp import clamp\n\ndef test_clamp():\n    clamp(5, 0, 10)\n"
GOOD = """import pytest
from clamp import clamp

def test_clamp():
    assert clamp(5, 0, 10) == 5
    assert clamp(-3, 0, 10) == 0
    assert clamp(30, 0, 10) == 10
    assert clamp(0, 0, 10) == 0
    assert clamp(10, 0, 10) == 10

def test_bad_bounds():
    with pytest.raises(ValueError):
        clamp(1, 5, 2)
    assert clamp(3, 3, 3) == 3
"""


@pytest.fixture(
    params=["local", pytest.param("docker", marks=[pytest.mark.docker]), pytest.param("jupyter", id="jupyter")]
)
async def sandbox(request: pytest.FixtureRequest) -> AsyncIterator[CodeExecutor]:
    if request.param == "docker":
        request.getfixturevalue("require_docker")
    if request.param == "jupyter":
        pytest.importorskip("autogen_ext.code_executors.jupyter")
    async with create_sandbox(request.param, timeout=60) as started:
        yield started


async def test_weak_tests_are_improved_and_scored(sandbox: CodeExecutor) -> None:
    client = scripted([py(NOTHING), decision(True, "assert the values"), py(GOOD)])
    agent = SelfDebuggingTestWriterAgent("tester", sandbox, code=CODE, module="clamp", model_client=client)
    result = await agent.run(task="Write tests for clamp.")
    summary = RunSummary.from_metadata(result.messages[-1].metadata)
    assert summary is not None and summary.outcome == "success" and summary.attempts == 2
    first, second = agent.attempts
    # Without asserts only a mutant that crashes is caught: here, ``low > high`` swapped raises.
    assert first.mutants_caught == 1 and "assert nothing" in first.output and "your tests still pass" in first.output
    # The same figure in every sandbox. The two missed mutants are equivalent ones: ``x <= low``
    # returns low == x, and ``x >= high`` returns high == x, so no test can catch them.
    assert (summary.mutants_caught, summary.mutants_total) == (7, 9) == (second.mutants_caught, len(agent.mutants))
    assert "`x < low` changed to `x <= low`" in second.output or "caught 7 of 9" in second.output
