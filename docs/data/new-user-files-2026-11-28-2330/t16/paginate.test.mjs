import { test } from 'node:test';
import assert from 'node:assert/strict';
import { paginate, collect, countWhere } from './paginate.mjs';

function fakeApi(pages) {
  const calls = [];
  const fetchPage = async (cursor) => {
    calls.push(cursor);
    const index = cursor === null ? 0 : Number(cursor);
    await new Promise((r) => setTimeout(r, 1));
    return {
      items: pages[index],
      next: index + 1 < pages.length ? String(index + 1) : null,
    };
  };
  return { fetchPage, calls };
}

test('walks every page in order', async () => {
  const { fetchPage, calls } = fakeApi([[1, 2], [3], [4, 5]]);
  const seen = [];
  for await (const item of paginate(fetchPage)) {
    seen.push(item);
  }
  assert.deepEqual(seen, [1, 2, 3, 4, 5]);
  assert.deepEqual(calls, [null, '1', '2']);
});

test('single page', async () => {
  const { fetchPage } = fakeApi([['only']]);
  assert.deepEqual(await collect(paginate(fetchPage)), ['only']);
});

test('maxPages stops early', async () => {
  const { fetchPage, calls } = fakeApi([[1], [2], [3]]);
  assert.deepEqual(await collect(paginate(fetchPage, { maxPages: 2 })), [1, 2]);
  assert.equal(calls.length, 2);
});

test('collect with a limit stops fetching', async () => {
  const { fetchPage, calls } = fakeApi([[1, 2], [3, 4], [5, 6]]);
  assert.deepEqual(await collect(paginate(fetchPage), 3), [1, 2, 3]);
  assert.equal(calls.length, 2);
});

test('countWhere', async () => {
  const { fetchPage } = fakeApi([[1, 2, 3], [4, 5, 6]]);
  assert.equal(await countWhere(paginate(fetchPage), (n) => n % 2 === 0), 3);
});
