"""The model as a source of candidates: it writes the most suspicious lines again, and the search runs them.

After the templates found nothing, the model is asked for each of the few most suspicious lines, a few
times at a warm temperature, for that one line written differently (the prompt's prefix, the program, the
tests and the last report, is the same for every call, so a server that keeps it evaluates it once). Each
reply becomes an edit of its line (``edits.line_rewrite``), and the search validates them in the sandbox
like template edits: it is the hybrid of automated program repair in which a model proposes the
statement and the tests dispose (AlphaRepair's and ChatRepair's line infilling, GiantRepair's patch
skeletons).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from autogen_core import CancellationToken
from autogen_core.models import ChatCompletionClient, RequestUsage, UserMessage

from .._feedback import rewrite_ask, rewrite_prompt
from .._model_call import add_usage, call_model, sampling_args
from ..edits import Edit, line_rewrite

__all__ = ["Rewrites", "ask_rewrites"]

# A line and its reason fit in this; a reply that rambles on is cut off, and its first code block still counts.
_MAX_TOKENS = 96


@dataclass
class Rewrites:
    """What the model proposed: the edits (distinct, in the order asked), and what they cost."""

    edits: list[Edit] = field(default_factory=list[Edit])
    calls: int = 0
    usage: RequestUsage = field(default_factory=lambda: RequestUsage(prompt_tokens=0, completion_tokens=0))
    seconds: float = 0.0

    def describe(self, lines: Sequence[int]) -> str:
        """One line for people: what was asked, what came back and what it cost."""
        where = ", ".join(str(n) for n in lines)
        tokens = self.usage.prompt_tokens + self.usage.completion_tokens
        return (
            f"The model wrote line{'s' if len(lines) > 1 else ''} {where} again {self.calls} times: "
            f"{len(self.edits)} different edit{'' if len(self.edits) == 1 else 's'} ({tokens} tokens, "
            f"{self.seconds:.1f} s)."
        )


async def ask_rewrites(
    client: ChatCompletionClient,
    program: str,
    *,
    language: str,
    tests: str,
    report: str,
    lines: Sequence[int],
    samples: int,
    temperature: float | None,
    seed: int | None,
    cancellation_token: CancellationToken,
) -> Rewrites:
    """Ask ``client`` ``samples`` times for each of ``lines`` (1-based, most suspicious first) written again, and
    return the distinct edits its replies make.

    Args:
        client: The model that writes the lines.
        program: The failed program.
        language: Its language.
        tests: The fixed tests it failed.
        report: What the last run reported (the per-assert results, with the values the lines used).
        lines: The lines to write again.
        samples: Calls per line.
        temperature: The sampling temperature of every call (``None``: the client's own).
        seed: The first call's seed; each later call uses the next one (``None``: no seed).
        cancellation_token: Cancels the calls.

    Raises:
        ModelCallError: A call failed (the client's error, said in one line).
    """
    started = time.monotonic()
    found = Rewrites()
    keys: set[tuple[int, int, str]] = set()
    head = rewrite_prompt(program, language, tests, report)
    rows = program.splitlines()
    for line in lines:
        ask = head + rewrite_ask(line, rows[line - 1], language)
        for _ in range(samples):
            extra = sampling_args(client, temperature, None if seed is None else seed + found.calls)
            if extra:  # a model that takes no sampling arguments (a reasoning model) takes no plain cap either
                extra["max_tokens"] = _MAX_TOKENS
            result = await call_model(
                client,
                [UserMessage(content=ask, source="repair_search")],
                purpose="code generation",
                cancellation_token=cancellation_token,
                extra_args=extra,
            )
            found.calls += 1
            found.usage = add_usage(found.usage, result.usage)
            reply = result.content if isinstance(result.content, str) else ""
            edit = line_rewrite(program, line, reply, language)
            if edit is not None and (key := (edit.start, edit.end, edit.text)) not in keys:
                keys.add(key)
                found.edits.append(edit)
    found.seconds = time.monotonic() - started
    return found
