import pytest

from fetcher import first_done, gather_sorted


@pytest.mark.asyncio
async def test_gather_sorted():
    assert await gather_sorted([(0.01, 3), (0.02, 9), (0.0, 5)]) == [9, 5, 3]


@pytest.mark.asyncio
async def test_first_done():
    assert await first_done([(0.2, "slow"), (0.0, "fast")]) == "fast"
