"""autogen-selfdebug: an AutoGen AgentChat agent that debugs its own code."""

from ._agent import SelfDebuggingAgentState, SelfDebuggingCodeExecutorAgent, SelfDebuggingCodeExecutorAgentConfig
from ._attempts import Attempt, AttemptKind, Outcome, RunSummary
from ._code_blocks import ExtractedCode, extract_code_blocks, normalize_language
from ._decision import DEFAULT_DECISION, RetryDecision
from ._errors import ModelCallError, ModelSelectionError, SandboxError, SelfDebugError, UsageError
from ._feedback import DEFAULT_MAX_OUTPUT_CHARS, truncate_output
from ._verification import CheckResult, Verifier

__all__ = [
    "DEFAULT_DECISION",
    "DEFAULT_MAX_OUTPUT_CHARS",
    "Attempt",
    "AttemptKind",
    "CheckResult",
    "ExtractedCode",
    "ModelCallError",
    "ModelSelectionError",
    "Outcome",
    "RetryDecision",
    "RunSummary",
    "SandboxError",
    "SelfDebugError",
    "SelfDebuggingAgentState",
    "SelfDebuggingCodeExecutorAgent",
    "SelfDebuggingCodeExecutorAgentConfig",
    "UsageError",
    "Verifier",
    "extract_code_blocks",
    "normalize_language",
    "truncate_output",
]
