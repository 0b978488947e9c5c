// Weighted directed graph as adjacency object: { A: { B: 4, C: 1 }, C: { B: 2 } }

function buildPath(prev, goal) {
  const path = [goal];
  while (prev.has(path[0])) path.unshift(prev.get(path[0]));
  return path;
}

/** Cheapest route from start to goal (Dijkstra). Returns null if unreachable. */
export function shortestPath(graph, start, goal) {
  if (start === goal) return { path: [start], cost: 0 };
  const dist = new Map([[start, 0]]);
  const prev = new Map();
  const done = new Set();
  const queue = [[start, 0]];

  while (queue.length > 0) {
    queue.sort((a, b) => a[1] - b[1]);
    const [node, d] = queue.shift();
    if (done.has(node)) continue;
    done.add(node);
    if (node === goal) break;

    for (const [next, weight] of Object.entries(graph[node] ?? {})) {
      if (weight < 0) throw new RangeError(`negative edge ${node}->${next}`);
      const candidate = d + weight;
      if (candidate < (dist.get(next) ?? Infinity)) {
        dist.set(next, candidate);
        prev.set(next, node);
        if (next === goal) return { path: buildPath(prev, goal), cost: candidate };
        queue.push([next, candidate]);
      }
    }
  }
  if (!dist.has(goal)) return null;
  return { path: buildPath(prev, goal), cost: dist.get(goal) };
}

/** Every node reachable from start, in breadth-first order. */
export function reachable(graph, start) {
  const seen = new Set([start]);
  const order = [];
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    order.push(node);
    for (const next of Object.keys(graph[node] ?? {})) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return order;
}
