import { describe, expect, it } from 'vitest';
import { describeFree, freeSlots, mergeBusy, toClock } from './busy';

const h = (hours: number, minutes = 0) => hours * 60 + minutes;

describe('mergeBusy', () => {
  it('sorts and keeps separate blocks apart', () => {
    expect(mergeBusy([{ start: h(13), end: h(14) }, { start: h(9), end: h(10) }])).toEqual([
      { start: h(9), end: h(10) },
      { start: h(13), end: h(14) },
    ]);
  });

  it('merges overlapping and touching blocks', () => {
    expect(
      mergeBusy([
        { start: h(9), end: h(10) },
        { start: h(9, 30), end: h(11) },
        { start: h(11), end: h(11, 30) },
      ]),
    ).toEqual([{ start: h(9), end: h(11, 30) }]);
  });

  it('a block inside another does not shorten it', () => {
    expect(
      mergeBusy([
        { start: h(9), end: h(12) },
        { start: h(10), end: h(10, 30) },
      ]),
    ).toEqual([{ start: h(9), end: h(12) }]);
  });

  it('drops empty blocks and does not mutate input', () => {
    const input = [{ start: h(8), end: h(8) }, { start: h(9), end: h(10) }];
    mergeBusy(input);
    expect(mergeBusy(input)).toEqual([{ start: h(9), end: h(10) }]);
    expect(input[1]).toEqual({ start: h(9), end: h(10) });
  });
});

describe('freeSlots', () => {
  it('whole day is free without meetings', () => {
    expect(freeSlots([], h(9), h(17))).toEqual([{ start: h(9), end: h(17) }]);
  });

  it('skips gaps shorter than the minimum', () => {
    const busy = [{ start: h(9), end: h(10) }, { start: h(10, 10), end: h(12) }];
    expect(freeSlots(busy, h(9), h(13))).toEqual([{ start: h(12), end: h(13) }]);
  });

  it('ignores meetings outside working hours', () => {
    const busy = [{ start: h(7), end: h(8) }, { start: h(18), end: h(19) }];
    expect(freeSlots(busy, h(9), h(17))).toEqual([{ start: h(9), end: h(17) }]);
  });

  it('long all-hands with a short sync inside it', () => {
    const busy = [
      { start: h(10), end: h(13) },
      { start: h(11), end: h(11, 15) },
      { start: h(15), end: h(16) },
    ];
    expect(describeFree(busy, h(9), h(17))).toEqual(['09:00-10:00', '13:00-15:00', '16:00-17:00']);
  });
});

describe('toClock', () => {
  it('pads hours and minutes', () => {
    expect(toClock(h(9, 5))).toBe('09:05');
    expect(toClock(h(23, 59))).toBe('23:59');
  });
});
