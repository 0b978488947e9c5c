import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deliverAll, deliverOne, type Sender } from './webhooks';

function fakeServer(script: Record<string, Array<number | Error>>) {
  const calls: string[] = [];
  const send: Sender = async (url) => {
    calls.push(url);
    await new Promise((resolve) => setTimeout(resolve, 1));
    const next = script[url].shift();
    if (next === undefined) throw new Error(`unexpected call to ${url}`);
    if (next instanceof Error) throw next;
    return next;
  };
  return { send, calls };
}

test('deliverOne succeeds on the first try', async () => {
  const { send, calls } = fakeServer({ 'https://a.test/hook': [200] });
  assert.equal(await deliverOne({ id: 'a', url: 'https://a.test/hook' }, '{}', send), null);
  assert.equal(calls.length, 1);
});

test('deliverOne retries server errors and network failures', async () => {
  const { send, calls } = fakeServer({ 'https://a.test/hook': [503, new Error('ECONNRESET'), 204] });
  const result = await deliverOne({ id: 'a', url: 'https://a.test/hook' }, '{}', send, 3, 1);
  assert.equal(result, null);
  assert.equal(calls.length, 3);
});

test('deliverOne does not retry client errors', async () => {
  const { send, calls } = fakeServer({ 'https://a.test/hook': [404] });
  assert.equal(await deliverOne({ id: 'a', url: 'https://a.test/hook' }, '{}', send, 3, 1), 'HTTP 404');
  assert.equal(calls.length, 1);
});

test('deliverOne reports the last failure after max attempts', async () => {
  const { send } = fakeServer({ 'https://a.test/hook': [500, 502] });
  assert.equal(await deliverOne({ id: 'a', url: 'https://a.test/hook' }, '{}', send, 2, 1), 'HTTP 502');
});

test('deliverAll reports every hook', async () => {
  const { send } = fakeServer({
    'https://b.test': [200],
    'https://a.test': [500, 201],
    'https://c.test': [410],
  });
  const hooks = [
    { id: 'b', url: 'https://b.test' },
    { id: 'a', url: 'https://a.test' },
    { id: 'c', url: 'https://c.test' },
  ];
  const report = await deliverAll(hooks, { event: 'order.paid' }, send, { backoffMs: 1 });
  assert.deepEqual(report, {
    delivered: ['a', 'b'],
    failed: [{ id: 'c', reason: 'HTTP 410' }],
  });
});

test('deliverAll sends the JSON payload', async () => {
  const bodies: string[] = [];
  const send: Sender = async (_url, body) => {
    bodies.push(body);
    return 200;
  };
  const report = await deliverAll([{ id: 'x', url: 'https://x.test' }], { id: 7 }, send);
  assert.deepEqual(bodies, ['{"id":7}']);
  assert.deepEqual(report.delivered, ['x']);
});

test('deliverAll with no hooks', async () => {
  assert.deepEqual(await deliverAll([], {}, fakeServer({}).send), { delivered: [], failed: [] });
});
