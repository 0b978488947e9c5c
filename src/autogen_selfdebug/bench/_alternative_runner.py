"""One task for one alternative framework, run inside that framework's own virtualenv.

``bench`` starts this file as a script with the interpreter of ``.venv-alternatives/<framework>``
(see :mod:`._alternatives`), writes one JSON request to its standard input, and reads JSON lines
from its standard output: a snapshot of the run after every model reply, and a last one with
``"done": true``. A run killed at its deadline still leaves its last snapshot. The script imports
only the standard library and the framework, never this package, which is not installed there.
Everything the framework or the model's code prints goes to standard error.

Request: ``framework`` (``smolagents`` or ``ag2``), ``task``, ``attempts``, ``exec_timeout``,
``work_dir``, and the server: ``model``, ``base_url``, ``api_key``, ``max_tokens``,
``temperature``, ``seed`` (each ``null`` to leave the library's default).

Snapshot: ``codes`` (smolagents: each step's code action; ag2: each coder reply), ``final_output``
(smolagents' final answer, as text), ``claimed``, ``model_calls``, ``prompt_tokens`` and
``completion_tokens`` (read from the server's responses; ``null`` when one reply carried none),
``seconds`` (the run alone, imports excluded), ``error`` and ``done``.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable
from typing import IO, Any

Snapshot = dict[str, Any]
Report = Callable[[Snapshot], None]

_AG2_CODER = "bug_fixer"
# AG2's Daytona guide tells its bug fixer how to work with the executor; this is that protocol, for
# both kinds of task (write a function, fix a program).
_AG2_SYSTEM_MESSAGE = (
    "You are an expert Python programmer. You are given a programming task or a broken program to fix.\n"
    "1. Work out what the code must do, and for a broken program the cause of the bug.\n"
    "2. Reply with the complete program in one fenced ```python code block, with the tests at its end so "
    "that running it checks them.\n"
    "3. The program is run and you are shown the output. If the run failed, read the error and send a "
    "corrected complete program.\n"
    "4. Once the program has run successfully, reply with just the word TERMINATE, never in a message "
    "that has a code block."
)
# smolagents' local interpreter allows only a few modules; HumanEval's prompts and solutions also
# import typing and hashlib.
_SMOLAGENTS_IMPORTS = ["typing", "hashlib", "string", "functools", "heapq", "bisect", "operator", "fractions"]


def main() -> int:
    # The protocol keeps the real standard output; anything else written there goes to standard error.
    protocol = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    request: dict[str, Any] = json.load(sys.stdin)
    state: Snapshot = {
        "codes": [],
        "final_output": None,
        "claimed": False,
        "model_calls": 0,
        "prompt_tokens": 0,
        "completion_tokens": 0,
        "seconds": None,
        "error": None,
        "done": False,
    }
    report = _reporter(protocol, state)
    runners: dict[str, Callable[[dict[str, Any], Snapshot, Report], None]] = {
        "smolagents": _run_smolagents,
        "ag2": _run_ag2,
    }
    started = time.perf_counter()
    try:
        runners[request["framework"]](request, state, report)
    except Exception as error:  # the framework's failure is this run's result, reported as data
        state["error"] = f"{type(error).__name__}: {error}"
    state["seconds"] = round(time.perf_counter() - started, 3)
    state["done"] = True
    report(state)
    return 0


def _reporter(protocol: IO[str], state: Snapshot) -> Report:
    def report(update: Snapshot) -> None:
        state.update(update)
        protocol.write(json.dumps(state) + "\n")
        protocol.flush()

    return report


def _sampling(request: dict[str, Any]) -> dict[str, Any]:
    """The sampling settings our model client sends, for the libraries that take them as keywords."""
    return {key: request[key] for key in ("max_tokens", "temperature", "seed") if request.get(key) is not None}


def _run_smolagents(request: dict[str, Any], state: Snapshot, report: Report) -> None:
    """smolagents' ``CodeAgent`` with ``OpenAIServerModel``; ``max_steps`` is the attempt budget."""
    from smolagents import CodeAgent, OpenAIServerModel
    from smolagents.memory import ActionStep, FinalAnswerStep, MemoryStep
    from smolagents.monitoring import LogLevel

    model = OpenAIServerModel(
        model_id=request["model"],
        api_base=request["base_url"],
        api_key=request["api_key"],
        # llama.cpp's Python server refuses content-part arrays: plain text messages only.
        flatten_messages_as_text=True,
        **_sampling(request),
    )
    codes: list[str] = []
    usage_known = True

    def on_step(step: Any) -> None:
        nonlocal usage_known
        if isinstance(step, FinalAnswerStep):
            output = step.output
            report({"final_output": output if isinstance(output, str) else repr(output)})
            return
        if not isinstance(step, ActionStep):
            return
        if step.code_action:
            codes.append(step.code_action)
        # A step with a model reply (or the closing call after the last step) carries its usage.
        called = step.model_output_message is not None or step.token_usage is not None
        if called:
            state["model_calls"] += 1
            if step.token_usage is None:
                usage_known = False
            else:
                state["prompt_tokens"] = (state["prompt_tokens"] or 0) + step.token_usage.input_tokens
                state["completion_tokens"] = (state["completion_tokens"] or 0) + step.token_usage.output_tokens
        if not usage_known:
            state["prompt_tokens"] = state["completion_tokens"] = None
        report({"codes": list(codes)})

    callbacks: dict[type[MemoryStep], Any] = {ActionStep: on_step, FinalAnswerStep: on_step}
    agent = CodeAgent(
        tools=[],
        model=model,
        max_steps=request["attempts"],
        additional_authorized_imports=_SMOLAGENTS_IMPORTS,
        executor_kwargs={"timeout_seconds": request["exec_timeout"]},
        step_callbacks=callbacks,
        verbosity_level=LogLevel.OFF,
    )
    result = agent.run(request["task"], return_full_result=True)
    # Its claim: it returned a final answer itself, rather than being stopped at max_steps.
    report({"claimed": result.state == "success"})


