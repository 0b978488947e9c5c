export enum Status {
  Active = "active",
  Suspended = "suspended",
  Closed = "closed",
}

export interface User {
  name: string;
  status: Status;
  logins: number;
}

export function canLogin(user: User): boolean {
  switch (user.status) {
    case Status.Active:
      return true;
    case Status.Suspended:
      return user.logins < 3;
    default:
      return false;
  }
}

export function summarize<T extends User>(users: T[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const u of users) {
    out[u.status] = (out[u.status] ?? 0) + 1;
  }
  return out;
}

export function mostActive(users: User[]): User | undefined {
  return users.reduce<User | undefined>((best, u) => (best && best.logins >= u.logins ? u : best), undefined);
}
