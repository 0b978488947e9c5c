"""The retry decision: after a failed run, should the agent try again, and why?

The decision is a structured-output call. Models that support structured output get
``json_output=RetryDecision``; models with a plain JSON mode get ``json_output=True`` and the
schema in the prompt; others get the schema in the prompt alone. A server that refuses a form
(llama-cpp-python's server answers a JSON schema with HTTP 500; llama.cpp's llama-server takes
one, but answers a schema it cannot compile with HTTP 400) gets the next one, and the client
remembers it, so later decisions do not ask again. An answer that is not valid is asked for once
more, with the validation error, and then the documented default is used, so a bad answer never
ends the run.
"""

from __future__ import annotations

import json
import re
import weakref
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from autogen_agentchat.messages import ThoughtEvent
from autogen_core import CancellationToken
from autogen_core.models import AssistantMessage, ChatCompletionClient, LLMMessage, RequestUsage, UserMessage
from pydantic import BaseModel, Field, ValidationError

from ._errors import ModelCallError
from ._model_call import add_usage, call_model

__all__ = ["DEFAULT_DECISION", "DecisionResult", "RetryDecision", "decide_retry"]


class RetryDecision(BaseModel):
    """Whether to attempt another fix, and the diagnosis behind it.

    ``reason`` comes first so that a model writing the JSON in order diagnoses before it decides.
    """

    reason: str = Field(description="One or two sentences: the cause of the failure and the concrete fix.")
    retry: bool = Field(description="true if a corrected program could pass; false only if no program can.")
    approach: Literal["repair", "restart"] = Field(
        default="repair",
        description="repair: change the failed program; restart: write a new program from scratch.",
    )


DEFAULT_DECISION = RetryDecision(
    retry=True,
    reason="The retry decision could not be read, so the agent retries by default while attempts remain.",
)
"""Used when the model gives no valid decision twice: retrying is bounded by the attempt budget."""

_JSON_OBJECT = re.compile(r"\{.*\}", re.DOTALL)

OutputForm = bool | type[BaseModel] | None
# Strongest first: a JSON schema, JSON mode with the schema in the prompt, the prompt alone.
_FORMS: tuple[OutputForm, ...] = (RetryDecision, True, None)
# Per client, how many of the strongest forms its server refused.
_refused_forms: weakref.WeakKeyDictionary[ChatCompletionClient, int] = weakref.WeakKeyDictionary()
# llama-cpp-python's server names the field; llama-server says "JSON schema error" for a schema it cannot compile.
_FORM_WORDS = ("response_format", "json_schema", "json schema", "json_object", "structured output")


@dataclass
class DecisionResult:
    """The decision, the usage of every call made for it, and whether the default had to be used."""

    decision: RetryDecision
    usage: list[RequestUsage] = field(default_factory=list[RequestUsage])
    fell_back: bool = False

    def total_usage(self) -> RequestUsage:
        total = RequestUsage(prompt_tokens=0, completion_tokens=0)
        for usage in self.usage:
            total = add_usage(total, usage)
        return total

    def event(self, n: int, *, going_on: bool, shared: bool, source: str) -> ThoughtEvent:
        """The decision after attempt ``n`` (0-based) as an event; ``going_on`` says whether the round goes on."""
        verb = "retry" if self.decision.retry else "stop"
        if going_on and not self.decision.retry:
            verb = "stop (overruled: stop_on_decision is off and attempts remain)"
        return ThoughtEvent(
            content=f"Retry decision after attempt {n + 1}: {verb}. {self.decision.reason}",
            source=source,
            metadata={
                "kind": "retry_decision",
                "retry": str(self.decision.retry).lower(),
                "reason": self.decision.reason,
                "approach": self.decision.approach,
                "fell_back": str(self.fell_back).lower(),
                "continues": str(going_on).lower(),
                "shared": str(shared).lower(),
            },
        )


def _prompt(schema_in_prompt: bool) -> str:
    prompt = (
        "Look at the error output above. In reason, name the cause of the failure and the change that fixes it, "
        "in one or two sentences. Set retry to true if a corrected program could pass, and to false only if no "
        "program can (for example, it needs a service or a file that does not exist here). Set approach to "
        '"restart" if the program is wrong in its approach and should be written again from scratch, else "repair".'
    )
    if schema_in_prompt:
        schema = json.dumps(RetryDecision.model_json_schema())
        prompt += f"\nAnswer with only a JSON object that matches this JSON schema:\n{schema}"
    return prompt


def parse_decision(content: str) -> RetryDecision:
    """Read a decision, also when the JSON is wrapped in prose or a code fence.

    Raw control characters inside strings are accepted (``strict=False``): llama.cpp's JSON
    grammar lets a model put a real newline in a string, which strict JSON forbids.

    Raises:
        ValueError: No valid decision in ``content``; the message says what is wrong.
    """
    match = _JSON_OBJECT.search(content)
    candidates = [content] if match is None or match.group(0) == content else [content, match.group(0)]
    problem = "no JSON object found"
    for candidate in candidates:
        try:
            return RetryDecision.model_validate(json.loads(candidate, strict=False))
        except json.JSONDecodeError as error:
            problem = f"invalid JSON: {error.msg}"
        except ValidationError as error:
            first = error.errors()[0]
            problem = f"{'.'.join(str(p) for p in first['loc']) or 'value'}: {first['msg']}"
    raise ValueError(problem)


async def decide_retry(
    client: ChatCompletionClient,
    messages: Sequence[LLMMessage],
    *,
    cancellation_token: CancellationToken,
) -> DecisionResult:
    """Ask ``client`` whether to retry, given the conversation so far (system message included)."""
    forms = _forms(client)
    conversation: list[LLMMessage] = [
        *messages,
        UserMessage(content=_prompt(forms[0] is not RetryDecision), source="user"),
    ]

    result = DecisionResult(decision=DEFAULT_DECISION)
    for _ in range(2):
        while True:
            try:
                reply = await call_model(
                    client,
                    conversation,
                    purpose="retry decision",
                    json_output=forms[0],
                    cancellation_token=cancellation_token,
                )
                break
            except ModelCallError as error:
                if len(forms) == 1 or not _refuses_form(error):
                    raise
                forms = forms[1:]
                _refused_forms[client] = len(_FORMS) - len(forms)
                conversation[len(messages)] = UserMessage(content=_prompt(forms[0] is not RetryDecision), source="user")
        result.usage.append(reply.usage)
        content = reply.content if isinstance(reply.content, str) else str(reply.content)
        try:
            result.decision = parse_decision(content)
            return result
        except ValueError as error:
            conversation += [
                AssistantMessage(content=content, source="assistant"),
                UserMessage(
                    content=f"That answer is not valid ({error}). Answer again with only a short "
                    'JSON object like {"reason": "...", "retry": true}.',
                    source="user",
                ),
            ]
    result.fell_back = True
    return result


def _forms(client: ChatCompletionClient) -> tuple[OutputForm, ...]:
    """The output forms to try for ``client``, strongest first: those it supports and has not refused."""
    info = client.model_info
    supported = (
        bool(info.get("structured_output", False)),
        bool(info.get("json_output", False)),
        True,
    )
    skip = _refused_forms.get(client, 0)
    return tuple(form for i, (form, ok) in enumerate(zip(_FORMS, supported, strict=True)) if ok and i >= skip)


def _refuses_form(error: ModelCallError) -> bool:
    """Whether the server refused the requested output form (rather than failing for another reason)."""
    cause = error.__cause__
    text = f"{error} {cause}".lower()
    return any(word in text for word in _FORM_WORDS)
