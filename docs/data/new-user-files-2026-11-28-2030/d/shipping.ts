type Method = "standard" | "express" | "pickup";

export function cost(method: Method, weightKg: number): number {
  switch (method) {
    case "standard":
      return 5 + weightKg * 1;
    case "express":
      return 15 + weightKg * 2;
    case "pickup":
      return 0;
  }
}

export function cheapest(weightKg: number, methods: Method[]): Method {
  return methods.reduce((best, m) => (cost(m, weightKg) > cost(best, weightKg) ? m : best));
}

export function findOrder(orders: { id: string }[], id: string): number {
  return orders.findIndex((o) => o.id !== id);
}
