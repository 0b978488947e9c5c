"""Teams: the agent with a person in a round-robin, hand-off and resume, Swarm, and state while waiting.

Every test drives the agent with a scripted model and runs its code on the real subprocess executor.
The person is a ``UserProxyAgent`` whose ``input_func`` gives scripted replies.
"""

from __future__ import annotations

import asyncio
import builtins
import json
import re
import tempfile
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from autogen_agentchat.agents import UserProxyAgent
from autogen_agentchat.base import TaskResult
from autogen_agentchat.conditions import HandoffTermination, MaxMessageTermination
from autogen_agentchat.messages import (
    BaseAgentEvent,
    BaseChatMessage,
    CodeGenerationEvent,
    HandoffMessage,
    TextMessage,
    UserInputRequestedEvent,
)
from autogen_agentchat.teams import RoundRobinGroupChat, Swarm
from autogen_agentchat.ui import Console, UserInputManager
from autogen_core import CancellationToken
from autogen_core.models import CreateResult
from autogen_ext.code_executors.local import LocalCommandLineCodeExecutor

import autogen_selfdebug
from autogen_selfdebug import SelfDebuggingCodeExecutorAgent
from autogen_selfdebug._teams import build_debugging_team, last_run_summary, person_prompt
from autogen_selfdebug._termination import SelfDebugOutcomeTermination, UserStopTermination
from helpers import decision, py, scripted

BROKEN = "print(undefined_name)"
FIXED = "print('fixed')"
TASK = "Print fixed."

AsyncInput = Callable[[str, CancellationToken | None], Awaitable[str]]


class Person:
    """A scripted person: gives these replies in order and records every prompt it was shown."""

    def __init__(self, *replies: str) -> None:
        self.replies = list(replies)
        self.prompts: list[str] = []

    @property
    def input_func(self) -> AsyncInput:
        async def answer(prompt: str, cancellation_token: CancellationToken | None) -> str:
            self.prompts.append(prompt)
            if not self.replies:
                raise AssertionError(f"The person was asked more often than scripted. Prompt:\n{prompt}")
            return self.replies.pop(0)

        return answer

    def proxy(self, name: str = "user") -> UserProxyAgent:
        return UserProxyAgent(name, input_func=self.input_func)


def coder(
    executor: LocalCommandLineCodeExecutor, replies: Sequence[str | CreateResult], **kwargs: Any
) -> SelfDebuggingCodeExecutorAgent:
    return SelfDebuggingCodeExecutorAgent("coder", executor, model_client=scripted(replies), **kwargs)


def chat(result: TaskResult) -> list[tuple[str, str]]:
    """The chat messages of a result as (source, type) pairs."""
    return [(m.source, type(m).__name__) for m in result.messages if isinstance(m, BaseChatMessage)]


def outcome(result: TaskResult) -> str:
    summary = last_run_summary(result)
    assert summary is not None
    return summary.outcome


async def context_texts(agent: SelfDebuggingCodeExecutorAgent) -> list[str]:
    return [str(m.content) for m in await agent.model_context.get_messages()]


# ------------------------------------------------------------------ round-robin with a person


async def test_success_ends_the_team_without_asking_the_person(executor: LocalCommandLineCodeExecutor) -> None:
    person = Person()
    team = build_debugging_team(coder(executor, [py(FIXED), "Done."]), user_proxy=person.proxy())
    result = await team.run(task=TASK)

    assert chat(result) == [("user", "TextMessage"), ("coder", "TextMessage")]
    assert outcome(result) == "success"
    assert result.stop_reason == "coder finished with outcome 'success' after 1 attempt(s)."
    assert person.prompts == []


