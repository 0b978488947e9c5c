const { letterGrade, median, classReport } = require('./gradebook');

describe('letterGrade', () => {
  test.each([
    [100, 'A'],
    [90, 'A'],
    [89.5, 'B'],
    [70, 'C'],
    [61, 'D'],
    [0, 'F'],
  ])('%p -> %s', (score, grade) => {
    expect(letterGrade(score)).toBe(grade);
  });

  test('rejects out-of-range scores', () => {
    expect(() => letterGrade(101)).toThrow(RangeError);
    expect(() => letterGrade(-1)).toThrow(RangeError);
    expect(() => letterGrade(NaN)).toThrow(RangeError);
  });
});

describe('median', () => {
  test('odd number of values', () => {
    expect(median([72, 95, 88])).toBe(88);
  });

  test('even number of values', () => {
    expect(median([60, 80, 70, 90])).toBe(75);
  });

  test('mixes one-, two- and three-digit scores', () => {
    expect(median([100, 85, 90])).toBe(90);
    expect(median([8, 100, 90, 95])).toBe(92.5);
  });

  test('does not reorder the input', () => {
    const scores = [3, 1, 2];
    median(scores);
    expect(scores).toEqual([3, 1, 2]);
  });

  test('throws on empty input', () => {
    expect(() => median([])).toThrow('empty');
  });
});

describe('classReport', () => {
  const students = [
    { name: 'Ana', score: 100 },
    { name: 'Ben', score: 58 },
    { name: 'Cai', score: 91 },
    { name: 'Dee', score: 100 },
    { name: 'Eli', score: 74 },
  ];

  test('summarises the class', () => {
    expect(classReport(students)).toEqual({
      count: 5,
      average: 84.6,
      median: 91,
      top: ['Ana', 'Dee'],
      distribution: { A: 3, B: 0, C: 1, D: 0, F: 1 },
    });
  });
});
