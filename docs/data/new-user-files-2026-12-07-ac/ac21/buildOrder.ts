export type DependencyGraph = Record<string, string[]>;

export class CycleError extends Error {
  constructor(public readonly unresolved: string[]) {
    super(`dependency cycle among: ${unresolved.join(", ")}`);
    this.name = "CycleError";
  }
}

/**
 * Order packages so every package comes after its dependencies (Kahn's
 * algorithm). Among packages that are ready at the same time the
 * alphabetically first one is built first, so the output is stable.
 */
export function buildOrder(graph: DependencyGraph): string[] {
  const nodes = new Set<string>();
  for (const [pkg, deps] of Object.entries(graph)) {
    nodes.add(pkg);
    deps.forEach((d) => nodes.add(d));
  }

  const pending = new Map<string, number>();
  const dependents = new Map<string, string[]>();
  for (const node of nodes) {
    pending.set(node, 0);
    dependents.set(node, []);
  }
  for (const [pkg, deps] of Object.entries(graph)) {
    for (const dep of new Set(deps)) {
      pending.set(pkg, pending.get(pkg)! + 1);
      dependents.get(dep)!.push(pkg);
    }
  }

  const ready = [...nodes].filter((n) => pending.get(n) === 0).sort();
  const order: string[] = [];
  while (ready.length > 0) {
    const next = ready.pop()!;
    order.push(next);
    for (const dependent of dependents.get(next)!) {
      const left = pending.get(dependent)! - 1;
      pending.set(dependent, left);
      if (left === 0) {
        ready.push(dependent);
        ready.sort();
      }
    }
  }

  if (order.length !== nodes.size) {
    throw new CycleError([...nodes].filter((n) => pending.get(n)! > 0).sort());
  }
  return order;
}

/** Packages that must be rebuilt when `changed` changes, in build order. */
export function affectedBy(graph: DependencyGraph, changed: string): string[] {
  const reverse = new Map<string, string[]>();
  for (const [pkg, deps] of Object.entries(graph)) {
    for (const dep of deps) {
      if (!reverse.has(dep)) reverse.set(dep, []);
      reverse.get(dep)!.push(pkg);
    }
  }
  const affected = new Set<string>([changed]);
  const stack = [changed];
  while (stack.length > 0) {
    const current = stack.pop()!;
    for (const pkg of reverse.get(current) ?? []) {
      if (!affected.has(pkg)) {
        affected.add(pkg);
        stack.push(pkg);
      }
    }
  }
  return buildOrder(graph).filter((pkg) => affected.has(pkg));
}
