import asyncio

import pytest

from fetcher import FetchError, fetch_all, fetch_with_retry, total_size

DELAYS = {"a": 0.05, "b": 0.01, "c": 0.03}


async def fake_fetch(url):
    await asyncio.sleep(DELAYS.get(url, 0))
    return f"<{url}>"


@pytest.mark.asyncio
async def test_fetch_all_keeps_input_order():
    result = await fetch_all(fake_fetch, ["a", "b", "c"])
    assert result == ["<a>", "<b>", "<c>"]


@pytest.mark.asyncio
async def test_fetch_all_empty():
    assert await fetch_all(fake_fetch, []) == []


@pytest.mark.asyncio
async def test_total_size():
    assert await total_size(fake_fetch, ["a", "bb", "c"]) == 3 + 4 + 3


@pytest.mark.asyncio
async def test_retry_then_success():
    calls = []

    async def flaky(url):
        calls.append(url)
        if len(calls) < 3:
            raise FetchError("boom")
        return "ok"

    assert await fetch_with_retry(flaky, "x", retries=2, delay=0) == "ok"
    assert calls == ["x", "x", "x"]


@pytest.mark.asyncio
async def test_retry_gives_up():
    async def always_fails(url):
        raise FetchError("down")

    with pytest.raises(FetchError):
        await fetch_with_retry(always_fails, "x", retries=1, delay=0)