def _run_ag2(request: dict[str, Any], state: Snapshot, report: Report) -> None:
    """AG2's bug-fixer pair from its Daytona guide, with its local command-line executor in place of
    Daytona's; ``max_turns`` is the attempt budget."""
    from autogen import ConversableAgent, LLMConfig
    from autogen.coding import LocalCommandLineCodeExecutor

    server = {"api_type": "openai", "model": request["model"], "api_key": request["api_key"]}
    if request["base_url"] is not None:
        server["base_url"] = request["base_url"]
    llm_config = LLMConfig(server, cache_seed=None, **_sampling(request))
    replies: list[str] = []

    def said(message: str) -> bool:
        return "TERMINATE" in message

    def is_termination(message: dict[str, Any]) -> bool:  # the guide's test: TERMINATE, or nothing at all
        content = message.get("content") or ""
        return said(str(content)) or not str(content).strip()

    coder = ConversableAgent(
        name=_AG2_CODER,
        system_message=_AG2_SYSTEM_MESSAGE,
        llm_config=llm_config,
        code_execution_config=False,
        is_termination_msg=is_termination,
        human_input_mode="NEVER",  # unattended: never stop to ask a person
    )
    executor = ConversableAgent(
        name="code_executor",
        llm_config=False,
        code_execution_config={
            "executor": LocalCommandLineCodeExecutor(timeout=request["exec_timeout"], work_dir=request["work_dir"])
        },
        human_input_mode="NEVER",
    )

    def usage() -> Snapshot:
        summary = coder.get_actual_usage() or {}
        per_model = [v for k, v in summary.items() if k != "total_cost" and isinstance(v, dict)]
        prompt = sum(int(v.get("prompt_tokens", 0)) for v in per_model)
        completion = sum(int(v.get("completion_tokens", 0)) for v in per_model)
        # AG2 counts a reply without usage as 0 tokens: no tokens at all for real calls means none were reported.
        known = bool(per_model) and prompt + completion > 0
        return {"prompt_tokens": prompt if known else None, "completion_tokens": completion if known else None}

    def before_send(sender: Any, message: Any, recipient: Any, silent: bool) -> Any:
        content = message.get("content") if isinstance(message, dict) else message
        replies.append(str(content or ""))
        report({"codes": list(replies), "model_calls": len(replies), **usage()})
        return message

    coder.register_hook("process_message_before_send", before_send)
    executor.initiate_chat(coder, message=request["task"], max_turns=request["attempts"], silent=True)
    # Its claim: the conversation ended with the coder saying TERMINATE.
    report({"claimed": bool(replies) and said(replies[-1]), **usage()})


if __name__ == "__main__":
    sys.exit(main())
