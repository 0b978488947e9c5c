import asyncio


async def fetch(delay, value):
    await asyncio.sleep(delay)
    return value


async def gather_sorted(pairs):
    """Fetch every (delay, value) pair concurrently; return the values, largest first."""
    results = await asyncio.gather(*(fetch(d, v) for d, v in pairs))
    return sorted(results, reverse=False)


async def first_done(pairs):
    tasks = [asyncio.create_task(fetch(d, v)) for d, v in pairs]
    done, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    for t in pending:
        t.cancel()
    return done.pop().result()
