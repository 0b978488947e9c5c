const { toMinutes, fromMinutes, mergeBusy, freeSlots, firstSlot } = require('./freeSlots');

test('time conversion', () => {
  expect(toMinutes('09:30')).toBe(570);
  expect(toMinutes('17:05')).toBe(1025);
  expect(fromMinutes(545)).toBe('09:05');
  expect(() => toMinutes('9.30')).toThrow();
});

test('merges overlapping and touching intervals given in order', () => {
  expect(mergeBusy([['09:00', '10:00'], ['09:30', '11:00'], ['11:00', '11:30']])).toEqual([[540, 690]]);
});

test('merges intervals given out of order', () => {
  expect(mergeBusy([['16:45', '17:30'], ['09:00', '10:00'], ['09:30', '10:30']])).toEqual([
    [540, 630],
    [1005, 1050],
  ]);
});

test('free slots between meetings', () => {
  const busy = [['10:00', '11:00'], ['13:00', '14:30']];
  expect(freeSlots(busy)).toEqual([
    ['09:00', '10:00'],
    ['11:00', '13:00'],
    ['14:30', '17:00'],
  ]);
});

test('free slots with an unsorted calendar spanning the afternoon', () => {
  const busy = [['16:40', '18:00'], ['08:00', '09:30'], ['12:00', '13:00']];
  expect(freeSlots(busy, '09:00', '18:00')).toEqual([
    ['09:30', '12:00'],
    ['13:00', '16:40'],
  ]);
});

test('minimum slot length', () => {
  const busy = [['09:20', '10:00'], ['10:15', '16:50']];
  expect(freeSlots(busy, '09:00', '17:00', 30)).toEqual([]);
  expect(freeSlots(busy, '09:00', '17:00', 15)).toEqual([['09:00', '09:20'], ['10:00', '10:15']]);
});

test('first slot of a given length', () => {
  const busy = [['16:00', '17:00'], ['09:00', '09:45'], ['10:00', '15:30']];
  expect(firstSlot(busy, 30, '09:00', '17:00')).toEqual(['15:30', '16:00']);
  expect(firstSlot(busy, 45, '09:00', '17:00')).toBeNull();
});
