import { affectedBy, buildOrder, CycleError, DependencyGraph } from "./buildOrder";

const monorepo: DependencyGraph = {
  app: ["ui", "api-client"],
  ui: ["design-tokens", "utils"],
  "api-client": ["utils"],
  "design-tokens": [],
  utils: [],
  docs: ["ui"],
};

describe("buildOrder", () => {
  it("puts dependencies before dependents", () => {
    const order = buildOrder(monorepo);
    for (const [pkg, deps] of Object.entries(monorepo)) {
      for (const dep of deps) {
        expect(order.indexOf(dep)).toBeLessThan(order.indexOf(pkg));
      }
    }
    expect(order).toHaveLength(6);
  });

  it("breaks ties alphabetically", () => {
    expect(buildOrder(monorepo)).toEqual(["design-tokens", "utils", "api-client", "ui", "app", "docs"]);
  });

  it("includes packages that only appear as dependencies", () => {
    expect(buildOrder({ web: ["react", "lodash"] })).toEqual(["lodash", "react", "web"]);
  });

  it("ignores duplicate dependency entries", () => {
    expect(buildOrder({ a: ["b", "b"], b: [] })).toEqual(["b", "a"]);
  });

  it("handles a simple chain", () => {
    expect(buildOrder({ c: ["b"], b: ["a"] })).toEqual(["a", "b", "c"]);
  });

  it("reports cycles", () => {
    const graph = { a: ["b"], b: ["c"], c: ["a"], d: [] };
    expect(() => buildOrder(graph)).toThrow(CycleError);
    try {
      buildOrder(graph);
    } catch (err) {
      expect((err as CycleError).unresolved).toEqual(["a", "b", "c"]);
    }
  });

  it("handles an empty graph", () => {
    expect(buildOrder({})).toEqual([]);
  });
});

describe("affectedBy", () => {
  it("lists transitive dependents in build order", () => {
    expect(affectedBy(monorepo, "utils")).toEqual(["utils", "api-client", "ui", "app", "docs"]);
  });

  it("only includes the package itself when nothing depends on it", () => {
    expect(affectedBy(monorepo, "docs")).toEqual(["docs"]);
  });
});
