import { describe, expect, it } from 'vitest';
import { markdownTable } from './mdtable.js';

describe('markdownTable', () => {
  it('renders a basic table with padded columns', () => {
    const out = markdownTable(
      [
        ['apples', 3],
        ['kiwi', 12],
      ],
      { headers: ['Fruit', 'Qty'] },
    );
    expect(out).toBe(
      ['| Fruit  | Qty |', '| ------ | --- |', '| apples | 3   |', '| kiwi   | 12  |'].join('\n'),
    );
  });

  it('right-aligns numeric columns when asked', () => {
    const out = markdownTable([['Rent', 1200], ['Food', 85]], {
      headers: ['Item', 'Amount'],
      align: [undefined, 'right'],
    });
    expect(out.split('\n')).toEqual([
      '| Item | Amount |',
      '| ---- | -----: |',
      '| Rent |   1200 |',
      '| Food |     85 |',
    ]);
  });

  it('centers text, putting the odd space on the right', () => {
    const out = markdownTable([['ok']], { headers: ['Status'], align: ['center'] });
    expect(out.split('\n')).toEqual(['| Status |', '| :----: |', '|   ok   |']);
    const odd = markdownTable([['abc']], { headers: ['Result'], align: ['center'] });
    expect(odd.split('\n')[2]).toBe('|  abc   |');
  });

  it('uses a minimum column width of three', () => {
    const out = markdownTable([['x']], { headers: ['a'], align: ['left'] });
    expect(out).toBe('| a   |\n| :-- |\n| x   |');
  });

  it('escapes pipes and flattens newlines', () => {
    const out = markdownTable([['a|b', 'line1\nline2']], { headers: ['Expr', 'Note'] });
    expect(out.split('\n')[2]).toBe('| a\\|b | line1 line2 |');
  });

  it('fills missing cells and ignores extra ones', () => {
    const out = markdownTable([['only'], ['x', 'y', 'z']], { headers: ['A', 'B'] });
    expect(out.split('\n').slice(2)).toEqual(['| only |     |', '| x    | y   |']);
  });

  it('requires headers', () => {
    expect(() => markdownTable([['a']], { headers: [] })).toThrow('headers are required');
  });
});
