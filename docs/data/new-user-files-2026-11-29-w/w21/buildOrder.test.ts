import { buildOrder, CycleError } from './buildOrder';

function assertValidOrder(order: string[], deps: Record<string, string[]>) {
  for (const [pkg, list] of Object.entries(deps)) {
    for (const dep of list) {
      expect(order.indexOf(dep)).toBeLessThan(order.indexOf(pkg));
    }
  }
}

describe('buildOrder', () => {
  it('builds a linear chain bottom-up', () => {
    expect(buildOrder({ app: ['ui'], ui: ['core'], core: [] })).toEqual(['core', 'ui', 'app']);
  });

  it('includes packages that only appear as dependencies', () => {
    expect(buildOrder({ cli: ['logger'] })).toEqual(['logger', 'cli']);
  });

  it('respects every edge in a diamond', () => {
    const deps = { app: ['api', 'web'], api: ['shared'], web: ['shared'], shared: [] };
    const order = buildOrder(deps);
    expect(order).toHaveLength(4);
    assertValidOrder(order, deps);
  });

  it('independent packages come out alphabetically', () => {
    expect(buildOrder({ zeta: [], alpha: [], mid: [] })).toEqual(['alpha', 'mid', 'zeta']);
  });

  it('ties are broken alphabetically at every step', () => {
    const deps = { docs: ['core'], web: ['core'], api: ['core'], core: [] };
    expect(buildOrder(deps)).toEqual(['core', 'api', 'docs', 'web']);
  });

  it('duplicate dependency entries are harmless', () => {
    expect(buildOrder({ a: ['b', 'b'], b: [] })).toEqual(['b', 'a']);
  });

  it('reports cycles with the packages involved', () => {
    const deps = { a: ['b'], b: ['c'], c: ['a'], d: [] };
    expect(() => buildOrder(deps)).toThrow(CycleError);
    try {
      buildOrder(deps);
    } catch (e) {
      expect((e as CycleError).remaining).toEqual(['a', 'b', 'c']);
    }
  });
});
