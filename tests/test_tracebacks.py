"""Tracebacks cut to the program's own frames, on real tracebacks from Python and Node.js."""

from __future__ import annotations

import shutil

import pytest
from autogen_core import CancellationToken
from autogen_core.code_executor import CodeBlock
from autogen_ext.code_executors.local import LocalCommandLineCodeExecutor

from autogen_selfdebug import LocalSandbox
from autogen_selfdebug._tracebacks import final_error, trim_traceback


async def run(executor: LocalCommandLineCodeExecutor | LocalSandbox, code: str, language: str = "python") -> str:
    result = await executor.execute_code_blocks([CodeBlock(code=code, language=language)], CancellationToken())
    assert result.exit_code != 0
    return result.output


async def test_standard_library_frames_are_hidden(executor: LocalCommandLineCodeExecutor) -> None:
    output = await run(executor, "import json\n\ndef load(text):\n    return json.loads(text)\n\nload('{')")
    trimmed = trim_traceback(output)
    assert "json/decoder.py" in output and "json/decoder.py" not in trimmed
    assert "library frames hidden]" in trimmed
    assert "line 4, in load" in trimmed and "return json.loads(text)" in trimmed  # the program's frames stay
    assert trimmed.rstrip().endswith(output.rstrip().splitlines()[-1])  # the error line itself stays
    assert final_error(output) == "JSONDecodeError"


async def test_site_packages_frames_are_hidden(executor: LocalCommandLineCodeExecutor) -> None:
    output = await run(executor, "import pydantic\n\npydantic.TypeAdapter(int).validate_python('x')")
    trimmed = trim_traceback(output)
    assert "site-packages" in output and "site-packages" not in trimmed
    assert final_error(output) == "ValidationError"


async def test_a_plain_name_error_is_kept_whole(executor: LocalCommandLineCodeExecutor) -> None:
    output = await run(executor, "print(undefined_name)")
    assert trim_traceback(output) == output.rstrip("\n")
    assert final_error(output) == "NameError"


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
async def test_node_internal_frames_are_hidden() -> None:
    async with LocalSandbox(timeout=30) as executor:
        output = await run(executor, "function parse(t) { return JSON.parse(t); }\nparse('{');", "javascript")
        missing = await run(executor, "console.log(missing);", "javascript")
    trimmed = trim_traceback(output)
    assert "node:internal" in output and "node:internal" not in trimmed
    assert "at parse" in trimmed
    assert final_error(output) == "SyntaxError"
    assert final_error(missing) == "ReferenceError"


def test_final_error_reads_typescript_and_nothing() -> None:
    assert final_error("a.ts(3,1): error TS2304: Cannot find name 'x'.") == "TS2304"
    assert final_error("all fine\n") is None
