"""The test-writing job: tests are run on the code and on its mutants in a real sandbox, and judged
by the mutants they catch; the agent turns that into feedback and a mutation score."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from autogen_agentchat.messages import CodeExecutionEvent, TextMessage
from autogen_core import CancellationToken
from autogen_core.code_executor import CodeBlock, CodeResult
from autogen_core.models import UserMessage

from autogen_selfdebug import (
    LocalSandbox,
    RunSummary,
    SandboxError,
    SelfDebuggingTestWriterAgent,
    SelfDebuggingTestWriterAgentConfig,
)
from autogen_selfdebug._feedback import execution_feedback
from autogen_selfdebug._mutation_testing import (
    MutationChecker,
    complete_part,
    normalise_test_file,
    review_test_file,
    select_mutants,
)
from autogen_selfdebug.edits import mutants
from helpers import decision, py, scripted

CODE = '''def calculate_discount(price, discount_pct):
    """The price after a discount of discount_pct percent, rounded to cents."""
    if price < 0:
        raise ValueError("price must not be negative")
    if discount_pct < 0 or discount_pct > 100:
        raise ValueError("discount_pct must be between 0 and 100")
    return round(price * (1 - discount_pct / 100), 2)
'''

STRONG = """import pytest
from discount import calculate_discount

def test_normal():
    assert calculate_discount(100, 20) == 80.0
    assert calculate_discount(50, 10) == 45.0
    assert calculate_discount(19.99, 15) == 16.99

def test_zero_and_full():
    assert calculate_discount(100, 0) == 100.0
    assert calculate_discount(0, 50) == 0.0
    assert calculate_discount(100, 100) == 0.0

@pytest.mark.parametrize("price, pct", [(-1, 10), (100, -1), (100, 101), (-0.01, 0)])
def test_invalid(price, pct):
    with pytest.raises(ValueError):
        calculate_discount(price, pct)
