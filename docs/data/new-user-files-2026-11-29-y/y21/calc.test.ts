import { evaluate, tokenize, toRpn } from './calc';

describe('tokenize', () => {
  it('splits numbers, operators and parentheses', () => {
    expect(tokenize('12.5 * (3+4)')).toEqual([
      { kind: 'num', value: 12.5 },
      { kind: 'op', value: '*' },
      { kind: 'paren', value: '(' },
      { kind: 'num', value: 3 },
      { kind: 'op', value: '+' },
      { kind: 'num', value: 4 },
      { kind: 'paren', value: ')' },
    ]);
  });

  it('rejects unknown characters', () => {
    expect(() => tokenize('2 $ 3')).toThrow(SyntaxError);
  });
});

describe('toRpn', () => {
  it('puts higher precedence operators first', () => {
    expect(toRpn(tokenize('1 + 2 * 3'))).toEqual([1, 2, 3, '*', '+']);
  });

  it('keeps left-to-right order for equal precedence', () => {
    expect(toRpn(tokenize('8 - 3 + 1'))).toEqual([8, 3, '-', 1, '+']);
  });
});

describe('evaluate', () => {
  it.each([
    ['2 + 3 * 4', 14],
    ['(2 + 3) * 4', 20],
    ['1 + 2 + 3', 6],
    ['2 * 3 * 4', 24],
    ['10 - 3 - 2', 5],
    ['100 / 10 / 5', 2],
    ['7 - (2 - 1)', 6],
  ])('%s = %d', (src, expected) => {
    expect(evaluate(src)).toBe(expected);
  });

  it('reports unbalanced parentheses', () => {
    expect(() => evaluate('(1 + 2')).toThrow('unbalanced (');
    expect(() => evaluate('1 + 2)')).toThrow('unbalanced )');
  });
});
