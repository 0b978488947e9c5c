import asyncio


class FetchError(Exception):
    pass


async def fetch_with_retry(fetch, url, retries=2, delay=0.01):
    """Call `await fetch(url)`, retrying on FetchError with a growing delay."""
    attempt = 0
    while True:
        try:
            return await fetch(url)
        except FetchError:
            if attempt >= retries:
                raise
            attempt += 1
            await asyncio.sleep(delay * attempt)


async def fetch_all(fetch, urls, limit=3):
    """Fetch all urls concurrently (at most `limit` at a time).

    Returns the bodies in the same order as `urls`.
    """
    sem = asyncio.Semaphore(limit)

    async def one(url):
        async with sem:
            return await fetch_with_retry(fetch, url)

    results = []
    for next_done in asyncio.as_completed([one(u) for u in urls]):
        results.append(await next_done)
    return results


async def total_size(fetch, urls):
    bodies = await fetch_all(fetch, urls)
    return sum(len(b) for b in bodies)
