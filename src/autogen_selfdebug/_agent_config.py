"""What the agent serialises: its component config (every constructor argument) and its saved state."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from autogen_agentchat.state import BaseState
from autogen_core import ComponentModel
from pydantic import BaseModel, Field

from ._attempts import Attempt
from ._feedback import DEFAULT_MAX_OUTPUT_CHARS

__all__ = [
    "DEFAULT_SYSTEM_MESSAGE",
    "AgentComponents",
    "AgentOptions",
    "SelfDebuggingAgentState",
    "SelfDebuggingCodeExecutorAgentConfig",
]

DEFAULT_SYSTEM_MESSAGE = """You are an expert programmer. You solve the task by writing code that is run for you.
- Reply with one complete, self-contained program in a single fenced code block tagged with its language. \
Languages that can run here: {languages}.
- The program is executed exactly as written and you are shown its output, so print the results.
- Keep explanations short. Never ask the user to run or edit anything.
- When told that the code failed, find the cause and reply with the complete corrected program."""


class AgentOptions(BaseModel):
    """The agent's plain (non-component) arguments, as the agent holds them and its config keeps them."""

    model_client_stream: bool = False
    max_retries_on_error: int = 3
    description: str | None = None
    system_message: str | None = DEFAULT_SYSTEM_MESSAGE
    sources: list[str] | None = None
    supported_languages: list[str] | None = None
    tests: str | None = None
    tests_language: str = "python"
    show_tests: bool = True
    handoff_target: str | None = None
    reflect_on_success: bool = True
    max_output_chars: int = DEFAULT_MAX_OUTPUT_CHARS
    default_language: str = "python"
    stop_on_decision: bool = True
    initial_code: str | None = None


class AgentComponents(BaseModel):
    """The agent's name and component arguments, as configs."""

    name: str
    code_executor: ComponentModel
    model_client: ComponentModel
    model_context: ComponentModel | None = None
    retry_model_client: ComponentModel | None = None
    retry_strategy: ComponentModel | None = None


class SelfDebuggingCodeExecutorAgentConfig(AgentOptions, AgentComponents):
    """Every constructor argument of :class:`SelfDebuggingCodeExecutorAgent` that can be serialised."""


class SelfDebuggingAgentState(BaseState):
    """The model context plus the attempt history."""

    type: str = Field(default="SelfDebuggingAgentState")
    llm_context: Mapping[str, Any] = Field(default_factory=lambda: {"messages": []})
    attempts: list[Attempt] = Field(default_factory=list[Attempt])
    rounds: int = 0
    tests_shown: bool = False
