const { diff, describeChanges } = require('./diff');

describe('diff', () => {
  test('identical objects have no changes', () => {
    const rec = { id: 1, name: 'Ada', tags: ['x', 'y'], address: { city: 'Paris' } };
    expect(diff(rec, structuredClone(rec))).toEqual([]);
  });

  test('detects added and removed keys', () => {
    expect(diff({ a: 1, b: 2 }, { b: 2, c: 3 })).toEqual([
      { op: 'remove', path: 'a', oldValue: 1 },
      { op: 'add', path: 'c', value: 3 },
    ]);
  });

  test('replaced scalar', () => {
    expect(diff({ status: 'draft' }, { status: 'published' })).toEqual([
      { op: 'replace', path: 'status', oldValue: 'draft', value: 'published' },
    ]);
  });

  test('nested paths use dots', () => {
    expect(diff({ address: { city: 'Paris', zip: '75001' } }, { address: { city: 'Lyon', zip: '75001' } }))
      .toEqual([{ op: 'replace', path: 'address.city', oldValue: 'Paris', value: 'Lyon' }]);
  });

  test('arrays are compared by value', () => {
    expect(diff({ tags: ['a', 'b'] }, { tags: ['a', 'b'] })).toEqual([]);
    expect(diff({ tags: ['a'] }, { tags: ['a', 'b'] })).toHaveLength(1);
  });

  test('changing a value to zero, false or empty string is a replace, not a removal', () => {
    expect(diff({ qty: 5, active: true, note: 'hi' }, { qty: 0, active: false, note: '' })).toEqual([
      { op: 'replace', path: 'active', oldValue: true, value: false },
      { op: 'replace', path: 'note', oldValue: 'hi', value: '' },
      { op: 'replace', path: 'qty', oldValue: 5, value: 0 },
    ]);
  });

  test('setting a field to null is a replace', () => {
    expect(diff({ manager: 'Bo' }, { manager: null })).toEqual([
      { op: 'replace', path: 'manager', oldValue: 'Bo', value: null },
    ]);
  });
});

describe('describeChanges', () => {
  test('renders one line per change', () => {
    const lines = describeChanges(diff({ a: 1, b: { c: 2 } }, { b: { c: 3 }, d: 'x' }));
    expect(lines).toEqual(['- a', '~ b.c: 2 -> 3', '+ d = "x"']);
  });
});
