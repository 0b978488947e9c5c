"""The same agent in the other role: the code is fixed and the model writes the tests.

``SelfDebuggingTestWriterAgent`` runs the self-debugging loop with a different check: an attempt
is a pytest file, and it passes only when it passes on the given code and catches enough of the
code's mutants (``_mutation_testing``). Tests that fail on the code, assert nothing, or miss
mutants get feedback naming what went wrong, and use up an attempt.
"""

from __future__ import annotations

from collections.abc import Sequence

from autogen_agentchat.agents._code_executor_agent import ApprovalFuncType
from autogen_core import Component
from autogen_core.code_executor import CodeBlock, CodeExecutor
from autogen_core.model_context import ChatCompletionContext
from autogen_core.models import ChatCompletionClient
from pydantic import Field
from typing_extensions import Self

from . import _feedback as feedback
from ._agent import SelfDebuggingCodeExecutorAgent, load_components
from ._agent_config import AgentComponents
from ._code_blocks import ExtractedCode
from ._mutation_testing import (
    DEFAULT_MAX_MUTANTS,
    DEFAULT_MIN_MUTATION_SCORE,
    MutationChecker,
    complete_part,
    module_name_problem,
    normalise_test_file,
)
from ._strategy import RetryStrategy

__all__ = ["DEFAULT_TEST_WRITER_SYSTEM_MESSAGE", "SelfDebuggingTestWriterAgent", "SelfDebuggingTestWriterAgentConfig"]

DEFAULT_TEST_WRITER_SYSTEM_MESSAGE = """You are an expert Python tester. You write pytest tests for code you are \
given; they are run for you.
- Reply with one complete pytest file in a single ```python code block.
- Import the code under test from its module: `from {module} import ...`. Never copy or redefine it.
- Write a few top-level test functions named test_*, with at most 12 asserts in all and no comments. Each assert \
checks the exact value the code returns for one input, worked out by hand. Cover normal cases, edge cases \
(empty, zero, boundaries) and invalid input (with pytest.raises when the code raises). Never repeat an assert.
- The code is correct: when a test fails on it, fix the test's expected value.
- When told which changed versions of the code (mutants) your tests miss, add asserts that fail on them."""


class SelfDebuggingTestWriterAgentConfig(AgentComponents):
    """Every constructor argument of :class:`SelfDebuggingTestWriterAgent` that can be serialised."""

    code: str
    module: str = "solution"
    min_mutation_score: float = DEFAULT_MIN_MUTATION_SCORE
    max_mutants: int = DEFAULT_MAX_MUTANTS
    model_client_stream: bool = False
    max_retries_on_error: int = 3
    description: str | None = None
    system_message: str = Field(default=DEFAULT_TEST_WRITER_SYSTEM_MESSAGE)
    sources: list[str] | None = None
    handoff_target: str | None = None
    max_output_chars: int = feedback.DEFAULT_MAX_OUTPUT_CHARS
    stop_on_decision: bool = True


_OPTIONS = frozenset(
    {"model_client_stream", "max_retries_on_error", "description", "sources", "handoff_target", "max_output_chars"}
    | {"stop_on_decision"}
)