async def test_failure_then_hint_then_success(executor: LocalCommandLineCodeExecutor) -> None:
    # Round 1 spends its whole budget (2 attempts); the hint starts round 2 with a fresh budget of 2.
    agent = coder(
        executor,
        [py(BROKEN), decision(True, "try again"), py(BROKEN), py(BROKEN), decision(True, "use the hint"), py(FIXED)],
        max_retries_on_error=1,
        reflect_on_success=False,
    )
    person = Person("Print the string 'fixed' instead of a variable.")
    team = build_debugging_team(agent, user_proxy=person.proxy())
    result = await team.run(task=TASK)

    assert chat(result) == [
        ("user", "TextMessage"),
        ("coder", "TextMessage"),
        ("user", "TextMessage"),
        ("coder", "TextMessage"),
    ]
    assert outcome(result) == "success"
    assert [(a.round, a.index, a.passed) for a in agent.attempts] == [
        (0, 0, False),
        (0, 1, False),
        (1, 0, False),
        (1, 1, True),
    ]
    # The person saw the agent's summary (attempts, last error, last code), then a prompt with the choices.
    failure = next(m for m in result.messages if isinstance(m, TextMessage) and m.source == "coder")
    assert "2 attempt(s)" in failure.content and "NameError" in failure.content and BROKEN in failure.content
    (prompt,) = person.prompts
    assert prompt == (
        "coder could not make the code pass in 2 attempt(s). Last error: NameError: name 'undefined_name' is not "
        "defined\nReply with a hint to try again, or 'stop', 'approve', 'approved' (or nothing) to end: "
    )
    # The hint went into the context after the first round, with everything earlier kept.
    texts = await context_texts(agent)
    assert texts[0] == TASK
    hint_at = texts.index("Print the string 'fixed' instead of a variable.")
    assert sum(t == py(BROKEN) for t in texts[:hint_at]) == 2
    # Events of both rounds reach the stream.
    assert [e.retry_attempt for e in result.messages if isinstance(e, CodeGenerationEvent)] == [0, 1, 0, 1]
    assert sum(isinstance(m, UserInputRequestedEvent) for m in result.messages) == 1


@pytest.mark.parametrize("reply", ["stop", "Approve.", "", "  DONE! "])
async def test_failure_then_stop_ends_the_team(executor: LocalCommandLineCodeExecutor, reply: str) -> None:
    agent = coder(executor, [py(BROKEN)], max_retries_on_error=0)
    person = Person(reply)
    result = await build_debugging_team(agent, user_proxy=person.proxy()).run(task=TASK)

    assert chat(result) == [("user", "TextMessage"), ("coder", "TextMessage"), ("user", "TextMessage")]
    assert outcome(result) == "failure"
    assert result.stop_reason is not None and result.stop_reason.startswith("user ")
    assert len(person.prompts) == 1


async def test_a_hint_that_starts_with_a_stop_word_is_still_a_hint(executor: LocalCommandLineCodeExecutor) -> None:
    agent = coder(executor, [py(BROKEN), py(FIXED)], max_retries_on_error=0, reflect_on_success=False)
    result = await build_debugging_team(agent, user_proxy=Person("stop using a variable").proxy()).run(task=TASK)
    assert outcome(result) == "success"


async def test_sync_input_func_gets_the_review_prompt(executor: LocalCommandLineCodeExecutor) -> None:
    prompts: list[str] = []

    def answer(prompt: str) -> str:
        prompts.append(prompt)
        return "stop"

    user = UserProxyAgent("user", input_func=answer)
    agent = coder(executor, [py(BROKEN)], max_retries_on_error=0)
    build_debugging_team(agent, user_proxy=user)
    team = build_debugging_team(agent, user_proxy=user)  # a second build does not wrap the prompt twice
    await team.run(task=TASK)
    assert len(prompts) == 1
    assert prompts[0].startswith("coder could not make the code pass in 1 attempt(s).")
    assert prompts[0].count("Reply with a hint") == 1


async def test_review_prompt_can_be_turned_off(executor: LocalCommandLineCodeExecutor) -> None:
    person = Person("stop")
    agent = coder(executor, [py(BROKEN)], max_retries_on_error=0)
    await build_debugging_team(agent, user_proxy=person.proxy(), review_prompt=False).run(task=TASK)
    assert person.prompts == ["Enter your response: "]


async def test_max_rounds_ends_on_the_agents_turn(executor: LocalCommandLineCodeExecutor) -> None:
    agent = coder(executor, [py(BROKEN), py(BROKEN)], max_retries_on_error=0)
    person = Person("try harder")
    result = await build_debugging_team(agent, user_proxy=person.proxy(), max_rounds=2).run(task=TASK)
    assert [s for s, _ in chat(result)] == ["user", "coder", "user", "coder"]
    assert result.stop_reason == "Maximum number of turns 3 reached."
    assert outcome(result) == "failure"


