// Work out the order in which monorepo packages must be built (Kahn's algorithm).
// Independent packages are built in alphabetical order so CI logs are stable.

export type DependencyMap = Record<string, string[]>;

export class CycleError extends Error {
  constructor(public readonly remaining: string[]) {
    super(`dependency cycle between: ${remaining.join(', ')}`);
    this.name = 'CycleError';
  }
}

export function buildOrder(deps: DependencyMap): string[] {
  const nodes = new Set<string>(Object.keys(deps));
  for (const list of Object.values(deps)) list.forEach((d) => nodes.add(d));

  const indegree = new Map<string, number>();
  const dependents = new Map<string, string[]>();
  for (const n of nodes) {
    indegree.set(n, 0);
    dependents.set(n, []);
  }
  for (const [pkg, list] of Object.entries(deps)) {
    for (const dep of new Set(list)) {
      indegree.set(pkg, indegree.get(pkg)! + 1);
      dependents.get(dep)!.push(pkg);
    }
  }

  const ready = [...nodes].filter((n) => indegree.get(n) === 0).sort();
  const order: string[] = [];
  while (ready.length > 0) {
    const next = ready.pop()!;
    order.push(next);
    for (const child of dependents.get(next)!) {
      const left = indegree.get(child)! - 1;
      indegree.set(child, left);
      if (left === 0) {
        ready.push(child);
        ready.sort();
      }
    }
  }

  if (order.length !== nodes.size) {
    throw new CycleError([...nodes].filter((n) => !order.includes(n)).sort());
  }
  return order;
}