"""

EMPTY = "from discount import calculate_discount\n\ndef test_runs():\n    calculate_discount(100, 20)\n"
WRONG = "from discount import calculate_discount\n\ndef test_normal():\n    assert calculate_discount(100, 20) == 75\n"


@pytest.fixture
async def sandbox(tmp_path: Path) -> AsyncIterator[LocalSandbox]:
    async with LocalSandbox(work_dir=tmp_path, timeout=60) as box:
        yield box


def checker() -> MutationChecker:
    return MutationChecker(CODE, module="discount")


async def check(box: LocalSandbox, tests: str, judge: MutationChecker | None = None) -> Any:
    async def execute(blocks: list[CodeBlock], token: CancellationToken) -> CodeResult:
        return await box.execute_code_blocks(blocks, token)

    judge = judge or checker()
    return await judge.check([CodeBlock(code=tests, language="python")], CancellationToken(), execute=execute)


def test_review_finds_tests_that_assert_nothing_or_copy_the_code() -> None:
    assert review_test_file(STRONG, CODE) == []
    assert "assert nothing" in review_test_file(EMPTY, CODE)[0]
    copied = CODE + "\ndef test_it():\n    assert calculate_discount(1, 0) == 1\n"
    assert "calculate_discount itself" in review_test_file(copied, CODE)[0]
    # pytest.raises and unittest-style asserts are checks too.
    assert (
        review_test_file("import pytest\ndef test_x():\n    with pytest.raises(ValueError):\n        f()\n", CODE) == []
    )
    assert review_test_file("def test_x(self):\n    self.assertEqual(f(), 1)\n", CODE) == []


def test_mutants_are_spread_over_the_operators() -> None:
    found = mutants(CODE)
    chosen = select_mutants(found, 5)
    assert len(chosen) == 5
    assert len({m.operator for m in chosen}) == 5
    assert sorted(select_mutants(found, 1000), key=found.index) == found


async def test_strong_tests_pass_and_catch_most_mutants(sandbox: LocalSandbox) -> None:
    result = await check(sandbox, STRONG)
    assert result.status == "passed", result.program.output
    report = result.mutation
    assert report.total == len(checker().mutants) > 10
    assert report.score >= 0.8, [m.description for m in report.survivors]
    assert "passed" in result.program.output


async def test_tests_that_assert_nothing_are_weak_and_told_which_mutants_survive(sandbox: LocalSandbox) -> None:
    result = await check(sandbox, EMPTY)
    assert result.status == "weak_tests"
    report = result.mutation
    assert report.caught is not None and report.killed < report.total
    seen = execution_feedback(result)
    assert "assert nothing" in seen
    assert f"`{report.survivors[0].original}` changed to `{report.survivors[0].replacement}`" in seen
    assert ": your tests still pass" in seen


async def test_asserts_that_fail_on_the_code_are_dropped_and_the_model_is_told(sandbox: LocalSandbox) -> None:
    wrong = STRONG.replace("== 45.0\n", "== 45.0\n    assert calculate_discount(100, 20) == 75\n")
    wrong += "\ndef test_wrong_error():\n    with pytest.raises(ValueError):\n        calculate_discount(5, 5)\n"
    result = await check(sandbox, wrong)
    assert result.status == "passed", result.program.output
    report = result.mutation
    assert [text for text, _ in report.dropped] == [
        "assert calculate_discount(100, 20) == 75",
        "with pytest.raises(ValueError): calculate_discount(5, 5)",
    ]
    assert "assert 80.0 == 75" in report.dropped[0][1]
    (kept,) = result.checked
    assert "== 75" not in kept.code and "calculate_discount(5, 5)" not in kept.code and "== 45.0" in kept.code
    # test_wrong_error held only the dropped check, so a ``pass`` keeps it valid; no marker is left.
    assert "def test_wrong_error():\n    pass\n" in kept.code and "selfdebug" not in kept.code
    seen = execution_feedback(result)
    assert "2 checks failed on the code and were dropped (the rest was run)" in seen and "assert 80.0 == 75" in seen


async def test_a_wrong_assert_alone_leaves_tests_that_assert_nothing(sandbox: LocalSandbox) -> None:
    result = await check(sandbox, WRONG)
    assert result.status == "weak_tests" and len(result.mutation.dropped) == 1
    assert result.checked[0].code.endswith("def test_normal():\n    pass\n")
    assert "assert nothing" in execution_feedback(result)


async def test_tests_failing_outside_a_check_are_told_the_code_is_correct(sandbox: LocalSandbox) -> None:
    tests = "from discount import calculate_discount\n\ndef test_x():\n    value = calculate_discount(1)\n"
    tests += "    assert value == 1\n"
    result = await check(sandbox, tests)
    assert result.status == "tests_failed" and result.mutation.caught is None
    seen = execution_feedback(result)
    assert "failed on the given code" in seen and "TypeError" in seen


async def test_no_tests_collected_says_how_to_name_them(sandbox: LocalSandbox) -> None:
    result = await check(sandbox, "from discount import calculate_discount\n\ndef check():\n    assert True\n")
    assert result.status == "tests_failed"
    assert "named test_*" in execution_feedback(result)


async def test_a_mutant_that_loops_forever_is_caught_by_its_timeout(sandbox: LocalSandbox) -> None:
    code = "def count_up(n):\n    i = 0\n    while i < n:\n        i += 1\n    return i\n"
    tests = "from discount import count_up\n\ndef test_count():\n    assert count_up(3) == 3\n"
    judge = MutationChecker(code, module="discount", timeout=5)
    looping = [i for i, m in enumerate(judge.mutants) if m.replacement == "i -= 1"]
    assert looping
    result = await check(sandbox, tests, judge)
    assert result.mutation.caught[looping[0]] is True


async def test_a_sandbox_without_pytest_is_a_clear_error(tmp_path: Path) -> None:
    # A Python with no site-packages of ours: the system interpreter in isolated mode has no pytest.
    wrapper = tmp_path / "bare-python"
    wrapper.write_text('#!/bin/sh\nexec /usr/bin/python3 -I -S "$@"\n')
    wrapper.chmod(0o755)
    async with LocalSandbox(work_dir=tmp_path / "w", python_executable=str(wrapper)) as box:
        with pytest.raises(SandboxError, match="pytest is not installed"):
            await check(box, STRONG)


async def test_the_agent_improves_weak_tests_and_reports_the_score(sandbox: LocalSandbox) -> None:
    client = scripted([py(EMPTY), decision(True, "add asserts"), py(STRONG)])
    agent = SelfDebuggingTestWriterAgent("tester", sandbox, code=CODE, module="discount", model_client=client)
    result = await agent.run(task="Write tests for calculate_discount.")
    final = result.messages[-1]
    assert isinstance(final, TextMessage)
    summary = RunSummary.from_metadata(final.metadata)
    assert summary is not None and summary.outcome == "success" and summary.attempts == 2
    assert summary.mutants_total == len(agent.mutants)
    assert float(final.metadata["mutation_score"]) >= 0.8
    assert "caught" in final.content and "import pytest" in final.content
    executions = [m for m in result.messages if isinstance(m, CodeExecutionEvent)]
    assert [e.result.exit_code == 0 for e in executions] == [False, True]
    # The model saw the code under test once, and the surviving mutants after its first try.
    seen = [m.content for m in await agent.model_context.get_messages() if isinstance(m, UserMessage)]
    assert sum("The code under test, saved as discount.py" in str(s) for s in seen) == 1
    assert any("your tests still pass" in str(s) for s in seen)
    assert agent.attempts[0].mutants_caught is not None and agent.attempts[0].passed is False


async def test_config_and_state_round_trip(sandbox: LocalSandbox) -> None:
    agent = SelfDebuggingTestWriterAgent(
        "tester",
        sandbox,
        code=CODE,
        module="discount",
        min_mutation_score=0.7,
        max_mutants=12,
        model_client=scripted([py(STRONG)]),
        max_retries_on_error=2,
        system_message="Test {module} well.",
    )
    dumped = agent.dump_component()
    assert dumped.provider == "autogen_selfdebug.SelfDebuggingTestWriterAgent"
    config = SelfDebuggingTestWriterAgentConfig.model_validate(dumped.config)
    assert (config.min_mutation_score, config.max_mutants, config.system_message) == (0.7, 12, "Test {module} well.")
    loaded = SelfDebuggingTestWriterAgent.load_component(dumped)
    assert loaded.dump_component().config == dumped.config
    assert len(loaded.mutants) == 12

    await agent.run(task="Write tests.")
    state = await agent.save_state()
    await loaded.load_state(state)
    assert [a.mutants_caught for a in loaded.attempts] == [a.mutants_caught for a in agent.attempts]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"module": "json"}, "shadow the standard library"),
        ({"module": "my-code"}, "not a module name"),
        ({"min_mutation_score": 1.5}, "between 0 and 1"),
        ({"code": "  \n"}, "nothing to write tests for"),
    ],
)
def test_bad_arguments_are_clear(options: dict[str, object], message: str, tmp_path: Path) -> None:
    arguments: dict[str, object] = {"code": CODE, "module": "discount", **options}
    with pytest.raises(ValueError, match=message):
        SelfDebuggingTestWriterAgent("tester", LocalSandbox(work_dir=tmp_path), model_client=scripted([]), **arguments)


def test_a_file_cut_off_at_the_token_limit_keeps_its_complete_part() -> None:
    cut = "from discount import calculate_discount\n\ndef test_a():\n    assert calculate_discount(100, 0) == 100\n"
    cut += "    assert calculate_discount(100, 100) == 0\n    assert calculate_discount(1"
    kept = complete_part(cut)
    assert kept is not None and kept.endswith("== 0\n") and "calculate_discount(1\n" not in kept
    assert complete_part("import pytest\nx = 1\ny = (") is None  # no test function survives


async def test_the_agent_runs_the_complete_part_of_a_cut_off_reply(sandbox: LocalSandbox) -> None:
    cut_off = (
        "```python\n" + STRONG + "\ndef test_more():\n    assert calculate_discount(10, 10) == 9.0\n    assert calc"
    )
    agent = SelfDebuggingTestWriterAgent(
        "tester", sandbox, code=CODE, module="discount", model_client=scripted([cut_off]), max_retries_on_error=0
    )
    result = await agent.run(task="Write tests.")
    summary = RunSummary.from_metadata(result.messages[-1].metadata)
    assert summary is not None and summary.outcome == "success"
    assert agent.attempts[0].kind == "executed" and "test_more" in agent.attempts[0].code


def test_a_file_that_copies_the_code_or_forgets_the_import_is_repaired() -> None:
    copied = "import pytest\n\n" + CODE + "\n\ndef test_a():\n    assert calculate_discount(100, 0) == 100\n"
    repaired = normalise_test_file(copied, CODE, "discount")
    assert repaired.startswith("from discount import calculate_discount\nimport pytest\n")
    assert "def calculate_discount" not in repaired and "def test_a" in repaired
    assert normalise_test_file(STRONG, CODE, "discount") == STRONG  # nothing to repair
    assert normalise_test_file("def test_a(:\n", CODE, "discount") == "def test_a(:\n"  # not parsed: kept