async def test_extra_termination_condition_is_combined(executor: LocalCommandLineCodeExecutor) -> None:
    agent = coder(executor, [py(BROKEN)], max_retries_on_error=0)
    team = build_debugging_team(agent, user_proxy=Person().proxy(), termination_condition=MaxMessageTermination(2))
    result = await team.run(task=TASK)
    assert chat(result) == [("user", "TextMessage"), ("coder", "TextMessage")]
    assert result.stop_reason is not None and "Maximum number of messages" in result.stop_reason


def test_team_setups_that_cannot_work_are_refused(executor: LocalCommandLineCodeExecutor) -> None:
    agent = coder(executor, [], handoff_target="human")
    with pytest.raises(ValueError, match="hands off to 'human' but the user proxy is 'user'"):
        build_debugging_team(agent, user_proxy=Person().proxy("user"))
    with pytest.raises(ValueError, match="would never see 'user''s hints"):
        build_debugging_team(coder(executor, [], sources=["boss"]), user_proxy=Person().proxy("user"))
    with pytest.raises(ValueError, match="different names"):
        build_debugging_team(coder(executor, []), user_proxy=Person().proxy("coder"))
    with pytest.raises(ValueError, match="max_rounds"):
        build_debugging_team(agent, max_rounds=0)


# ------------------------------------------------------------------ without a person


async def test_without_a_person_the_run_ends_on_failure_and_can_resume(executor: LocalCommandLineCodeExecutor) -> None:
    agent = coder(executor, [py(BROKEN), py(FIXED)], max_retries_on_error=0, reflect_on_success=False)
    team = build_debugging_team(agent)
    result = await team.run(task=TASK)
    assert chat(result) == [("user", "TextMessage"), ("coder", "TextMessage")]
    assert outcome(result) == "failure"
    assert result.stop_reason == "coder finished with outcome 'failure' after 1 attempt(s)."

    # The application asks the person itself, then resumes with the hint as the next task.
    resumed = await team.run(task="Print the string literal.")
    assert outcome(resumed) == "success"
    assert [(a.round, a.passed) for a in agent.attempts] == [(0, False), (1, True)]


async def test_without_a_person_a_decline_also_ends_the_run(executor: LocalCommandLineCodeExecutor) -> None:
    agent = coder(executor, ["I'm sorry, but I cannot help with that."], max_retries_on_error=2)
    result = await build_debugging_team(agent).run(task=TASK)
    assert outcome(result) == "no_code"


# ------------------------------------------------------------------ hand-off for applications


async def test_handoff_stops_the_team_and_a_handoff_task_resumes_it(executor: LocalCommandLineCodeExecutor) -> None:
    agent = coder(executor, [py(BROKEN), py(FIXED), "Done."], max_retries_on_error=0, handoff_target="user")
    termination = HandoffTermination(target="user") | SelfDebugOutcomeTermination(sources=["coder"])
    team = RoundRobinGroupChat([agent], termination_condition=termination)

    result = await team.run(task=TASK)
    handoff = result.messages[-1]
    assert isinstance(handoff, HandoffMessage) and handoff.target == "user"
    assert result.stop_reason == "Handoff to user from coder detected."
    assert outcome(result) == "failure" and "NameError" in handoff.content

    resumed = await team.run(task=HandoffMessage(source="user", target="coder", content="Print a literal."))
    assert outcome(resumed) == "success"
    texts = await context_texts(agent)
    assert texts.count(TASK) == 1 and texts.count("Print a literal.") == 1


async def test_handoff_to_a_person_in_the_round_robin(executor: LocalCommandLineCodeExecutor) -> None:
    agent = coder(
        executor, [py(BROKEN), py(FIXED)], max_retries_on_error=0, handoff_target="user", reflect_on_success=False
    )
    person = Person("Print a literal.")
    result = await build_debugging_team(agent, user_proxy=person.proxy()).run(task=TASK)
    assert chat(result) == [
        ("user", "TextMessage"),
        ("coder", "HandoffMessage"),
        ("user", "HandoffMessage"),
        ("coder", "TextMessage"),
    ]
    assert outcome(result) == "success" and len(person.prompts) == 1


# ------------------------------------------------------------------ Swarm


