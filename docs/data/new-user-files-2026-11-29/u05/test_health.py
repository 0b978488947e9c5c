import asyncio

import pytest

from health import HealthChecker


def make_probe(responses, delays=None):
    delays = delays or {}

    async def probe(url):
        await asyncio.sleep(delays.get(url, 0))
        outcome = responses[url]
        if isinstance(outcome, Exception):
            raise outcome
        return outcome

    return probe


@pytest.mark.asyncio
async def test_check_up():
    checker = HealthChecker(make_probe({"http://api": 204}))
    result = await checker.check("api", "http://api")
    assert result.up is True
    assert result.detail == "HTTP 204"


@pytest.mark.asyncio
async def test_check_server_error():
    checker = HealthChecker(make_probe({"http://api": 503}))
    result = await checker.check("api", "http://api")
    assert result.up is False
    assert result.detail == "HTTP 503"


@pytest.mark.asyncio
async def test_check_connection_error():
    checker = HealthChecker(make_probe({"http://db": ConnectionRefusedError("refused")}))
    result = await checker.check("db", "http://db")
    assert not result.up
    assert result.detail == "connection error: refused"


@pytest.mark.asyncio
async def test_check_timeout():
    checker = HealthChecker(make_probe({"http://slow": 200}, {"http://slow": 0.5}), timeout=0.05)
    result = await checker.check("slow", "http://slow")
    assert result.detail == "timeout"


@pytest.mark.asyncio
async def test_first_available_skips_down_services():
    probe = make_probe({"http://a": 500, "http://b": ConnectionError("x"), "http://c": 200})
    checker = HealthChecker(probe)
    candidates = [("a", "http://a"), ("b", "http://b"), ("c", "http://c")]
    assert await checker.first_available(candidates) == "c"


@pytest.mark.asyncio
async def test_first_available_none_up():
    checker = HealthChecker(make_probe({"http://a": 500}))
    assert await checker.first_available([("a", "http://a")]) is None


@pytest.mark.asyncio
async def test_summary():
    probe = make_probe({"http://a": 200, "http://b": 502, "http://c": 200})
    checker = HealthChecker(probe)
    services = {"web": "http://a", "queue": "http://b", "cache": "http://c"}
    assert await checker.summary(services) == "1/3 down: queue"


@pytest.mark.asyncio
async def test_summary_all_up():
    checker = HealthChecker(make_probe({"http://a": 200}))
    assert await checker.summary({"web": "http://a"}) == "all 1 services up"
