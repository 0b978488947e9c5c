import { delayFor, retry, schedule, totalWait } from './backoff';

describe('delayFor', () => {
  it('starts at the base delay and grows by the factor', () => {
    const opts = { baseMs: 100 };
    expect(delayFor(1, opts)).toBe(100);
    expect(delayFor(2, opts)).toBe(200);
    expect(delayFor(4, opts)).toBe(800);
  });

  it('supports a custom factor and a cap', () => {
    expect(delayFor(3, { baseMs: 50, factor: 3 })).toBe(450);
    expect(delayFor(10, { baseMs: 100, maxMs: 5_000 })).toBe(5_000);
  });

  it('rejects attempt numbers below 1', () => {
    expect(() => delayFor(0, { baseMs: 100 })).toThrow(RangeError);
  });
});

describe('schedule', () => {
  it('lists the waits between attempts', () => {
    expect(schedule({ baseMs: 250, maxAttempts: 4 })).toEqual([250, 500, 1000]);
    expect(schedule({ baseMs: 250, maxAttempts: 1 })).toEqual([]);
    expect(totalWait({ baseMs: 100, maxAttempts: 6, maxMs: 1000 })).toBe(100 + 200 + 400 + 800 + 1000);
  });
});

describe('retry', () => {
  it('retries until success and sleeps between attempts', async () => {
    const waits: number[] = [];
    const sleep = async (ms: number) => {
      waits.push(ms);
    };
    let calls = 0;
    const result = await retry(
      async () => {
        calls++;
        if (calls < 3) throw new Error('flaky');
        return 'ok';
      },
      { baseMs: 10 },
      sleep,
    );
    expect(result).toBe('ok');
    expect(calls).toBe(3);
    expect(waits).toEqual([10, 20]);
  });

  it('gives up after maxAttempts and rethrows the last error', async () => {
    const waits: number[] = [];
    const attempts: number[] = [];
    await expect(
      retry(
        async (n) => {
          attempts.push(n);
          throw new Error(`fail ${n}`);
        },
        { baseMs: 5, maxAttempts: 3 },
        async (ms) => {
          waits.push(ms);
        },
      ),
    ).rejects.toThrow('fail 3');
    expect(attempts).toEqual([1, 2, 3]);
    expect(waits).toEqual([5, 10]);
  });

  it('does not retry errors the caller marks as permanent', async () => {
    let calls = 0;
    await expect(
      retry(
        async () => {
          calls++;
          throw new Error('404');
        },
        { baseMs: 1 },
        async () => {},
        (err) => !(err instanceof Error && err.message === '404'),
      ),
    ).rejects.toThrow('404');
    expect(calls).toBe(1);
  });
});