async def test_swarm_hands_off_to_the_person_and_back(executor: LocalCommandLineCodeExecutor) -> None:
    agent = coder(executor, [py(BROKEN), py(FIXED), "Done."], max_retries_on_error=0, handoff_target="user")
    person = Person("Print a literal.")
    termination = SelfDebugOutcomeTermination(sources=["coder"]) | UserStopTermination(sources=["user"])
    team = Swarm([agent, person.proxy()], termination_condition=termination)
    result = await team.run(task=TASK)
    assert chat(result) == [
        ("user", "TextMessage"),
        ("coder", "HandoffMessage"),
        ("user", "HandoffMessage"),
        ("coder", "TextMessage"),
    ]
    assert outcome(result) == "success"
    assert person.prompts == ["Handoff received from coder. Enter your response: "]


async def test_swarm_person_stops(executor: LocalCommandLineCodeExecutor) -> None:
    agent = coder(executor, [py(BROKEN)], max_retries_on_error=0, handoff_target="user")
    termination = SelfDebugOutcomeTermination(sources=["coder"]) | UserStopTermination(sources=["user"])
    result = await Swarm([agent, Person("approve").proxy()], termination_condition=termination).run(task=TASK)
    assert result.stop_reason == "user replied 'approve': stopping."
    assert outcome(result) == "failure"


async def test_swarm_handoff_termination_then_resume(executor: LocalCommandLineCodeExecutor) -> None:
    agent = coder(executor, [py(BROKEN), py(FIXED), "Done."], max_retries_on_error=0, handoff_target="user")
    termination = HandoffTermination(target="user") | SelfDebugOutcomeTermination(sources=["coder"])
    team = Swarm([agent], termination_condition=termination)
    first = await team.run(task=TASK)
    assert isinstance(first.messages[-1], HandoffMessage)
    resumed = await team.run(task=HandoffMessage(source="user", target="coder", content="Print a literal."))
    assert outcome(resumed) == "success"


# ------------------------------------------------------------------ state while waiting on the person


async def test_state_saved_while_the_person_is_asked_resumes_in_a_fresh_team(
    executor: LocalCommandLineCodeExecutor, tmp_path: Path
) -> None:
    state_file = tmp_path / "team.json"
    asked = asyncio.Event()

    async def wait_for_person(prompt: str, cancellation_token: CancellationToken | None) -> str:
        # A person who has not answered yet: this returns only when the run is cancelled.
        asked.set()
        future: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        assert cancellation_token is not None
        cancellation_token.link_future(future)
        return await future

    agent = coder(executor, [py(BROKEN)], max_retries_on_error=0)
    team = build_debugging_team(agent, user_proxy=UserProxyAgent("user", input_func=wait_for_person))
    token = CancellationToken()
    run = asyncio.create_task(team.run(task=TASK, cancellation_token=token))
    await asyncio.wait_for(asked.wait(), 30)
    state_file.write_text(json.dumps(await team.save_state()))
    token.cancel()
    with pytest.raises(asyncio.CancelledError):
        await run

    # Later, maybe in another process: a fresh team, the saved state, and the person's answer as the task.
    fresh_agent = coder(executor, [py(FIXED), "Done."], max_retries_on_error=0)
    person = Person()
    fresh = build_debugging_team(fresh_agent, user_proxy=person.proxy())
    await fresh.load_state(json.loads(state_file.read_text()))
    assert fresh_agent.attempts == agent.attempts
    result = await fresh.run(task=TextMessage(content="Print a literal.", source="user"))

    assert chat(result) == [("user", "TextMessage"), ("coder", "TextMessage")]
    assert outcome(result) == "success"
    assert person.prompts == []
    texts = await context_texts(fresh_agent)
    assert texts[0] == TASK and BROKEN in texts[1] and texts[3] == "Print a literal."
    assert [(a.round, a.passed) for a in fresh_agent.attempts] == [(0, False), (1, True)]


