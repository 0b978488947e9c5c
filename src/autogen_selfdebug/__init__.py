"""autogen-selfdebug: an AutoGen AgentChat agent that debugs its own code."""

from ._agent import SelfDebuggingAgentState, SelfDebuggingCodeExecutorAgent, SelfDebuggingCodeExecutorAgentConfig
from ._attempts import Attempt, AttemptKind, Outcome, RunSummary
from ._code_blocks import ExtractedCode, extract_code_blocks, normalize_language
from ._decision import DEFAULT_DECISION, RetryDecision
from ._errors import ModelCallError, ModelSelectionError, SandboxError, SelfDebugError, UsageError
from ._feedback import DEFAULT_MAX_OUTPUT_CHARS, truncate_output
from ._fix_job import fix_prompt, fixed_source
from ._mutation_testing import MutationChecker, MutationReport, module_name_problem, review_test_file
from ._strategy import AttemptPlan, DecidePolicy, Move, RetryStrategy, RetryStrategyConfig, StrategyMode
from ._teams import build_debugging_team, last_run_summary, person_prompt
from ._termination import (
    ALL_OUTCOMES,
    DEFAULT_STOP_WORDS,
    SelfDebugOutcomeTermination,
    SelfDebugOutcomeTerminationConfig,
    UserStopTermination,
    UserStopTerminationConfig,
)
from ._test_writer import (
    DEFAULT_TEST_WRITER_SYSTEM_MESSAGE,
    SelfDebuggingTestWriterAgent,
    SelfDebuggingTestWriterAgentConfig,
)
from ._verification import CheckResult, Verifier
from .models import (
    LocalServer,
    ModelSpec,
    ResolvedModel,
    ServerEngine,
    local_model_installed,
    local_model_path,
    parse_model_spec,
    resolve_model,
)
from .sandboxes import DockerSandbox, LocalSandbox, SandboxKind, create_sandbox

__all__ = [
    "ALL_OUTCOMES",
    "DEFAULT_DECISION",
    "DEFAULT_MAX_OUTPUT_CHARS",
    "DEFAULT_STOP_WORDS",
    "DEFAULT_TEST_WRITER_SYSTEM_MESSAGE",
    "Attempt",
    "AttemptKind",
    "AttemptPlan",
    "CheckResult",
    "DecidePolicy",
    "DockerSandbox",
    "ExtractedCode",
    "LocalSandbox",
    "LocalServer",
    "ModelCallError",
    "ModelSelectionError",
    "ModelSpec",
    "Move",
    "MutationChecker",
    "MutationReport",
    "Outcome",
    "ResolvedModel",
    "RetryDecision",
    "RetryStrategy",
    "RetryStrategyConfig",
    "RunSummary",
    "SandboxError",
    "SandboxKind",
    "SelfDebugError",
    "SelfDebugOutcomeTermination",
    "SelfDebugOutcomeTerminationConfig",
    "SelfDebuggingAgentState",
    "SelfDebuggingCodeExecutorAgent",
    "SelfDebuggingCodeExecutorAgentConfig",
    "SelfDebuggingTestWriterAgent",
    "SelfDebuggingTestWriterAgentConfig",
    "ServerEngine",
    "StrategyMode",
    "UsageError",
    "UserStopTermination",
    "UserStopTerminationConfig",
    "Verifier",
    "build_debugging_team",
    "create_sandbox",
    "extract_code_blocks",
    "fix_prompt",
    "fixed_source",
    "last_run_summary",
    "local_model_installed",
    "local_model_path",
    "module_name_problem",
    "normalize_language",
    "parse_model_spec",
    "person_prompt",
    "resolve_model",
    "review_test_file",
    "truncate_output",
]