class SelfDebuggingTestWriterAgent(SelfDebuggingCodeExecutorAgent, Component[SelfDebuggingTestWriterAgentConfig]):
    """An agent that writes pytest tests for fixed code, and improves them until they catch bugs.

    Each attempt is a test file. It is run with pytest on ``code`` (saved as ``{module}.py``),
    then on up to ``max_mutants`` mutants of ``code``. It passes when it passes on the code, asserts
    something, and fails on at least ``min_mutation_score`` of the mutants. The final message's
    ``metadata`` adds ``mutants_caught``, ``mutants_total`` and ``mutation_score`` to the
    outcome, attempts and ``code`` (the test file) of :class:`SelfDebuggingCodeExecutorAgent`.

    Args:
        name: The agent's name.
        code_executor: The sandbox that runs pytest; it needs Python with pytest.
        code: The Python code under test; the model cannot change it.
        module: The module name the tests import the code from.
        min_mutation_score: The share of mutants the tests must catch (0 to 1).
        max_mutants: The most mutants run per attempt, spread over the mutation operators.
        system_message: The system message; ``{module}`` is replaced by the module name.
        model_client, model_context, model_client_stream, max_retries_on_error, description, sources,
            approval_func, handoff_target, max_output_chars, stop_on_decision, retry_model_client,
            retry_strategy: As in :class:`SelfDebuggingCodeExecutorAgent`.

    Example:
        .. code-block:: python

            async with create_sandbox("local") as sandbox:
                agent = SelfDebuggingTestWriterAgent(
                    "tester", sandbox, code=open("calc.py").read(), module="calc",
                    model_client=resolve_model("local").client,
                )
                await Console(agent.run_stream(task="Write tests for calculate_discount."))
    """

    component_config_schema = SelfDebuggingTestWriterAgentConfig  # type: ignore[assignment]
    component_provider_override = "autogen_selfdebug.SelfDebuggingTestWriterAgent"

    DEFAULT_SYSTEM_MESSAGE = DEFAULT_TEST_WRITER_SYSTEM_MESSAGE

    def __init__(
        self,
        name: str,
        code_executor: CodeExecutor,
        *,
        code: str,
        module: str = "solution",
        min_mutation_score: float = DEFAULT_MIN_MUTATION_SCORE,
        max_mutants: int = DEFAULT_MAX_MUTANTS,
        model_client: ChatCompletionClient | None = None,
        model_context: ChatCompletionContext | None = None,
        model_client_stream: bool = False,
        max_retries_on_error: int = 3,
        description: str | None = None,
        system_message: str = DEFAULT_TEST_WRITER_SYSTEM_MESSAGE,
        sources: Sequence[str] | None = None,
        approval_func: ApprovalFuncType | None = None,
        handoff_target: str | None = None,
        max_output_chars: int = feedback.DEFAULT_MAX_OUTPUT_CHARS,
        stop_on_decision: bool = True,
        retry_model_client: ChatCompletionClient | None = None,
        retry_strategy: RetryStrategy | None = None,
    ) -> None:
        problem = module_name_problem(module)
        if problem is not None:
            raise ValueError(f"module: {problem}")
        if not 0.0 <= min_mutation_score <= 1.0:
            raise ValueError(f"min_mutation_score must be between 0 and 1, not {min_mutation_score}.")
        if max_mutants < 0:
            raise ValueError(f"max_mutants must be 0 or more, not {max_mutants}.")
        if not code.strip():
            raise ValueError("code is empty: there is nothing to write tests for.")
        super().__init__(
            name,
            code_executor,
            model_client=model_client,
            model_context=model_context,
            model_client_stream=model_client_stream,
            max_retries_on_error=max_retries_on_error,
            description=description or "A test agent that writes pytest tests and improves them until they catch bugs.",
            system_message=system_message.replace("{module}", module),
            sources=sources,
            supported_languages=["python"],
            approval_func=approval_func,
            handoff_target=handoff_target,
            reflect_on_success=False,
            max_output_chars=max_output_chars,
            stop_on_decision=stop_on_decision,
            retry_model_client=retry_model_client,
            retry_strategy=retry_strategy,
        )
        self._code = code
        self._module = module
        self._min_score = min_mutation_score
        self._max_mutants = max_mutants
        self._options.description = description
        self._options.system_message = system_message
        self._verifier = self._checker = MutationChecker(
            code, module=module, min_score=min_mutation_score, max_mutants=max_mutants
        )

    @property
    def code(self) -> str:
        """The code under test."""
        return self._code

    @property
    def mutants(self) -> list[str]:
        """The mutants each attempt's tests run on, described: "`a < b` changed to `a <= b` on line 7"."""
        return [m.description for m in self._checker.mutants]

    def _extract(self, content: str, *, model_wrote: bool = False) -> ExtractedCode:
        """The test file in a reply, as one block: a file cut off at the token limit keeps its
        complete part, and the file imports the code under test instead of copying it."""
        found = super()._extract(content, model_wrote=model_wrote)
        blocks = [b.code for b in found.blocks if b.language == "python"]
        if found.unterminated:
            opened = content.rfind("```")
            start = content.find("\n", opened)
            kept = complete_part(content[start + 1 :]) if opened >= 0 and start >= 0 else None
            if kept is None:
                return found
            blocks.append(kept)
        if not blocks:
            return found
        tests = normalise_test_file("\n\n".join(b.rstrip() for b in blocks) + "\n", self._code, self._module)
        block = CodeBlock(code=tests, language="python")
        return ExtractedCode(blocks=[block], unsupported=found.unsupported, imports_added=found.imports_added)

    def _notice(self) -> str | None:
        return (
            f"The code under test, saved as {self._module}.py (import it with `from {self._module} import ...`). "
            "It is correct and cannot change; your tests must pass on it and fail on buggy versions of it.\n"
            f"```python\n{self._code.rstrip()}\n```"
        )

    def _to_config(self) -> SelfDebuggingTestWriterAgentConfig:  # type: ignore[override]
        base = super()._to_config()
        return SelfDebuggingTestWriterAgentConfig(
            **base.model_dump(include=set(AgentComponents.model_fields) | _OPTIONS),
            system_message=self._options.system_message or "",
            code=self._code,
            module=self._module,
            min_mutation_score=self._min_score,
            max_mutants=self._max_mutants,
        )

    @classmethod
    def _from_config(cls, config: SelfDebuggingTestWriterAgentConfig) -> Self:  # type: ignore[override]
        return cls(
            config.name, **load_components(config), **config.model_dump(exclude=set(AgentComponents.model_fields))
        )