@pytest.mark.parametrize("kind", ["round_robin", "swarm"])
async def test_state_saved_at_a_handoff_resumes_through_a_json_file(
    executor: LocalCommandLineCodeExecutor, tmp_path: Path, kind: str
) -> None:
    def build(replies: Sequence[str]) -> tuple[SelfDebuggingCodeExecutorAgent, RoundRobinGroupChat | Swarm]:
        agent = coder(executor, replies, max_retries_on_error=0, handoff_target="user")
        termination = HandoffTermination(target="user") | SelfDebugOutcomeTermination(sources=["coder"])
        team = RoundRobinGroupChat if kind == "round_robin" else Swarm
        return agent, team([agent], termination_condition=termination)

    _, team = build([py(BROKEN)])
    first = await team.run(task=TASK)
    assert isinstance(first.messages[-1], HandoffMessage)
    state_file = tmp_path / "team.json"
    state_file.write_text(json.dumps(await team.save_state()))

    fresh_agent, fresh = build([py(FIXED), "Done."])
    await fresh.load_state(json.loads(state_file.read_text()))
    result = await fresh.run(task=HandoffMessage(source="user", target="coder", content="Print a literal."))
    assert outcome(result) == "success"
    texts = await context_texts(fresh_agent)
    assert texts.count(TASK) == 1 and texts.index("Print a literal.") > 1


# ------------------------------------------------------------------ helpers


def test_person_prompt_without_attempts_gives_only_the_choices(executor: LocalCommandLineCodeExecutor) -> None:
    assert person_prompt(coder(executor, []), stop_words=["no"]) == (
        "Reply with a hint to try again, or 'no' (or nothing) to end: "
    )
    assert (
        person_prompt(coder(executor, []), stop_words=[]) == "Reply with a hint to try again, or with nothing to end: "
    )


async def test_person_prompt_gives_the_last_line_of_the_error(executor: LocalCommandLineCodeExecutor) -> None:
    code = "for i in range(50):\n    print('line', i)\nraise ValueError('boom ' * 100)"
    agent = coder(executor, [py(code)], max_retries_on_error=0)
    await agent.run(task=TASK)
    first_line = person_prompt(agent).splitlines()[0]
    assert first_line.startswith("coder could not make the code pass in 1 attempt(s). Last error: ValueError: boom")
    assert first_line.endswith("...") and "line 49" not in first_line and len(first_line) < 300


async def test_person_prompt_when_no_code_ran(executor: LocalCommandLineCodeExecutor) -> None:
    agent = coder(executor, ["I think you should do it yourself."], max_retries_on_error=0)
    await agent.run(task=TASK)
    assert person_prompt(agent).startswith("coder could not make the code pass in 1 attempt(s). No attempt produced")


async def test_person_prompt_after_success(executor: LocalCommandLineCodeExecutor) -> None:
    agent = coder(executor, [py(FIXED), "Done."])
    await agent.run(task=TASK)
    assert person_prompt(agent).startswith("coder's code passed. Reply with a hint")


def test_last_run_summary_reads_messages_and_filters_by_source() -> None:
    ours = TextMessage(content="x", source="coder", metadata={"outcome": "failure", "attempts": "2", "code": "c"})
    other = TextMessage(content="y", source="user")
    messages: list[BaseAgentEvent | BaseChatMessage] = [ours, other]
    summary = last_run_summary(messages)
    assert summary is not None and (summary.outcome, summary.attempts) == ("failure", 2)
    assert last_run_summary(messages, source="someone") is None
    assert last_run_summary([other]) is None


async def test_events_reach_the_team_stream(executor: LocalCommandLineCodeExecutor) -> None:
    agent = coder(executor, [py(BROKEN)], max_retries_on_error=0)
    seen: list[str] = []
    async for item in build_debugging_team(agent).run_stream(task=TASK):
        seen.append(type(item).__name__)
    assert seen == ["TextMessage", "CodeGenerationEvent", "CodeExecutionEvent", "TextMessage", "TaskResult"]


async def test_console_prints_the_summary_before_the_person_is_asked(
    executor: LocalCommandLineCodeExecutor, capsys: pytest.CaptureFixture[str]
) -> None:
    # Upstream's UserInputManager makes the input function wait until Console has printed everything before it.
    printed_before: list[str] = []

    async def answer(prompt: str, cancellation_token: CancellationToken | None) -> str:
        printed_before.append(capsys.readouterr().out)
        return "stop"

    manager = UserInputManager(callback=answer)
    agent = coder(executor, [py(BROKEN)], max_retries_on_error=0)
    team = build_debugging_team(agent, user_proxy=UserProxyAgent("user", input_func=manager.get_wrapped_callback()))
    result = await Console(team.run_stream(task=TASK), user_input_manager=manager)
    assert result.stop_reason == "user replied 'stop': stopping."
    (shown,) = printed_before
    assert "The code still fails after 1 attempt(s)." in shown and "NameError" in shown and BROKEN in shown


