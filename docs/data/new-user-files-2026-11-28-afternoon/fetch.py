import asyncio


async def fetch(n):
    await asyncio.sleep(0.01)
    return n * n


async def fetch_all(ns):
    results = await asyncio.gather(*(fetch(n) for n in ns))
    return sum(results[1:])


assert asyncio.run(fetch_all([1, 2, 3])) == 14
assert asyncio.run(fetch_all([])) == 0
