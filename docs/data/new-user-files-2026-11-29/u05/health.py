import asyncio
from dataclasses import dataclass


@dataclass
class CheckResult:
    name: str
    up: bool
    detail: str


class HealthChecker:
    def __init__(self, probe, timeout=2.0):
        # probe: async callable taking a URL and returning an HTTP status code
        self.probe = probe
        self.timeout = timeout

    async def check(self, name, url):
        try:
            status = await asyncio.wait_for(self.probe(url), self.timeout)
        except asyncio.TimeoutError:
            return CheckResult(name, False, "timeout")
        except ConnectionError as exc:
            return CheckResult(name, False, f"connection error: {exc}")
        if 200 <= status < 300:
            return CheckResult(name, True, f"HTTP {status}")
        return CheckResult(name, False, f"HTTP {status}")

    async def is_up(self, name, url):
        result = await self.check(name, url)
        return result.up

    async def check_all(self, services):
        results = await asyncio.gather(
            *(self.check(name, url) for name, url in services.items())
        )
        return {result.name: result for result in results}

    async def first_available(self, candidates):
        """Return the name of the first (name, url) candidate that is up."""
        for name, url in candidates:
            if self.is_up(name, url):
                return name
        return None

    async def summary(self, services):
        results = await self.check_all(services)
        down = sorted(name for name, result in results.items() if not result.up)
        if not down:
            return f"all {len(results)} services up"
        return f"{len(down)}/{len(results)} down: {', '.join(down)}"