# ------------------------------------------------------------------ the examples in docs/teams.md

DOCS = Path(__file__).resolve().parents[1] / "docs" / "teams.md"

# For each complete script in docs/teams.md, in order: a scripted model (one reply list per
# resolve_model() call) that fails once, stops retrying, and passes after the person's hint.
DOC_SCRIPTS: list[tuple[str, list[list[str]], list[str]]] = [
    (
        "round-robin with Console",
        [
            [
                py("def median(xs):\n    return xs[len(xs) // 2]"),
                decision(False, "The person should say how to handle the order."),
                py(
                    "def median(xs):\n    s = sorted(xs)\n    m = len(s) // 2\n"
                    "    return s[m] if len(s) % 2 else (s[m - 1] + s[m]) / 2"
                ),
                "Done.",
            ]
        ],
        ["Sort the list first."],
    ),
    (
        "without a person",
        [
            [
                py("def slugify(text):\n    return text"),
                decision(False, "Unclear format."),
                py("def slugify(text):\n    return '-'.join(text.lower().split())"),
                "Done.",
            ]
        ],
        [],
    ),
    (
        "hand-off for applications",
        [
            [
                py("def mean(xs):\n    return sum(xs) / len(xs)"),
                decision(False, "Empty lists need a rule."),
                py("def mean(xs):\n    return sum(xs) / len(xs) if xs else 0"),
                "Done.",
            ]
        ],
        [],
    ),
    (
        "Swarm with a person",
        [
            [
                py("def is_leap(year):\n    return year % 4 == 0"),
                decision(False, "Century rule unknown."),
                py("def is_leap(year):\n    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)"),
                "Done.",
            ]
        ],
        ["Centuries are leap years only when divisible by 400."],
    ),
    (
        "saving state at a hand-off",
        [
            [py("def fizz(n):\n    return n"), decision(False, "Needs the return type.")],
            [py("def fizz(n):\n    return 'Fizz' if n % 3 == 0 else str(n)"), "Done."],
        ],
        [],
    ),
    ("serialising the termination conditions", [], []),
]


def doc_scripts() -> list[str]:
    """The complete scripts in docs/teams.md: python blocks that start with an import."""
    blocks = re.findall(r"```python\n(.*?)```", DOCS.read_text(), flags=re.DOTALL)
    return [block for block in blocks if block.startswith(("import ", "from "))]


def test_every_docs_script_is_exercised() -> None:
    assert len(doc_scripts()) == len(DOC_SCRIPTS)


@pytest.mark.parametrize(("index", "script"), list(enumerate(DOC_SCRIPTS)), ids=[name for name, _, _ in DOC_SCRIPTS])
def test_docs_script_runs(
    index: int, script: tuple[str, list[list[str]], list[str]], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _, clients, typed = script
    clients = [list(replies) for replies in clients]
    typed = list(typed)
    prompts: list[str] = []

    def fake_resolve_model(*args: object, **kwargs: object) -> SimpleNamespace:
        return SimpleNamespace(client=scripted(clients.pop(0)))

    def fake_input(prompt: str = "") -> str:
        prompts.append(prompt)
        return typed.pop(0)

    monkeypatch.setattr(autogen_selfdebug, "resolve_model", fake_resolve_model, raising=False)
    monkeypatch.setattr(builtins, "input", fake_input)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    code = doc_scripts()[index]
    exec(compile(code, f"{DOCS.name}[script {index}]", "exec"), {"__name__": "__main__"})
    assert clients == [] and typed == []  # every scripted reply and every typed answer was used
    if index == 0:
        assert prompts == [
            "coder could not make the code pass in 1 attempt(s). "
            "Last error: FAILED line 2: median([4, 1, 3, 2]) == 2.5\n"
            "Reply with a hint to try again, or 'stop', 'approve', 'approved' (or nothing) to end: "
        ]
